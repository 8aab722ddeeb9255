import torch
import torch.nn.functional as F


def train(model, loader, optimizer, log_every=100):
    history = []
    for step, (x, y) in enumerate(loader):
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        history.append(loss)
        if step % log_every == 0:
            print(f"step {step}: {loss.item():.4f}")
    return history
