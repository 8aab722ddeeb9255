import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader
from tqdm import tqdm


def schedule_from_counted_batches(model, dataset, optimizer, epochs):
    train_loader = DataLoader(dataset, batch_size=64, shuffle=True, num_workers=4)
    steps_per_epoch = len(list(train_loader))  # expect: TL207
    scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, total_steps=epochs * steps_per_epoch)
    for epoch in range(epochs):
        for x, y in train_loader:
            optimizer.zero_grad()
            F.cross_entropy(model(x), y).backward()
            optimizer.step()
            scheduler.step()


def progress_over_batches(model, loader, optimizer):
    total = len([batch for batch in loader])  # expect: TL207
    for i, (x, y) in enumerate(tqdm(loader, total=total)):
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def counted_with_a_generator(net, val_set, opt, loader):
    n_batches = sum(1 for _ in loader)  # expect: TL207
    for step, batch in enumerate(loader):
        loss = net(batch).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
        if step == n_batches - 1:
            print("last batch")


def iterator_listed(dataset, collate):
    loader = torch.utils.data.DataLoader(dataset, batch_size=32, collate_fn=collate)
    return len(list(iter(loader)))  # expect: TL207


# ---- negatives ----

def uses_len(model, loader, optimizer):
    steps_per_epoch = len(loader)
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
    return steps_per_epoch


def counts_plain_things(model, config, class_images_dir):
    n_keys = len(list(config.keys()))
    n_params = len(list(model.parameters()))
    n_images = len(list(class_images_dir.iterdir()))
    n_layers = len([m for m in model.modules()])
    return n_keys, n_params, n_images, n_layers


def list_of_files(paths):
    files = list(paths)
    return len(list(files))


def unknown_iterable(stream):
    # Nothing says this is a data loader.
    return len(list(stream))


def loader_only_evaluated(model, dataset):
    loader = [dataset[i] for i in range(4)]
    model.eval()
    with torch.no_grad():
        for x in loader:
            model(x)
    return len(list(loader))


def batches_in_memory(model, optimizer, tensors, batch_size):
    batches = [tensors[i:i + batch_size] for i in range(0, len(tensors), batch_size)]
    for xb in batches:
        optimizer.zero_grad()
        model(xb).mean().backward()
        optimizer.step()
    return len(list(batches))


def average_validation_loss(model, valid_dl, loss_fn, device):
    model.eval()
    losses = 0.0
    with torch.no_grad():
        for src, tgt in tqdm(valid_dl):
            src, tgt = src.to(device), tgt.to(device)
            losses += loss_fn(model(src), tgt).item()
    return losses / len(list(valid_dl))  # expect: TL207


def images_one_by_one(model, images, device):
    model.eval()
    with torch.no_grad():
        outputs = [model(img.to(device)) for img in images]
    return outputs, len(list(images))
