# torchlint: ignore-file[TL201]
import torch


def train(model, loader, optimizer, criterion):
    losses = []
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        print(loss.item())
        losses.append(loss)  # noqa: TL101
        losses.append(loss)  # torchlint: ignore[TL102]
        x = 1  # noqa
