import torch


def train(model, loader, optimizer):
    losses = []
    for x, y in loader:
        optimizer.zero_grad()
        loss = model(x).sum()
        loss.backward()
        optimizer.step()
        losses.append(loss)  # noqa: E501
        print(loss.item(), """loss
            of this step""")
        losses.append(loss); note = \
            "continued"
        losses.append(loss)  # a comment of its own
