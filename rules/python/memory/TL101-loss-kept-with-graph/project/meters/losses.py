import math

import torch.nn as nn


class SummedLoss:
    """Sums a criterion over a batch's time steps; the trainer backpropagates through it."""

    def __init__(self):
        self.criterion = nn.NLLLoss()
        self.total = 0

    def reset(self):
        self.total = 0

    def add(self, outputs, target):
        self.total += self.criterion(outputs, target)

    def backward(self):
        self.total.backward()

    def get_loss(self):
        return self.total.item()


class Perplexity(SummedLoss):
    def get_loss(self):
        return math.exp(super().get_loss())
