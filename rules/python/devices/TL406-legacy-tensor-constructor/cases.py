import math
from typing import Optional

import numpy as np
import torch
import torch as th
import torch.nn as nn
from mylib.sparse import BlockTensor, FloatTensor

cuda = torch.cuda.is_available()
Tensor = torch.cuda.FloatTensor if cuda else torch.FloatTensor
LongTensor = torch.cuda.LongTensor if cuda else torch.LongTensor

# Known miss: a script's module-level code through the conditional alias is not followed.
fixed_noise = Tensor(np.random.normal(0, 1, (64, 100)))
fixed_labels = LongTensor(np.arange(10).repeat(10))
real_batch = torch.randn(64, 3, 32, 32).type(Tensor)

# Aliases of other classes: not the legacy constructors.
Blocks = BlockTensor if cuda else FloatTensor
Mixed = torch.cuda.FloatTensor if cuda else BlockTensor
mixed = Mixed(np.ones((4, 4)))
blocks = Blocks(np.ones((4, 4)))
own = FloatTensor(3)


class LinearCustom(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.weight = nn.Parameter(torch.Tensor(out_features, in_features))  # expect: TL406
        self.bias = nn.Parameter(torch.FloatTensor(out_features))  # expect: TL406
        self.register_buffer("mean", torch.Tensor([0.485, 0.456, 0.406]))  # expect: TL406
        self.reset_parameters()

    def reset_parameters(self):
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        nn.init.zeros_(self.bias)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return nn.functional.linear(x - self.mean.mean(), self.weight, self.bias)


def encode_labels(label_list, lengths, device):
    labels = torch.LongTensor(label_list).to(device)  # expect: TL406
    text_lengths = th.IntTensor(lengths)  # expect: TL406
    empty = torch.Tensor()  # expect: TL406
    return labels, text_lengths, empty


def gpu_noise(batch_size, dim):
    return torch.cuda.FloatTensor(batch_size, dim).normal_()  # expect: TL406


# ---- negatives ----

class MaskedTensor(torch.Tensor):
    pass


def is_tensor_like(x) -> bool:
    return isinstance(x, torch.Tensor) or issubclass(type(x), torch.Tensor)


def add_unbound(x: torch.Tensor, y: Optional[torch.Tensor] = None) -> torch.Tensor:
    # Calling an unbound method of the class constructs nothing.
    return torch.Tensor.add(x, y if y is not None else x)


def cast_with_types(x, use_cuda):
    dtype = torch.cuda.FloatTensor if use_cuda else torch.FloatTensor
    return x.type(dtype), x.type(torch.LongTensor)


def modern_constructors(label_list, n, device):
    labels = torch.tensor(label_list, dtype=torch.long, device=device)
    weight = torch.empty(n, n, device=device)
    mask = torch.zeros(n, dtype=torch.bool, device=device)
    return labels, weight, mask
