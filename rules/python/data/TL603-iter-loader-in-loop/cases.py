import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader


def steps_not_epochs(model, dataset, optimizer, max_steps, device):
    train_loader = DataLoader(dataset, batch_size=32, shuffle=True, num_workers=4)
    for step in range(max_steps):
        images, labels = next(iter(train_loader))  # expect: TL603
        images, labels = images.to(device), labels.to(device)
        optimizer.zero_grad()
        F.cross_entropy(model(images), labels).backward()
        optimizer.step()


def while_loop_of_updates(net, data, opt, total_steps):
    loader = torch.utils.data.DataLoader(data, batch_size=16, num_workers=8, pin_memory=True)
    step = 0
    while step < total_steps:
        batch = next(iter(loader))  # expect: TL603
        loss = net(batch["input"].cuda()).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
        step += 1


def probes_the_validation_set(model, train_loader, val_dataset, optimizer):
    val_loader = DataLoader(val_dataset, batch_size=64)
    for x, y in train_loader:
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()
        with torch.no_grad():
            vx, vy = next(iter(val_loader))  # expect: TL603
            model.eval()
            val_loss = F.mse_loss(model(vx), vy)
            model.train()


def evaluation_batches(model, dataset, n_batches):
    loader = DataLoader(dataset, batch_size=128, num_workers=4, pin_memory=True)
    model.eval()
    outputs = []
    with torch.no_grad():
        for i in range(n_batches):
            x, _ = next(iter(loader))  # expect: TL603
            outputs.append(model(x))
    return outputs


# ---- negatives ----

def iterator_made_once(model, dataset, optimizer, max_steps):
    loader = DataLoader(dataset, batch_size=32, shuffle=True, num_workers=4, pin_memory=True)
    batches = iter(loader)
    for step in range(max_steps):
        try:
            x, y = next(batches)
        except StopIteration:
            batches = iter(loader)
            x, y = next(batches)
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()


def restarted_on_exhaustion(model, dataset, optimizer, max_steps):
    loader = DataLoader(dataset, batch_size=32, shuffle=True, drop_last=True, pin_memory=True)
    it = iter(loader)
    for step in range(max_steps):
        try:
            x, y = next(it)
        except StopIteration:
            x, y = next(iter(loader))
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()


def one_sample_batch(model, dataset, optimizer):
    loader = DataLoader(dataset, batch_size=8, pin_memory=True)
    example, _ = next(iter(loader))
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
    return example


def device_of_parameters(model, loader, optimizer):
    for x, y in loader:
        device = next(iter(model.parameters())).device
        optimizer.zero_grad()
        F.cross_entropy(model(x.to(device)), y.to(device)).backward()
        optimizer.step()


def first_key_of_a_dict(model, loader, optimizer, heads):
    for x, y in loader:
        name = next(iter(heads))
        optimizer.zero_grad()
        F.cross_entropy(model(x)[name], y).backward()
        optimizer.step()


def one_batch_per_loader(model, loaders):
    model.eval()
    with torch.no_grad():
        for loader in loaders:
            x, _ = next(iter(loader))
            model(x)


def per_batch_size_probe(model, dataset, batch_sizes):
    train_loader = DataLoader(dataset, batch_size=1)
    for bs in batch_sizes:
        train_loader = DataLoader(dataset, batch_size=bs)
        x, _ = next(iter(train_loader))
        model(x)


def periodic_samples(generator, loader, val_loader, opt, sample_every, save):
    for i, x in enumerate(loader):
        opt.zero_grad()
        generator(x).mean().backward()
        opt.step()
        if i % sample_every == 0:
            save(generator(next(iter(val_loader))))


def first_batch_found(args):
    batch = None
    for obj in args:
        if isinstance(obj, DataLoader) and batch is None:
            batch = next(iter(obj))
    return batch


def unknown_iterable_in_training(model, loader, optimizer, streams):
    for x, y in loader:
        extra = next(iter(streams))
        optimizer.zero_grad()
        F.cross_entropy(model(x, extra), y).backward()
        optimizer.step()
