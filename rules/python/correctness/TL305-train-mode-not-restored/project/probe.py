import torch
import torch.nn as nn

from features import FrozenFeatures, TrainableHead, evaluate


def train_linear_probe(*, feature_model, head, loader, val_loader, optimizer):
    # The helper switches the frozen feature model to eval: it never trains here.
    for step, (x, y) in enumerate(loader):
        features = feature_model(x)
        loss = nn.functional.cross_entropy(head(features), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step % 100 == 0:
            evaluate(feature_model, val_loader)


def finetune(*, encoder, loader, val_loader, optimizer):
    # A wrapper module that trains: evaluating it leaves it in eval mode.
    for step, (x, y) in enumerate(loader):
        loss = nn.functional.cross_entropy(encoder(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step % 100 == 0:
            evaluate(encoder, val_loader)  # expect: TL305


def main(backbone, loader, val_loader):
    feature_model = FrozenFeatures(backbone)
    head = nn.Linear(512, 10)
    optimizer = torch.optim.SGD(head.parameters(), lr=0.1)
    train_linear_probe(feature_model=feature_model, head=head, loader=loader, val_loader=val_loader,
                       optimizer=optimizer)
    encoder = TrainableHead(512, 10)
    finetune(encoder=encoder, loader=loader, val_loader=val_loader,
             optimizer=torch.optim.SGD(encoder.parameters(), lr=0.1))
