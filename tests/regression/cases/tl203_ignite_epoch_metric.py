# reduced from pytorch/ignite@68452b9 ignite/metrics/epoch_metric.py:74
from typing import Callable, Sequence

import torch

from ignite.metrics.metric import Metric


class EpochMetric(Metric):
    """Metric computed on the entire output history: `update` is called by the engine after
    every iteration."""

    def __init__(self, compute_fn: Callable, output_transform: Callable = lambda x: x):
        super(EpochMetric, self).__init__(output_transform=output_transform, device="cpu")
        self.compute_fn = compute_fn

    def reset(self) -> None:
        self._predictions = torch.tensor([], dtype=torch.float32)
        self._targets = torch.tensor([], dtype=torch.long)

    def update(self, output: Sequence[torch.Tensor]) -> None:
        y_pred, y = output

        if y_pred.ndimension() == 2 and y_pred.shape[1] == 1:
            y_pred = y_pred.squeeze(dim=-1)

        if y.ndimension() == 2 and y.shape[1] == 1:
            y = y.squeeze(dim=-1)

        y_pred = y_pred.to(self._predictions)
        y = y.to(self._targets)

        self._predictions = torch.cat([self._predictions, y_pred], dim=0)  # expect: TL203
        self._targets = torch.cat([self._targets, y], dim=0)  # also: TL203

    def compute(self) -> None:
        return self.compute_fn(self._predictions, self._targets)
