"""Trains a small classifier and keeps the losses of the last four batches (a window)."""
import torch
import torch.nn as nn
from data import make_loader, make_model


def train(model, loader, optimizer, epochs):
    criterion = nn.CrossEntropyLoss()
    for epoch in range(epochs):
        recent = torch.empty(0)
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            recent = torch.cat([recent, loss.detach().view(1)])[-4:]
        print(epoch, recent)


def main():
    model = make_model()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    train(model, make_loader(), optimizer, epochs=2)


if __name__ == "__main__":
    main()
