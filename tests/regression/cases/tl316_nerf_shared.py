# reduced from stanford-iprl-lab/nerf_shared@ba95251 utils.py:17
# (utils module imported with `import utils` by the training script main.py)
import numpy as np
import os
import time
import torch

import torch.nn as nn
import torch.nn.functional as F

torch.autograd.set_detect_anomaly(True)  # expect: TL316

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
DEBUG = False

img2mse = lambda x, y : torch.mean((x - y) ** 2)


def get_optimizer(coarse_model, fine_model, args):
    grad_vars = list(coarse_model.parameters())
    if fine_model is not None:
        grad_vars += list(fine_model.parameters())
    optimizer = torch.optim.Adam(params=grad_vars, lr=args.lrate, betas=(0.9, 0.999))
    return optimizer
