import torch
from torch.utils.data import DataLoader, DistributedSampler

from handed import train_one_epoch


def main(net, train_set, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    train_loader = DataLoader(train_set, sampler=DistributedSampler(train_set))
    for epoch in range(epochs):
        train_one_epoch(net, opt, train_loader, epoch)  # sets the epoch in the other file


def main_named(net, train_set, epochs, run_epoch):
    sampler = DistributedSampler(train_set)
    loader = DataLoader(train_set, sampler=sampler)
    for epoch in range(epochs):
        run_epoch(net, loader)  # the loader carries the sampler: its epoch may be set there


def main_kwargs(net, val_set, evaluate):
    val_sampler = DistributedSampler(val_set)
    loader_kwargs = {"batch_size": 64, "sampler": val_sampler}
    val_loader = DataLoader(val_set, **loader_kwargs)
    for epoch in range(3):
        evaluate(net, val_loader)  # handed over through the keyword dictionary
