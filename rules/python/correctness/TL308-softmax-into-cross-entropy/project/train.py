import torch.nn as nn

from network import LogitNet, ProbabilityNet


def train(model, loader, optimizer):
    criterion = nn.CrossEntropyLoss()
    for x, y in loader:
        output = model(x)
        loss = criterion(output, y)  # expect: TL308
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def train_logits(model, loader, optimizer):
    criterion = nn.CrossEntropyLoss()
    for x, y in loader:
        loss = criterion(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


if __name__ == "__main__":
    train(ProbabilityNet(16, 4), [], None)
    train_logits(LogitNet(16, 4), [], None)
