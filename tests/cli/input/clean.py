import torch


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    return [model(x).argmax(1) for x in loader]
