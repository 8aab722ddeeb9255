import torch

from .models import FocalLoss
from .utils.misc import NativeScaler, smart_inference_mode


def compute_loss(net, batch):
    x, y = batch
    return FocalLoss()(net(x), y)


def train_one_epoch(net, loader, optimizer, loss_scaler: NativeScaler):
    history = []
    for batch in loader:
        optimizer.zero_grad()
        objective = compute_loss(net, batch)
        loss_scaler(objective, optimizer, parameters=net.parameters())
        history.append(objective)  # expect: TL101
    return history


@smart_inference_mode()
def evaluate(net, loader):
    net.eval()
    outs = []
    for x, _ in loader:
        outs.append(net(x))
    return outs


def infer(net, x):
    return net(x)
