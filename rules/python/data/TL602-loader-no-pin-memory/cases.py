import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torchvision import datasets, transforms

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
to_tensor = transforms.ToTensor()

train_set = datasets.MNIST("data", train=True, download=True, transform=to_tensor)
train_loader = DataLoader(train_set, batch_size=128, shuffle=True, num_workers=4)  # expect: TL602


def train_epoch(model, optimizer):
    for images, labels in train_loader:
        images, labels = images.to(device), labels.to(device)
        optimizer.zero_grad()
        F.cross_entropy(model(images), labels).backward()
        optimizer.step()


def evaluate(model, root):
    val_loader = DataLoader(datasets.ImageFolder(root, transform=to_tensor), batch_size=256,  # expect: TL602
                            num_workers=8, pin_memory=False)
    model.eval()
    correct = 0
    with torch.no_grad():
        for batch in val_loader:
            preds = model(batch[0].cuda()).argmax(1)
            correct += (preds == batch[1].cuda()).sum()
    return correct


def finetune(model, optimizer, dataset, workers):
    loader = DataLoader(dataset, batch_size=16, shuffle=True, num_workers=workers)  # expect: TL602
    for step, batch in enumerate(loader):
        batch = {k: v.to(device) for k, v in batch.items()}
        optimizer.zero_grad()
        model(**batch).loss.backward()
        optimizer.step()


def train_pairs(model, optimizer, dataset, workers):
    pair_loader = DataLoader(dataset, batch_size=16, shuffle=True, num_workers=workers)  # expect: TL602
    for step, batch in enumerate(pair_loader):
        anchors = batch["anchor"]
        anchors = anchors.to(device)
        optimizer.zero_grad()
        model(anchors).mean().backward()
        optimizer.step()


# ---- negatives ----

def pinned(model, optimizer, dataset, workers):
    loader = DataLoader(dataset, batch_size=64, shuffle=True, num_workers=workers, pin_memory=True)
    for x, y in loader:
        x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()


def pinned_by_config(model, dataset, args):
    loader = DataLoader(dataset, batch_size=64, num_workers=args.workers, pin_memory=args.pin_mem)
    model.eval()
    with torch.no_grad():
        for x, _ in loader:
            model(x.to(device, non_blocking=True))


def loader_kwargs_splat(model, dataset, loader_kwargs):
    loader = DataLoader(dataset, batch_size=64, **loader_kwargs)
    model.eval()
    with torch.no_grad():
        for x, _ in loader:
            model(x.cuda())


def dtype_only(vae, dataset, weight_dtype, workers):
    cache_loader = DataLoader(dataset, batch_size=8, num_workers=workers)
    latents = []
    with torch.no_grad():
        for batch in cache_loader:
            latents.append(vae.encode(batch["pixel_values"].to(weight_dtype)))
    return latents


def prepared_by_accelerate(accelerator, model, optimizer, dataset, workers):
    train_dataloader = DataLoader(dataset, batch_size=32, shuffle=True, num_workers=workers)
    model, optimizer, train_dataloader = accelerator.prepare(model, optimizer, train_dataloader)
    for batch in train_dataloader:
        optimizer.zero_grad()
        accelerator.backward(model(batch["pixels"].to(accelerator.device)).mean())
        optimizer.step()


def stays_on_the_host(dataset, workers):
    stats_loader = DataLoader(dataset, batch_size=512, num_workers=workers)
    total = torch.zeros(())
    for x, _ in stats_loader:
        total += x.to(torch.float64).sum()
    return total


def benchmark_loader(model, optimizer, batch_size):
    # A loader over indices whose collate function hands out batches made on the device.
    batches = [torch.randn(batch_size, 3, 224, 224).to(device) for _ in range(4)]

    def collate(indices):
        return batches[indices[0]], 0

    example_inputs = DataLoader(range(4), collate_fn=collate)
    for images, _ in example_inputs:
        images = images.to(device, non_blocking=True)
        F.cross_entropy(model(images), torch.zeros(batch_size, dtype=torch.long, device=device)).backward()
        optimizer.step()
        optimizer.zero_grad()
