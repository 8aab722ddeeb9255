import torch


def evaluate(model, loader):
    model.eval()
    for x in loader:
        out = model(x)


def broken(:
    pass
