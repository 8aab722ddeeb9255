# reduced from mapbox/robosat@d43d69f robosat/tools/train.py:165
import torch
import torch.nn as nn


def train(loader, device, net, optimizer, criterion):
    net.train()
    for images, masks in loader:
        images, masks = images.to(device), masks.to(device)
        optimizer.zero_grad()
        outputs = net(images)
        loss = criterion(outputs, masks)
        loss.backward()
        optimizer.step()


def validate(loader, device, net, criterion):
    net.eval()
    running_loss = 0.0
    for images, masks in loader:
        images, masks = images.to(device), masks.to(device)
        outputs = net(images)  # expect: TL303
        running_loss += criterion(outputs, masks).detach()
    return running_loss / len(loader)


def main(net, train_loader, val_loader, device, num_epochs):
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
    for epoch in range(num_epochs):
        train(train_loader, device, net, optimizer, criterion)
        val_loss = validate(val_loader, device, net, criterion)
