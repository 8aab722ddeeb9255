import torch
import torch.nn.functional as F
from torch.amp import autocast, GradScaler


def train(net, loader):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    scaler = GradScaler("cuda")
    for x, y in loader:
        opt.zero_grad()
        with autocast("cuda"):
            loss = F.cross_entropy(net(x), y)
            scaler.scale(loss).backward()  # expect: TL403
        scaler.step(opt)
        scaler.update()


def train_bf16(net, loader, device):
    opt = torch.optim.AdamW(net.parameters())
    for x, y in loader:
        opt.zero_grad()
        with torch.autocast(device_type=device, dtype=torch.bfloat16):
            out = net(x)
            if out.requires_grad:
                F.mse_loss(out, y).backward()  # expect: TL403
        opt.step()


# --- negatives ---

def train_right(net, loader):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        opt.zero_grad()
        with torch.amp.autocast("cuda"):
            loss = F.cross_entropy(net(x), y)
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()


def train_disabled(net, loader):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for x, y in loader:
        opt.zero_grad()
        with torch.autocast("cuda", enabled=False):
            loss = F.cross_entropy(net(x).float(), y)
            loss.backward()
        opt.step()


def train_closure(net, x, y):
    opt = torch.optim.LBFGS(net.parameters())
    with torch.autocast("cpu", dtype=torch.bfloat16):
        def closure():
            opt.zero_grad()
            loss = F.mse_loss(net(x).float(), y)
            loss.backward()  # runs when step() calls it: not in this region
            return loss
    opt.step(closure)


def train_nested(net, loader, stream):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for x, y in loader:
        opt.zero_grad()
        with torch.cuda.stream(stream):
            with torch.autocast("cuda"):
                loss = F.cross_entropy(net(x), y)
            loss.backward()
        opt.step()
