"""Trains a small classifier with a learning rate that decays linearly over all its steps."""
import torch
import torch.nn as nn
from data import make_loader, make_model


def train(model, loader, optimizer, epochs):
    criterion = nn.CrossEntropyLoss()
    total_steps = epochs * len(list(loader))
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: 1 - step / total_steps)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
            scheduler.step()
        print(epoch, scheduler.get_last_lr())


def main():
    model = make_model()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    train(model, make_loader(), optimizer, epochs=2)


if __name__ == "__main__":
    main()
