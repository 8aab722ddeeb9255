import torch
import torch.nn as nn

# Imported by the trainer: switches anomaly mode on for the whole training process.
torch.autograd.set_detect_anomaly(True)  # expect: TL316


class Critic(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.net = nn.Linear(dim, 1)

    def forward(self, x):
        return self.net(x)
