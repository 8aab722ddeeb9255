import torch
import torch.nn.functional as F
from torch.amp import GradScaler, autocast


def train_epoch_unscaled_backward(model, loader, optimizer, device):
    scaler = GradScaler("cuda")
    model.train()
    for images, targets in loader:
        images, targets = images.to(device), targets.to(device)
        optimizer.zero_grad(set_to_none=True)
        with autocast("cuda", dtype=torch.float16):
            loss = F.cross_entropy(model(images), targets)
        loss.backward()  # expect: TL404
        scaler.step(optimizer)
        scaler.update()


def train_epoch_direct_step(net, train_loader, opt, grad_scaler: GradScaler):
    for step, (x, y) in enumerate(train_loader):
        with autocast("cuda"):
            logits = net(x.cuda(non_blocking=True))
            ce = F.cross_entropy(logits, y.cuda(non_blocking=True))
        grad_scaler.scale(ce).backward()
        opt.step()  # expect: TL404
        opt.zero_grad()


class Trainer:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer
        self.scaler = torch.amp.GradScaler("cuda")

    def train_step(self, batch, labels):
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.mse_loss(self.model(batch), labels)
        self.scaler.scale(loss).backward()
        self.optimizer.step()  # expect: TL404
        self.optimizer.zero_grad()
        return loss.detach()


def step_only_half_guarded(model, loader, optimizer, scaler, use_amp):
    for x, y in loader:
        with autocast("cuda", enabled=use_amp):
            loss = F.cross_entropy(model(x), y)
        loss.backward()  # expect: TL404
        if use_amp:
            scaler.step(optimizer)
            scaler.update()
        else:
            optimizer.step()
        optimizer.zero_grad()


# ---- negatives ----

def correct_amp_loop(model, loader, optimizer, scaler, max_norm=1.0):
    for x, y in loader:
        optimizer.zero_grad()
        with autocast("cuda", dtype=torch.float16):
            loss = F.cross_entropy(model(x), y)
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        scaler.step(optimizer)
        scaler.update()


def optional_scaler(model, loader, optimizer, scaler=None):
    for x, y in loader:
        optimizer.zero_grad()
        with autocast("cuda", enabled=scaler is not None):
            loss = F.cross_entropy(model(x), y)
        if scaler is not None:
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
        else:
            loss.backward()
            optimizer.step()


def flag_per_call(model, loader, optimizer, scaler, use_amp):
    for x, y in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        if use_amp:
            scaler.scale(loss).backward()
        else:
            loss.backward()
        if use_amp:
            scaler.step(optimizer)
            scaler.update()
        else:
            optimizer.step()


def scaled_in_two_steps(model, loader, optimizer, scaler):
    for x, y in loader:
        optimizer.zero_grad()
        with autocast("cuda"):
            loss = F.cross_entropy(model(x), y)
        scaled = scaler.scale(loss)
        scaled.backward()
        scaler.step(optimizer)
        scaler.update()


def disabled_scaler(model, loader, optimizer):
    scaler = GradScaler("cuda", enabled=False)
    for x, y in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        scaler.step(optimizer)
        scaler.update()


def full_precision_epoch(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()


def amp_epoch(model, loader, optimizer, scaler):
    for x, y in loader:
        optimizer.zero_grad()
        with autocast("cuda"):
            loss = F.cross_entropy(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()


def gan_with_one_amp_network(netG, netD, loader, opt_g, opt_d, scaler_d):
    for real in loader:
        opt_d.zero_grad()
        with autocast("cuda"):
            d_loss = F.softplus(-netD(real)).mean() + F.softplus(netD(netG(real).detach())).mean()
        scaler_d.scale(d_loss).backward()
        scaler_d.step(opt_d)
        scaler_d.update()
        opt_g.zero_grad()
        g_loss = F.softplus(-netD(netG(real))).mean()
        g_loss.backward()
        opt_g.step()


def unscaled_by_hand(model, loader, optimizer, scaler):
    for x, y in loader:
        optimizer.zero_grad()
        with autocast("cuda"):
            loss = F.cross_entropy(model(x), y)
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        optimizer.step()
        scaler.update()


# A script's top level is a scope of its own: the loss is scaled, the optimizer steps alone.
field_scaler = GradScaler("cuda", init_scale=2**10)
for step in range(max_steps):
    rgb = radiance_field(rays)
    render_loss = F.smooth_l1_loss(rgb, pixels)
    field_optimizer.zero_grad()
    field_scaler.scale(render_loss).backward()
    field_optimizer.step()  # expect: TL404
