import pytest
import torch
import torch.nn as nn
import torch.nn.functional as F


def validate(net, val_loader):
    net.eval()  # expect: TL312
    torch.no_grad()  # expect: TL312
    correct = 0
    for images, labels in val_loader:
        correct += (net(images).argmax(1) == labels).sum()  # expect: TL303, TL304
    return correct


def train_epoch(model, loader, optimizer):
    model.train()  # expect: TL312
    for inputs, targets in loader:
        optimizer.zero_grad()  # expect: TL312
        loss = F.cross_entropy(model(inputs), targets)
        loss.backward()
        optimizer.step()  # expect: TL301
        optimizer.zero_grad()


def finetune(encoder, head, loader, opt):
    for p in encoder.parameters():
        p.requires_grad_  # expect: TL312
    for x, y in loader:
        opt.zero_grad()
        loss = F.mse_loss(head(encoder(x)), y)
        loss.backward()  # expect: TL312
        opt.step()  # expect: TL312


def sample(generator, z):
    torch.inference_mode()  # expect: TL312
    torch.enable_grad()  # expect: TL312
    images = generator(z)
    images.detach  # expect: TL312
    images.detach()  # expect: TL312
    return images


class Critic(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 1)

    def freeze(self):
        torch.no_grad  # expect: TL312
        self.eval()  # expect: TL312


# ---- negatives ----

def evaluate(model, loader):
    model.eval()
    with torch.no_grad():
        total = sum(model(x).sum() for x, _ in loader)
    return total


def train_step(model, batch, optimizer):
    model.train()
    optimizer.zero_grad()
    loss = model(batch).mean()
    loss.backward()
    optimizer.step()
    return loss.detach()


def references_not_statements(model, optimizer, scheduler):
    switch = model.eval
    hooks = [model.train, optimizer.zero_grad]
    ctx = torch.no_grad()
    ctx.__enter__()
    torch.no_grad().__enter__()
    scheduler.step()
    return switch, hooks


def grad_mode_function_form(model, x):
    torch.set_grad_enabled(False)
    out = model(x)
    torch.set_grad_enabled(True)
    return out


def attribute_reads(logger, stream):
    logger.step  # a counter attribute of a logger, not an optimizer: not flagged
    stream.detach()  # an io stream's detach() has an effect


def test_missing_attribute():
    config = object()
    with pytest.raises(AttributeError):
        config.eval
