"""Trains a small classifier for two epochs and reports the mean loss of each epoch."""
import torch
import torch.nn as nn
from data import make_loader, make_model


def train(model, loader, optimizer, epochs):
    criterion = nn.CrossEntropyLoss()
    for epoch in range(epochs):
        losses = []
        outputs = []
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            outputs.append(model(x))
        print(epoch, sum(float(l) for l in losses) / len(losses))


def main():
    model = make_model()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    train(model, make_loader(), optimizer, epochs=2)


if __name__ == "__main__":
    main()
