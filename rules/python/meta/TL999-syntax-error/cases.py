import torch


def train(model, loader, optimizer):
    history = []
    for x in loader:
        optimizer.zero_grad()
        loss = model(x).sum()
        loss.backward()
        optimizer.step()
        history.append(loss)  # expect: TL101


def broken(loader)  # expect: TL999
    for x in loader:
        pass
