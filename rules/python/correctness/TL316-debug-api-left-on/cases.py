import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.autograd.set_detect_anomaly(True)  # expect: TL316


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, factor):
        ctx.factor = factor
        return x * factor

    @staticmethod
    def backward(ctx, grad_out):
        return grad_out * ctx.factor, None


def train_one_epoch(model, loader, optimizer, device):
    model.train()
    for images, targets in loader:
        images, targets = images.to(device), targets.to(device)
        optimizer.zero_grad()
        logits = model(images)
        loss = F.cross_entropy(logits, targets)
        with torch.autograd.detect_anomaly():  # expect: TL316
            loss.backward()
        optimizer.step()


def train_with_profiling(net, loader, opt, criterion):
    torch.autograd.set_detect_anomaly(mode=True, check_nan=True)  # expect: TL316
    with torch.autograd.profiler.emit_nvtx():  # expect: TL316
        for x, y in loader:
            opt.zero_grad()
            criterion(net(x), y).backward()
            opt.step()


def train_custom_op(layer, loader, opt):
    for x, y in loader:
        x = x.double().requires_grad_()
        torch.autograd.gradcheck(Scale.apply, (x, 2.0))  # expect: TL316
        opt.zero_grad()
        F.mse_loss(Scale.apply(layer(x), 2.0), y).backward()
        opt.step()


# ---- negatives ----

def train_with_flags(model, loader, optimizer, args):
    if args.detect_anomaly:
        torch.autograd.set_detect_anomaly(True)
    torch.autograd.set_detect_anomaly(args.debug)
    torch.autograd.set_detect_anomaly(False)
    torch.backends.cudnn.deterministic = True
    with torch.autograd.profiler.emit_nvtx(enabled=args.nvtx):
        for x, y in loader:
            optimizer.zero_grad()
            loss = F.cross_entropy(model(x), y)
            if not torch.isfinite(loss):  # expect: TL201
                with torch.autograd.detect_anomaly():
                    loss.backward()
            else:
                loss.backward()
            optimizer.step()


def train_retry_on_error(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        try:
            loss.backward()
        except RuntimeError:
            with torch.autograd.detect_anomaly():
                F.cross_entropy(model(x), y).backward()
        optimizer.step()


def check_custom_op():
    # A self-check outside training: not a leftover in the hot path.
    x = torch.randn(4, 3, dtype=torch.double, requires_grad=True)
    assert torch.autograd.gradcheck(Scale.apply, (x, 2.0))
    assert torch.autograd.gradgradcheck(Scale.apply, (x, 2.0))


def predict(model, images):
    with torch.no_grad():
        return model(images).argmax(1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--detect-anomaly", action="store_true")
    args = parser.parse_args()
    model = nn.Linear(8, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = [(torch.randn(4, 8), torch.randint(0, 2, (4,)))]
    anomaly = torch.autograd.detect_anomaly() if args.detect_anomaly else torch.enable_grad()
    with anomaly:
        train_one_epoch(model, loader, optimizer, "cpu")


if __name__ == "__main__":
    torch.autograd.set_detect_anomaly(True)  # expect: TL316
    main()
