import torch
import torch.nn as nn

from pkg import engine
from pkg.models import Classifier
from pkg.utils.misc import Meter, NativeScaler


def validate(backbone, loader):
    scores = []
    for x, _ in loader:
        scores.append(engine.infer(backbone, x))  # expect: TL303
    return scores


def main(loader, val_loader):
    netD = Classifier()
    bce = nn.BCEWithLogitsLoss()
    opt_d = torch.optim.Adam(netD.parameters())
    scaler = NativeScaler()
    meter = Meter()
    d_losses = []
    for epoch in range(3):
        netD.train()
        engine.train_one_epoch(netD, loader, opt_d, scaler)
        for x, y in loader:
            opt_d.zero_grad()
            d_loss = bce(netD(x), y)
            d_loss.backward()
            opt_d.step()
            d_losses.append(d_loss)  # expect: TL101
            meter.update(d_loss)  # expect: TL201
        netD.eval()
        validate(netD, val_loader)
        engine.evaluate(netD, val_loader)
