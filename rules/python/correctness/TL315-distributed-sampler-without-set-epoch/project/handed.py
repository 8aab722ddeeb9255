import torch.nn.functional as F
from torch.utils.data import DataLoader, DistributedSampler


def train_one_epoch(net, opt, loader, epoch):
    loader.sampler.set_epoch(epoch)
    for x, y in loader:
        opt.zero_grad()
        F.cross_entropy(net(x), y).backward()
        opt.step()
