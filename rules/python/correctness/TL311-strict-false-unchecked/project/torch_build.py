import torch


def build(model, path):
    weights = torch.load(path, weights_only=True)
    model.load_state_dict(weights, strict=False)  # expect: TL311
    return model
