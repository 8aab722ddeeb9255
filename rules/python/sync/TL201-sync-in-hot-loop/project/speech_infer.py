import torch

from speech_model import Vocoder


@torch.no_grad()
def synthesize(mels, device):
    vocoder = Vocoder().to(device)
    return [vocoder(m.to(device)) for m in mels]
