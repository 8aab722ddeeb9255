import torch
import torch.nn as nn
import torch.nn.functional as F


def train_wiped(net, loader, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for _ in range(epochs):
        for x, y in loader:
            out = net(x)
            err = F.cross_entropy(out, y)
            err.backward()
            opt.zero_grad()  # expect: TL302
            opt.step()


def train_model_zero_grad(classifier, loader):
    optimizer = torch.optim.Adam(classifier.parameters())
    for batch, target in loader:
        F.mse_loss(classifier(batch), target).backward()
        classifier.zero_grad(set_to_none=True)  # expect: TL302
        optimizer.step()


def train_step(self_model, scaler, optimizer, x, y):
    # A per-step helper without a loop of its own: the order inside it is the iteration.
    with torch.autocast("cuda"):
        loss = F.cross_entropy(self_model(x), y)
    scaler.scale(loss).backward()
    optimizer.zero_grad()  # expect: TL302
    scaler.step(optimizer)
    scaler.update()


# --- negatives ---

def train_top_of_loop(net, loader):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for x, y in loader:
        opt.zero_grad()
        F.cross_entropy(net(x), y).backward()
        opt.step()


def train_after_step(net, loader):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for x, y in loader:
        F.cross_entropy(net(x), y).backward()
        opt.step()
        opt.zero_grad()


def train_accumulate(net, loader, accum):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for i, (x, y) in enumerate(loader):
        (F.cross_entropy(net(x), y) / accum).backward()
        if (i + 1) % accum == 0:
            opt.step()
            opt.zero_grad()


def train_gan(gen, disc, loader, z_dim):
    opt_g = torch.optim.Adam(gen.parameters())
    opt_d = torch.optim.Adam(disc.parameters())
    bce = nn.BCEWithLogitsLoss()
    for real in loader:
        fake = gen(torch.randn(real.shape[0], z_dim))
        d_loss = bce(disc(real), torch.ones(real.shape[0], 1)) + bce(disc(fake.detach()), torch.zeros(real.shape[0], 1))
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        # Clearing the generator after the discriminator's backward: a new backward follows.
        opt_g.zero_grad()
        g_loss = bce(disc(fake), torch.ones(real.shape[0], 1))
        g_loss.backward()
        opt_g.step()


def train_other_optimizer(enc, dec, loader):
    opt_enc = torch.optim.Adam(enc.parameters())
    opt_dec = torch.optim.Adam(dec.parameters())
    for x in loader:
        F.mse_loss(dec(enc(x)), x).backward()
        opt_enc.step()
        opt_enc.zero_grad()
        opt_dec.step()
        opt_dec.zero_grad()


def train_skip_non_finite(net, loader):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for x, y in loader:
        loss = F.cross_entropy(net(x), y)
        loss.backward()
        if not torch.isfinite(loss):  # expect: TL201
            opt.zero_grad()  # drops this step's gradients on purpose
            continue
        opt.step()
        opt.zero_grad()


def train_branches(net, loader, warmup):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for i, (x, y) in enumerate(loader):
        if i < warmup:
            F.cross_entropy(net(x), y).backward()
        else:
            opt.zero_grad()
        opt.step()


def lbfgs(net, x, y):
    opt = torch.optim.LBFGS(net.parameters())

    def closure():
        opt.zero_grad()
        loss = F.mse_loss(net(x), y)
        loss.backward()
        return loss

    for _ in range(10):
        opt.step(closure)


class Steps:
    @property
    def opt(self):
        return self._opt

    @torch.no_grad
    def frozen(self, x):
        return self.net(x)
