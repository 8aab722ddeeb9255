import torch


def restore(model, path):
    state = torch.load(path, map_location="cpu")
    model.load_state_dict(state["model"])
    return torch.cuda.amp.GradScaler()


def orthogonalize(a):
    q, r = torch.qr(a)
    return q
