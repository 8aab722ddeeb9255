import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def build_loaders(train_set, val_set, opts):
    train_sampler = DistributedSampler(train_set, seed=opts.seed)  # expect: TL315
    val_sampler = DistributedSampler(val_set, shuffle=False)
    flag_sampler = DistributedSampler(val_set, shuffle=opts.shuffle)
    return (DataLoader(train_set, sampler=train_sampler), DataLoader(val_set, sampler=val_sampler),
            DataLoader(val_set, sampler=flag_sampler))


def main(net, train_set, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    loader = DataLoader(train_set, batch_size=32, sampler=torch.utils.data.DistributedSampler(train_set))  # expect: TL315
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            F.cross_entropy(net(x), y).backward()
            opt.step()


class Recipe:
    @staticmethod
    def loader(train_set):
        # A bare decorator is in the file's call table too: it must not be read as a call.
        return DataLoader(train_set, sampler=DistributedSampler(train_set))  # expect: TL315


def main_helper(net, train_set, epochs, run_epoch):
    # Handed to a function torchlint cannot see (a parameter, a star import): it may set the epoch.
    sampler = DistributedSampler(train_set)
    for epoch in range(epochs):
        run_epoch(net, DataLoader(train_set, sampler=sampler), sampler)


def train_epoch(net, opt, loader):
    for x, y in loader:
        opt.zero_grad()
        net(x, y).backward()
        opt.step()


def main_same_file(net, opt, train_set, epochs):
    # Handed to a function of this file, which sets no epoch (no set_epoch() in the file).
    loader = DataLoader(train_set, sampler=DistributedSampler(train_set))  # expect: TL315
    for epoch in range(epochs):
        train_epoch(net, opt, loader)


def validate(model, criterion, val_set, distributed):
    # Built for one pass of evaluation, under no-grad: the order it visits the data in changes
    # nothing (the loss is averaged over the whole set).
    model.eval()
    with torch.no_grad():
        val_sampler = DistributedSampler(val_set) if distributed else None
        val_loader = DataLoader(val_set, sampler=val_sampler, batch_size=64)
        total = 0.0
        for x, y in val_loader:
            total += criterion(model(x), y)
    model.train()
    return total
