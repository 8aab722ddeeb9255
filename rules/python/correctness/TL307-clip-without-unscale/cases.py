import torch
import torch.nn.functional as F
from torch.nn.utils import clip_grad_norm_


def train_amp(net, loader, max_norm):
    opt = torch.optim.AdamW(net.parameters())
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        opt.zero_grad()
        with torch.autocast("cuda"):
            loss = F.cross_entropy(net(x), y)
        scaler.scale(loss).backward()
        clip_grad_norm_(net.parameters(), max_norm)  # expect: TL307
        scaler.step(opt)
        scaler.update()


class Engine:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1)
        self.grad_scaler = torch.amp.GradScaler("cuda")

    def step(self, x, y):
        with torch.autocast("cuda"):
            loss = F.cross_entropy(self.net(x), y)
        self.grad_scaler.scale(loss).backward()
        torch.nn.utils.clip_grad_value_(self.net.parameters(), 0.5)  # expect: TL307
        self.grad_scaler.step(self.opt)
        self.grad_scaler.update()
        self.opt.zero_grad()


# --- negatives ---

def train_unscaled(net, loader, max_norm):
    opt = torch.optim.AdamW(net.parameters())
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        opt.zero_grad()
        with torch.autocast("cuda"):
            loss = F.cross_entropy(net(x), y)
        scaler.scale(loss).backward()
        scaler.unscale_(opt)
        clip_grad_norm_(net.parameters(), max_norm)
        scaler.step(opt)
        scaler.update()


def train_fp32(net, loader, max_norm):
    opt = torch.optim.AdamW(net.parameters())
    for x, y in loader:
        opt.zero_grad()
        F.cross_entropy(net(x), y).backward()
        clip_grad_norm_(net.parameters(), max_norm)
        opt.step()


def train_either(net, loader, max_norm, use_amp):
    opt = torch.optim.AdamW(net.parameters())
    scaler = torch.amp.GradScaler("cuda")
    for x, y in loader:
        opt.zero_grad()
        loss = F.cross_entropy(net(x), y)
        if use_amp:
            scaler.scale(loss).backward()
            scaler.unscale_(opt)
            clip_grad_norm_(net.parameters(), max_norm)
            scaler.step(opt)
            scaler.update()
        else:
            loss.backward()
            clip_grad_norm_(net.parameters(), max_norm)
            opt.step()
