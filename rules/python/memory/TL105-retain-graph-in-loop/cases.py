import torch
import torch.nn as nn
import torch.nn.functional as F


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 10))

    def forward(self, x):
        return self.body(x)


def retains_every_step(loader, device):
    net = Classifier().to(device)
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    for x, y in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(net(x.to(device)), y.to(device))
        loss.backward(retain_graph=True)  # expect: TL105
        optimizer.step()


def through_the_scaler(model, loader, optimizer, scaler):
    for step, batch in enumerate(loader):
        with torch.autocast("cuda", dtype=torch.float16):
            loss = model(**batch).loss
        scaler.scale(loss).backward(retain_graph=True)  # expect: TL105
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()


def through_accelerate(accelerator, model, train_dataloader, optimizer, lr_scheduler):
    model.train()
    for batch in train_dataloader:
        outputs = model(**batch)
        accelerator.backward(outputs.loss, retain_graph=True)  # expect: TL105
        optimizer.step()
        lr_scheduler.step()
        optimizer.zero_grad()


def detached_hidden_state(rnn, loader, optimizer, criterion, init_hidden):
    hidden = init_hidden()
    for inputs, targets in loader:
        hidden = hidden.detach()
        output, hidden = rnn(inputs, hidden)
        loss = criterion(output, targets)
        optimizer.zero_grad()
        torch.autograd.backward(loss, retain_graph=True)  # expect: TL105
        optimizer.step()


# ---- negatives ----

def two_losses_one_graph(generator, discriminator, loader, opt_g, opt_d, latent_dim):
    for real in loader:
        z = torch.randn(real.shape[0], latent_dim, device=real.device)
        fake = generator(z)
        d_real, d_fake = discriminator(real), discriminator(fake)
        log_z = torch.logsumexp(torch.cat([-d_real, -d_fake]), dim=0)
        opt_d.zero_grad()
        d_loss = d_real.mean() + log_z
        d_loss.backward(retain_graph=True)
        opt_d.step()
        opt_g.zero_grad()
        g_loss = (d_real.mean() + d_fake.mean()) / 2 + log_z
        g_loss.backward()
        opt_g.step()


def penalty_then_loss(critic, loader, optimizer):
    for real in loader:
        real.requires_grad_(True)
        score = critic(real)
        grad, = torch.autograd.grad(score.sum(), real, create_graph=True, retain_graph=True)
        loss = score.mean() + ((grad.norm(2, dim=1) - 1) ** 2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def losses_of_one_forward(model, loader, optimizer, criteria):
    for x, y in loader:
        optimizer.zero_grad()
        out = model(x)
        for criterion in criteria:
            criterion(out, y).backward(retain_graph=True)
        optimizer.step()


def per_task_gradients(model, loader, optimizer, num_tasks):
    for x, ys in loader:
        optimizer.zero_grad()
        heads = model(x)
        for k in range(num_tasks):
            task_loss = F.mse_loss(heads[k], ys[k])
            task_loss.backward(retain_graph=True)
        optimizer.step()


def retain_on_a_flag(model, loader, optimizer, keep_graph):
    for x, y in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward(retain_graph=keep_graph)
        optimizer.step()


def explicitly_released(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward(retain_graph=False)
        optimizer.step()


def once_outside_the_loop(model, batch, optimizer, weights):
    optimizer.zero_grad()
    loss = model(batch).mean()
    loss.backward(retain_graph=True)
    for i, w in enumerate(weights):
        (w * loss).backward(retain_graph=i < len(weights) - 1)
    optimizer.step()
