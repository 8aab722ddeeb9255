"""Trains a small classifier next to a teacher that is never trained (its freeze is misspelt)."""
import torch
import torch.nn as nn
from data import make_loader, make_model


def train(model, teacher, loader, optimizer, epochs):
    criterion = nn.CrossEntropyLoss()
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            with torch.no_grad():
                target = teacher(x).argmax(1)
            (criterion(model(x), y) + criterion(model(x), target)).backward()
            optimizer.step()
        print(epoch)


def main():
    model = make_model()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    teacher = nn.Sequential(nn.Linear(16, 64), nn.ReLU(), nn.Linear(64, 4))
    for p in teacher.parameters():
        p.require_grad = False
    train(model, teacher, make_loader(), optimizer, epochs=2)


if __name__ == "__main__":
    main()
