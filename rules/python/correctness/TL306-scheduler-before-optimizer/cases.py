import torch
import torch.nn.functional as F
from torch.optim import lr_scheduler
from transformers import get_linear_schedule_with_warmup


def train_epoch_top(net, loader, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    sched = lr_scheduler.StepLR(opt, step_size=30)
    for epoch in range(epochs):
        sched.step()  # expect: TL306
        for x, y in loader:
            opt.zero_grad()
            F.cross_entropy(net(x), y).backward()
            opt.step()


def train_per_step(net, loader, total):
    optimizer = torch.optim.AdamW(net.parameters())
    warmup = get_linear_schedule_with_warmup(optimizer, 100, total)
    for x, y in loader:
        warmup.step()  # expect: TL306
        optimizer.zero_grad()
        F.cross_entropy(net(x), y).backward()
        optimizer.step()


class Trainer:
    def __init__(self, net):
        self.net = net
        self.optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
        self.scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(self.optimizer, T_max=100)

    def fit(self, loader):
        for x, y in loader:
            self.scheduler.step()  # expect: TL306
            self.optimizer.zero_grad()
            F.cross_entropy(self.net(x), y).backward()
            self.optimizer.step()


# --- negatives ---

def train_after(net, loader, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    sched = lr_scheduler.MultiStepLR(opt, milestones=[30, 60])
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            F.cross_entropy(net(x), y).backward()
            opt.step()
        sched.step()


def train_plateau(net, loader, val_loss, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    plateau = lr_scheduler.ReduceLROnPlateau(opt)
    for epoch in range(epochs):
        plateau.step(val_loss)
        for x, y in loader:
            opt.zero_grad()
            F.cross_entropy(net(x), y).backward()
            opt.step()


def train_explicit_epoch(net, loader, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    sched = lr_scheduler.StepLR(opt, step_size=30)
    for epoch in range(epochs):
        sched.step(epoch)  # closed form for this epoch: order does not matter
        for x, y in loader:
            opt.zero_grad()
            F.cross_entropy(net(x), y).backward()
            opt.step()


def train_gan(gen, disc, loader, gen_loss, disc_loss):
    opt_g = torch.optim.Adam(gen.parameters())
    opt_d = torch.optim.Adam(disc.parameters())
    sched_d = lr_scheduler.ExponentialLR(opt_d, gamma=0.99)
    sched_g = lr_scheduler.ExponentialLR(opt_g, gamma=0.99)
    for real in loader:
        opt_d.zero_grad()
        disc_loss(disc, gen, real).backward()
        opt_d.step()
        sched_d.step()  # its own optimizer stepped first; the other one steps next
        opt_g.zero_grad()
        gen_loss(disc, gen, real).backward()
        opt_g.step()
        sched_g.step()


def train_custom_scheduler(net, loader, my_scheduler):
    # Not a torch scheduler: its step() may mean anything.
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for x, y in loader:
        my_scheduler.step()
        opt.zero_grad()
        F.cross_entropy(net(x), y).backward()
        opt.step()


def train_exclusive(net, loader, epochs, resume):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    sched = lr_scheduler.StepLR(opt, step_size=30)
    for epoch in range(epochs):
        if resume:
            sched.step()
        else:
            for x, y in loader:
                opt.zero_grad()
                F.cross_entropy(net(x), y).backward()
                opt.step()


def train_epoch(net, optimizer, scheduler, loader):
    # The schedule steps before the epoch's first optimizer step, every epoch.
    scheduler.step()  # expect: TL306
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(net(x), y).backward()
        optimizer.step()


def train_epoch_then_step(net, optimizer, scheduler, loader, start_epoch):
    for _ in range(start_epoch):  # fast-forward on resume: no optimizer step to skip
        scheduler.step()
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(net(x), y).backward()
        optimizer.step()
    scheduler.step()


def train_with_warmup(net, optimizer, warmup, loader):
    # `warmup` is handed a plain object by its caller: not a torch scheduler.
    warmup.step()
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(net(x), y).backward()
        optimizer.step()


def train_keywords(*, net, optimizer, scheduler, loader):
    # Keyword-only parameters: the caller names the scheduler.
    scheduler.step()  # expect: TL306
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(net(x), y).backward()
        optimizer.step()


def fit(net, loader, epochs):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    scheduler = lr_scheduler.MultiStepLR(optimizer, [30, 60])
    for epoch in range(epochs):
        train_epoch(net, optimizer, scheduler, loader)
        train_epoch_then_step(net, optimizer, scheduler=scheduler, loader=loader, start_epoch=0)
        train_with_warmup(net, optimizer, Warmup(optimizer), loader)
        train_keywords(net=net, optimizer=optimizer, scheduler=scheduler, loader=loader)


class OptimizerScheduler:
    # A wrapper stepped once per iteration: its scheduler is what the constructor was handed.
    def __init__(self, optimizer, scheduler):
        self.optimizer = optimizer
        self.scheduler = scheduler

    def step(self):
        self.scheduler.step()  # expect: TL306
        self.optimizer.step()


class InOrder:
    def __init__(self, optimizer, scheduler):
        self.optimizer = optimizer
        self.scheduler = scheduler

    def step(self):
        self.optimizer.step()
        self.scheduler.step()


def build_wrappers(params, total):
    optimizer = torch.optim.AdamW(params)
    scheduler = torch.optim.lr_scheduler.LinearLR(optimizer, total_iters=total)
    return OptimizerScheduler(optimizer, scheduler=scheduler), InOrder(optimizer, scheduler)
