"""Trains a small classifier with AdamW; the gradients are never cleared."""
import torch
import torch.nn as nn
from data import make_loader, make_model


def train(model, loader, optimizer, epochs):
    criterion = nn.CrossEntropyLoss()
    for epoch in range(epochs):
        total = 0.0
        for x, y in loader:
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            total += loss.item()
        print(epoch, total / len(loader))


def main():
    model = make_model()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    train(model, make_loader(samples=1024, batch_size=64, learnable=True), optimizer, epochs=2)


if __name__ == "__main__":
    main()
