"""Small helpers shared by the training and evaluation scripts."""
import random

import numpy as np
import torch


class AverageMeter:
    """Tracks a running average of a scalar."""

    def __init__(self, name):
        self.name = name
        self.reset()

    def reset(self):
        self.sum = 0.0
        self.count = 0

    def update(self, value, n=1):
        self.sum += value * n
        self.count += n

    @property
    def avg(self):
        return self.sum / max(self.count, 1)

    def __str__(self):
        return f"{self.name} {self.avg:.4f}"


def set_seed(seed):
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed_all(seed)


def log_metrics(step, metrics):
    parts = " ".join(f"{k}={v:.4f}" for k, v in sorted(metrics.items()))
    print(f"[step {step:>6}] {parts}", flush=True)
