import itertools

import torch
from torch import optim


def never_clears(model, loader, criterion):
    optimizer = optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()  # expect: TL301
        optimizer.zero_grad()


def amp_never_clears(model, loader, opt, scaler):
    for x, y in loader:
        with torch.autocast("cuda"):
            loss = model(x, y)
        scaler.scale(loss).backward()
        scaler.step(opt)  # expect: TL301
        opt.zero_grad()
        scaler.update()


def clears_only_once(model, loader, optimizer, epochs):
    optimizer.zero_grad()
    for epoch in range(epochs):
        for x in loader:
            model(x).sum().backward()
            optimizer.step()  # expect: TL301
            optimizer.zero_grad()


# ---- negatives ----

def clears_at_top(model, loader, optimizer):
    for x in loader:
        optimizer.zero_grad(set_to_none=True)
        model(x).sum().backward()
        optimizer.step()


def gradient_accumulation(model, loader, optimizer, accum=8):
    for i, x in enumerate(loader):
        (model(x).sum() / accum).backward()
        if (i + 1) % accum == 0:
            optimizer.step()
            optimizer.zero_grad()


def grads_set_to_none(model, loader, optimizer):
    for x in loader:
        model(x).sum().backward()
        optimizer.step()
        for p in model.parameters():
            p.grad = None


def model_zero_grad(model, loader, optimizer):
    for x in loader:
        model.zero_grad()
        model(x).sum().backward()
        optimizer.step()


def reset_grads(model, optimizer):
    optimizer.zero_grad()


def clears_in_helper(model, loader, optimizer):
    for x in loader:
        reset_grads(model, optimizer)
        model(x).sum().backward()
        optimizer.step()


def lbfgs_closure(model, loader, optimizer):
    for x in loader:
        def closure():
            optimizer.zero_grad()
            loss = model(x).sum()
            loss.backward()
            return loss
        optimizer.step(closure)


def helper_from_elsewhere(model, loader, optimizer, hooks):
    for x in loader:
        hooks.before_step(optimizer)
        model(x).sum().backward()
        optimizer.step()


def not_an_optimizer(env, policy, loader):
    for obs in loader:
        action = policy(obs)
        obs, reward, done, info = env.step(action)


def per_step_latent_optimisation(unet, latents, steps, lr):
    for t in steps:
        x = latents.detach().clone()
        x.requires_grad = True
        opt = torch.optim.SGD([x], lr=lr)
        loss = unet(x, t).pow(2).mean()
        loss.backward()
        opt.step()
        latents = x.detach()


def scheduler_from_a_factory(model, loader, args, build_optimizer):
    # The scheduler comes out of the same call as the optimizer; it has no gradients to clear.
    optimizer, scheduler = build_optimizer(model, args)
    for x, y in loader:
        model(x, y).backward()
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad()


class InfoGAN:
    # The information optimizer's parameters are G's and D's, each zeroed by its own optimizer
    # every step; a third module of its own would not be.
    def __init__(self, G, D, Q):
        self.G, self.D, self.Q = G, D, Q
        self.G_optimizer = optim.Adam(self.G.parameters())
        self.D_optimizer = optim.Adam(self.D.parameters())
        self.info_optimizer = optim.Adam(itertools.chain(self.G.parameters(), self.D.parameters()))
        self.q_optimizer = optim.Adam(itertools.chain(self.G.parameters(), self.Q.parameters()))

    def train(self, loader, bce, ce):
        for x, z, c in loader:
            self.D_optimizer.zero_grad()
            bce(self.D(x), self.D(self.G(z, c))).backward()
            self.D_optimizer.step()
            self.G_optimizer.zero_grad()
            g_out = self.G(z, c)
            bce(self.D(g_out)).backward(retain_graph=True)
            self.G_optimizer.step()
            ce(self.D(g_out), c).backward()
            self.info_optimizer.step()

    def train_q(self, loader, ce):
        for x, z, c in loader:
            self.G_optimizer.zero_grad()
            ce(self.Q(self.G(z, c)), c).backward()
            self.q_optimizer.step()  # expect: TL301
            self.q_optimizer.zero_grad()


class CPUOffloadOptimizer:
    # One optimizer per parameter, each stepped once per call: the loop picks a different one
    # each pass (the wrapper's zero_grad clears them).
    def step(self):
        for p, event in self.queue.items():
            event.synchronize()
            self.optim_dict[p].step()

    def zero_grad(self):
        for p in self.optim_dict:
            p.grad = None


def several_optimizers(model, loader, optimizers):
    for x, y in loader:
        model(x, y).backward()
        for opt in optimizers:
            opt.step()  # expect: TL301
            opt.zero_grad()


def simulate_lr_schedule(scheduler_cls, initial_lr, steps):
    # The optimizer is stepped only to drive its scheduler: nothing computes gradients in the
    # loop, so none accumulate.
    weight = torch.ones(1, requires_grad=True)
    opt = torch.optim.SGD([weight], lr=initial_lr)
    sch = scheduler_cls(opt)
    lrs = []
    for _ in range(steps):
        opt.step()
        lrs.append(opt.param_groups[0]["lr"])
        sch.step()
    return lrs


class StepTrainer:
    def __init__(self, model, optimizer, loader):
        self.model = model
        self.optimizer = optimizer
        self.loader = loader

    def train_step(self, x, y):
        loss = torch.nn.functional.cross_entropy(self.model(x), y)
        loss.backward()
        self.optimizer.step()  # expect: TL301
        self.optimizer.zero_grad()

    def train(self, steps):
        # Gradients are cleared once, before the loop: every later step adds to them.
        self.optimizer.zero_grad()
        batches = iter(self.loader)
        for _ in range(steps):
            x, y = next(batches)
            self.train_step(x, y)


class StepTrainerClearedBeside:
    def __init__(self, model, optimizer, loader):
        self.model = model
        self.optimizer = optimizer
        self.loader = loader

    def clear(self):
        self.optimizer.zero_grad(set_to_none=True)

    def train_step(self, x, y):
        loss = torch.nn.functional.cross_entropy(self.model(x), y)
        loss.backward()
        self.optimizer.step()

    def train(self):
        # The loop clears through a helper before each step.
        for x, y in self.loader:
            self.clear()
            self.train_step(x, y)
