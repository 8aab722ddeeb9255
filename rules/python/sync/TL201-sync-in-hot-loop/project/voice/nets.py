import torch.nn as nn


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        h = self.proj(x)
        if h.isnan().any():  # expect: TL201
            raise ValueError("diverged")
        return h
