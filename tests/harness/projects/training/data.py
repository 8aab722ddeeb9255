"""The data and model every training script here shares: 256 samples in batches of 16 by default."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


def make_loader(seed=0, samples=256, batch_size=16, learnable=False):
    """Random labels, or (`learnable`) the largest of the first four features: gradients that
    agree from batch to batch."""
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(samples, 16, generator=g)
    y = x[:, :4].argmax(1) if learnable else torch.randint(0, 4, (samples,), generator=g)
    return DataLoader(TensorDataset(x, y), batch_size=batch_size, shuffle=True, generator=g)


def make_model():
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, 4))
