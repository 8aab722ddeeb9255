"""Evaluation helpers."""
import torch
import torch.nn.functional as F


def evaluate(model, loader, device):
    model.eval()
    correct = torch.zeros((), device=device)
    total = 0
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        logits = model(x)
        correct += (logits.argmax(dim=1) == y).sum()
        total += y.numel()
    return (correct / max(total, 1)).item()


def validate(model, loader):
    device = next(model.parameters()).device
    total_loss = torch.zeros((), device=device)
    correct = torch.zeros((), device=device)
    total = 0
    with torch.no_grad():
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            logits = model(x)
            total_loss += F.cross_entropy(logits, y, reduction="sum")
            correct += (logits.argmax(dim=1) == y).sum()
            total += y.numel()
    total = max(total, 1)
    return (total_loss / total).item(), (correct / total).item()


@torch.no_grad()
def predict(model, x):
    model.eval()
    return F.softmax(model(x), dim=-1)


def test_accuracy(model, loader, device):
    model.eval()
    correct = torch.zeros((), device=device)
    total = 0
    with torch.inference_mode():
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            preds = model(x).argmax(dim=1)
            correct += (preds == y).sum()
            total += y.numel()
    return (correct / max(total, 1)).item()
