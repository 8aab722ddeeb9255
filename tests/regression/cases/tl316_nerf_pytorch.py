# reduced from yenchenlin/nerf-pytorch@bdb012e run_nerf_helpers.py:2
# (helpers module imported with `from run_nerf_helpers import *` by the training script run_nerf.py)
import torch
torch.autograd.set_detect_anomaly(True)  # expect: TL316
import torch.nn as nn
import torch.nn.functional as F
import numpy as np


# Misc
img2mse = lambda x, y : torch.mean((x - y) ** 2)
to8b = lambda x : (255*np.clip(x,0,1)).astype(np.uint8)


class NeRF(nn.Module):
    def __init__(self, D=8, W=256, input_ch=3, output_ch=4):
        super(NeRF, self).__init__()
        self.pts_linears = nn.ModuleList([nn.Linear(input_ch, W)] + [nn.Linear(W, W) for i in range(D - 1)])
        self.output_linear = nn.Linear(W, output_ch)

    def forward(self, x):
        h = x
        for i, l in enumerate(self.pts_linears):
            h = F.relu(self.pts_linears[i](h))
        return self.output_linear(h)
