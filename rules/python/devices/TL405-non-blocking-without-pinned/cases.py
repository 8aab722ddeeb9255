import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader
from tqdm import tqdm


def train_epoch(model, train_set, optimizer, device):
    train_loader = DataLoader(train_set, batch_size=256, shuffle=True, num_workers=8)  # expect: TL602
    for images, labels in train_loader:
        images = images.to(device, non_blocking=True)  # expect: TL405
        labels = labels.to(device, non_blocking=True)  # expect: TL405
        optimizer.zero_grad()
        F.cross_entropy(model(images), labels).backward()
        optimizer.step()


def encode_all(vae, dataset, device):
    cache_loader = DataLoader(dataset, batch_size=16, num_workers=4, pin_memory=False)  # expect: TL602
    latents = []
    with torch.no_grad():
        for batch in tqdm(cache_loader, desc="caching"):
            pixels = batch["pixel_values"].cuda(non_blocking=True)  # expect: TL405
            latents.append(vae.encode(pixels))
    return latents


def train(trainloader, model, criterion, optimizer):
    model.train()
    for step, (inputs, targets) in enumerate(trainloader):
        inputs = inputs.cuda(non_blocking=True)  # expect: TL405
        targets = targets.cuda(non_blocking=True)  # expect: TL405
        optimizer.zero_grad()
        criterion(model(inputs), targets).backward()
        optimizer.step()


def main(args, model, criterion, optimizer, trainset):
    trainloader = torch.utils.data.DataLoader(trainset, batch_size=args.batch_size, shuffle=True,  # expect: TL602
                                              num_workers=args.workers)
    for epoch in range(args.epochs):
        train(trainloader, model, criterion, optimizer)


# ---- negatives ----

def pinned(model, dataset, optimizer, device):
    loader = DataLoader(dataset, batch_size=64, shuffle=True, num_workers=8, pin_memory=True)
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def pinned_by_config(model, dataset, optimizer, device, args):
    val_loader = DataLoader(dataset, batch_size=64, num_workers=args.workers, pin_memory=args.pin_mem)
    with torch.no_grad():
        for x, _ in val_loader:
            model(x.to(device, non_blocking=True))


def loader_kwargs_splat(model, dataset, device, loader_kwargs):
    test_loader = DataLoader(dataset, batch_size=64, **loader_kwargs)
    with torch.no_grad():
        for x, _ in test_loader:
            model(x.to(device, non_blocking=True))


def loader_from_elsewhere(model, data_loader, optimizer, device):
    for x, y in data_loader:
        x = x.to(device, non_blocking=True)
        y = y.to(device, non_blocking=True)
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()


def prepared_by_accelerate(accelerator, model, dataset, optimizer):
    train_dataloader = DataLoader(dataset, batch_size=32, shuffle=True, num_workers=4)
    model, optimizer, train_dataloader = accelerator.prepare(model, optimizer, train_dataloader)
    for batch in train_dataloader:
        pixels = batch["pixels"].to(accelerator.device, non_blocking=True)
        optimizer.zero_grad()
        accelerator.backward(model(pixels).mean())
        optimizer.step()


def not_from_a_loader(model, device, table):
    model = model.to(device, non_blocking=True)
    weights = table.to(device, non_blocking=True)
    return model, weights
