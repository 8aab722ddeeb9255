from torch.utils.data import DataLoader, DistributedSampler


def make_loader(ds):
    # No training here: the script that trains may call set_epoch.
    return DataLoader(ds, sampler=DistributedSampler(ds))
