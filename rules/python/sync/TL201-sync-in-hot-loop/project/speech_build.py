import torch

from speech_model import Aligner


def build(device):
    model = Aligner().to(device)
    optimizer = torch.optim.Adam(model.parameters())
    return model, optimizer
