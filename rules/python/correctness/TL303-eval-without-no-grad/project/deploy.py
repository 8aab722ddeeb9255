from fuse_utils import calibrate_and_fuse


def convert_for_deploy(model, example):
    # The transform's result replaces the model it was handed: it rewrites the model, and its
    # forward is reported where it runs (fuse_utils.py), not again at this call.
    model.eval()
    model = calibrate_and_fuse(model, example)
    return model
