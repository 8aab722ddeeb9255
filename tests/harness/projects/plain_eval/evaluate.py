"""Evaluation without model.eval() of a model that has no dropout or batch-norm: the finding
holds, but running it shows no difference (not-confirmed)."""
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 2))
loader = [(torch.randn(4, 8), torch.randint(0, 2, (4,))) for _ in range(40)]


@torch.no_grad()
def validate(model, loader):
    total = 0.0
    for x, y in loader:
        total += model(x).sum().item()
    return total


if __name__ == "__main__":
    validate(model, loader)
