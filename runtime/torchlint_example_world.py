"""The world a rule's docs example runs in (`torchlint confirm --rule CODE --example`).

The examples in the rule docs are fragments that name `model`, `loader`, `criterion`,
`optimizer`, `device`...; this module defines them, small and seeded, so that an example and its
fixed twin run unchanged. The model has dropout and batch-norm, so train/eval mode matters.
"""
import os

import torch
import torch.nn as nn
import torch.nn.functional as F  # noqa: F401 - examples use it

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class Net(nn.Module):
    def __init__(self, features=32, hidden=64, classes=10):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(features, hidden), nn.BatchNorm1d(hidden), nn.ReLU(),
                                  nn.Dropout(0.2), nn.Linear(hidden, classes))

    def forward(self, x):
        return self.body(x)


def batches(n, size=64):
    return [(torch.randn(size, 32, device=device), torch.randint(0, 10, (size,), device=device)) for _ in range(n)]


BATCHES = int(os.environ.get("TORCHLINT_EXAMPLE_BATCHES", "100"))
model = Net().to(device)
criterion = loss_fn = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
loader = train_loader = batches(BATCHES)
val_loader = test_loader = batches(BATCHES)
epochs = 3
log_every = 50
running_loss = 0.0


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    return sum(criterion(model(x), y).item() for x, y in loader)
