import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvNet(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 32, 3), nn.BatchNorm2d(32), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.head = nn.Linear(32, num_classes)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))


def moves_the_model_every_step(loader, device):
    net = ConvNet()
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    for images, labels in loader:
        net.to(device)  # expect: TL401
        images, labels = images.to(device), labels.to(device)
        optimizer.zero_grad()
        F.cross_entropy(net(images), labels).backward()
        optimizer.step()


def cuda_every_step(model, train_loader, optimizer, criterion, epochs):
    for epoch in range(epochs):
        model.train()
        for step, (x, y) in enumerate(train_loader):
            model = model.cuda()  # expect: TL401
            optimizer.zero_grad()
            loss = criterion(model(x.cuda(non_blocking=True)), y.cuda(non_blocking=True))
            loss.backward()
            optimizer.step()


def discriminator_moved_each_update(generator, discriminator, loader, opt_g, opt_d, device, latent_dim):
    for real in loader:
        real = real.to(device)
        discriminator.to(device)  # expect: TL401
        z = torch.randn(real.size(0), latent_dim, device=device)
        fake = generator(z)
        opt_d.zero_grad()
        d_loss = F.softplus(discriminator(fake.detach())).mean() + F.softplus(-discriminator(real)).mean()
        d_loss.backward()
        opt_d.step()
        opt_g.zero_grad()
        F.softplus(-discriminator(fake)).mean().backward()
        opt_g.step()


# ---- negatives ----

def moved_once(model, loader, optimizer, device):
    model.to(device)
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()


def inputs_and_dtypes(model, loader, optimizer, device):
    for batch in loader:
        batch = {k: v.to(device) for k, v in batch.items()}
        pixel_values = batch["pixel_values"].to(torch.float16)
        mask = batch["mask"].cuda()
        optimizer.zero_grad()
        out = model(pixel_values, mask).float()
        F.mse_loss(out, batch["target"]).backward()
        optimizer.step()


def periodic_checkpoint(transformer, loader, optimizer, device, save, every=1000):
    for batch_id, x in enumerate(loader):
        optimizer.zero_grad()
        transformer(x.to(device)).mean().backward()
        optimizer.step()
        if (batch_id + 1) % every == 0:
            transformer.eval().cpu()
            save(transformer.state_dict())
            transformer.to(device).train()


def offloads_the_frozen_encoder(unet, vae, loader, optimizer, device):
    for batch in loader:
        vae.to(device)
        with torch.no_grad():
            latents = vae.encode(batch.to(device)).latent_dist.sample()
        vae.cpu()
        optimizer.zero_grad()
        F.mse_loss(unet(latents), latents).backward()
        optimizer.step()


def train_one_epoch(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()


def each_model_once(models, loader, device):
    for model in models:
        model.to(device)
        optimizer = torch.optim.Adam(model.parameters())
        train_one_epoch(model, loader, optimizer)


def a_fresh_learner_per_task(tasks, device):
    for support_x, support_y in tasks:
        learner = ConvNet()
        learner.to(device)
        inner_opt = torch.optim.SGD(learner.parameters(), lr=0.01)
        inner_opt.zero_grad()
        F.cross_entropy(learner(support_x.to(device)), support_y.to(device)).backward()
        inner_opt.step()


def cross_validation_folds(folds, build_model, device):
    for train_loader in folds:
        model = build_model()
        model = model.to(device)
        optimizer = torch.optim.Adam(model.parameters())
        for x, y in train_loader:
            optimizer.zero_grad()
            F.cross_entropy(model(x.to(device)), y.to(device)).backward()
            optimizer.step()


def half_precision_weights(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
        model.to(dtype=torch.float32)
