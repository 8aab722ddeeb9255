import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


def train_gan(generator, discriminator, loader, opt_g, opt_d, latent_dim, device):
    for real, _ in loader:
        real = real.to(device)
        bs = real.size(0)
        valid = torch.ones(bs, 1).to(device)  # expect: TL205
        fake_label = torch.zeros(bs, 1).cuda()  # expect: TL205
        z = torch.randn(bs, latent_dim).to(device)  # expect: TL205
        opt_g.zero_grad()
        fake = generator(z)
        g_loss = F.binary_cross_entropy_with_logits(discriminator(fake), valid)
        g_loss.backward()
        opt_g.step()
        opt_d.zero_grad()
        d_loss = F.binary_cross_entropy_with_logits(discriminator(real), valid) + \
            F.binary_cross_entropy_with_logits(discriminator(fake.detach()), fake_label)
        d_loss.backward()
        opt_d.step()


def train_weighted(classifier, loader, optimizer, device):
    classifier.train()
    for step, (x, y) in enumerate(loader):
        x, y = x.to(device), y.to(device)
        class_weights = torch.tensor([1.0, 3.0, 0.5]).to(device)  # expect: TL205
        positions = torch.arange(x.size(1))
        positions = positions.to(device)  # expect: TL205
        optimizer.zero_grad()
        loss = F.cross_entropy(classifier(x, positions), y, weight=class_weights)
        loss.backward()
        optimizer.step()


def train_with_margin(encoder, loader, optimizer, device):
    for anchors, positives in loader:
        anchors, positives = anchors.to(device), positives.to(device)
        margin = torch.full((anchors.size(0),), 0.2)
        optimizer.zero_grad()
        dist = (encoder(anchors) - encoder(positives)).pow(2).sum(1)
        loss = F.relu(dist - margin.cuda()).mean()  # expect: TL205
        loss.backward()
        optimizer.step()


def train_anchors(detector, loader, optimizer, device):
    for images, boxes in loader:
        images = images.to(device)
        features = detector(images)
        # `type_as` gives the host tensor the features' device (and dtype): a copy each step.
        offsets = torch.zeros(images.size(0), 4).type_as(features)  # expect: TL205
        optimizer.zero_grad()
        loss = F.smooth_l1_loss(features[:, :4] + offsets, boxes.to(device))
        loss.backward()
        optimizer.step()


# ---- negatives ----

def train_built_on_device(generator, discriminator, loader, opt_g, latent_dim, device):
    for real, _ in loader:
        real = real.to(device)
        bs = real.size(0)
        valid = torch.ones(bs, 1, device=device)
        z = torch.randn(bs, latent_dim, device=real.device)
        idx = torch.arange(bs, device=device)
        opt_g.zero_grad()
        g_loss = F.binary_cross_entropy_with_logits(discriminator(generator(z))[idx], valid)
        g_loss.backward()
        opt_g.step()


def train_hoisted(classifier, loader, optimizer, device):
    class_weights = torch.tensor([1.0, 3.0, 0.5]).to(device)
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        optimizer.zero_grad()
        loss = F.cross_entropy(classifier(x), y, weight=class_weights)
        loss.backward()
        optimizer.step()


def train_from_batch_data(ranker, loader, optimizer, device):
    # The values come from this batch's host data: they must cross to the device anyway,
    # and `device=` would not avoid the copy.
    for feats, lengths, labels in loader:
        feats = feats.to(device)
        lengths = torch.tensor(lengths).to(device)
        mask = torch.from_numpy(np.stack(labels)).to(device)
        optimizer.zero_grad()
        loss = (ranker(feats, lengths) * mask).mean()
        loss.backward()
        optimizer.step()


def train_one_hot_on_host(model, loader, optimizer, num_classes, device):
    # Filled element by element from host values: one copy of the finished tensor is cheaper
    # than a kernel launch per element on the device.
    for x, labels in loader:
        target = torch.zeros(len(labels), num_classes)
        for i, label in enumerate(labels):
            target[i, label] = 1.0
        target = target.to(device)
        optimizer.zero_grad()
        loss = F.binary_cross_entropy_with_logits(model(x.to(device)), target)
        loss.backward()
        optimizer.step()


def train_reproducible_noise(denoiser, loader, optimizer, generator, device):
    # A seeded CPU generator gives the same noise on every device, on purpose.
    for clean in loader:
        clean = clean.to(device)
        noise = torch.randn(clean.shape, generator=generator).to(device)
        optimizer.zero_grad()
        F.mse_loss(denoiser(clean + noise), clean).backward()
        optimizer.step()


def train_dtype_cast(model, loader, optimizer, device):
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        scale = torch.ones(1, dtype=torch.float64, device=device).to(torch.float32)
        optimizer.zero_grad()
        F.mse_loss(model(x) * scale, y).backward()
        optimizer.step()


def train_with_periodic_probe(model, loader, optimizer, device, log_every):
    for step, (x, y) in enumerate(loader):
        x, y = x.to(device), y.to(device)
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()
        if step % log_every == 0:
            probe = torch.linspace(0, 1, 11).to(device)
            print(model(probe[:, None]).mean().item())


def evaluate(model, loader, device):
    model.eval()
    with torch.no_grad():
        for x, _ in loader:
            offsets = torch.arange(x.size(0)).to(device)
            model(x.to(device) + offsets[:, None])


def train_on_cpu_bf16(model, loader, optimizer):
    for x, y in loader:
        with torch.autocast("cpu", dtype=torch.bfloat16):
            noise = torch.randn(x.shape).to(x.device)
            loss = F.mse_loss(model(x + noise), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def train_under_default_device(model, loader, optimizer, device):
    for x, y in loader:
        with torch.device(device):
            noise = torch.randn(x.shape).to(device)
        optimizer.zero_grad()
        F.mse_loss(model(x.to(device) + noise), y.to(device)).backward()
        optimizer.step()


def contrastive_loss(features, temperature, device):
    # Called by the loop below before its backward: it runs every training step, and so do
    # the host tensors it builds and copies.
    n = features.shape[0]
    mask = torch.eye(n, dtype=torch.bool).to(device)  # expect: TL205
    logits = (features @ features.T)[~mask].view(n, -1) / temperature
    target = torch.zeros(n, dtype=torch.long, device=device)
    return torch.nn.functional.cross_entropy(logits, target)


def make_queue(size, device):
    # Called once, before the loop: built on the host once, not per step.
    return torch.randn(size, 128).to(device)


def pretrain(model, loader, optimizer, device):
    queue = make_queue(4096, device)
    for x in loader:
        loss = contrastive_loss(model(x.to(device)), 0.1, device)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return queue


def collect_features(model, loader, device):
    # Called once per epoch, before the epoch's own batch loop: its host tensors are built once
    # per epoch, not per step.
    total = torch.zeros(128).to(device)
    with torch.no_grad():
        for x in loader:
            total += model(x.to(device)).sum(0)
    return total


def cluster_then_train(model, loader, optimizer, device, epochs):
    for epoch in range(epochs):
        centroids = collect_features(model, loader, device) / len(loader)
        for x in loader:
            loss = (model(x.to(device)) - centroids).pow(2).mean()
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
