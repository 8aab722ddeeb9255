import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, DistributedSampler


def main(net, train_set, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    sampler = DistributedSampler(train_set)
    loader = DataLoader(train_set, batch_size=32, sampler=sampler)
    for epoch in range(epochs):
        loader.sampler.set_epoch(epoch)
        for x, y in loader:
            opt.zero_grad()
            F.cross_entropy(net(x), y).backward()
            opt.step()
