"""Dataset and loaders for pre-extracted feature tensors."""
import os

import torch
from torch.utils.data import DataLoader, Dataset, random_split


class FeatureDataset(Dataset):
    def __init__(self, features, labels, normalize=True):
        assert len(features) == len(labels)
        if normalize:
            mean = features.mean(dim=0, keepdim=True)
            std = features.std(dim=0, keepdim=True).clamp_min(1e-6)
            features = (features - mean) / std
        self.features = features.float()
        self.labels = labels.long()

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        return self.features[idx], self.labels[idx]

    @classmethod
    def from_file(cls, path):
        if not os.path.exists(path):  # no data yet: random features, so the script still runs
            print(f"{path} not found: using random features")
            generator = torch.Generator().manual_seed(0)
            features = torch.randn(4096, 64, generator=generator)
            return cls(features, features[:, :10].argmax(dim=1))
        blob = torch.load(path)
        return cls(blob["features"], blob["labels"])


def make_loaders(path, batch_size=128, val_fraction=0.1, test_fraction=0.1,
                 num_workers=4, seed=0):
    dataset = FeatureDataset.from_file(path)
    n_val = int(len(dataset) * val_fraction)
    n_test = int(len(dataset) * test_fraction)
    n_train = len(dataset) - n_val - n_test
    generator = torch.Generator().manual_seed(seed)
    train_set, val_set, test_set = random_split(
        dataset, [n_train, n_val, n_test], generator=generator
    )
    common = dict(batch_size=batch_size, num_workers=num_workers, pin_memory=True)
    train_loader = DataLoader(train_set, shuffle=True, drop_last=True, **common)
    val_loader = DataLoader(val_set, shuffle=False, **common)
    test_loader = DataLoader(test_set, shuffle=False, **common)
    return train_loader, val_loader, test_loader
