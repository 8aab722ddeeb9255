import torch


def train(model, loader, optimizer):
    losses = []
    for x, y in loader:
        optimizer.zero_grad()
        loss = model(x).sum()
        loss.backward()
        optimizer.step()
        losses.append(loss)  # noqa: TL101, TL303
        losses.append(loss.detach())  # noqa
        losses.append(loss)  # noqa: TL2O1, E501
        losses.append(loss.detach())  # noqa: TL999
