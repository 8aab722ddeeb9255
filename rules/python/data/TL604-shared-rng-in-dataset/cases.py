import random

import numpy as np
import torch
from torch.utils.data import BatchSampler, DataLoader, Dataset, IterableDataset, get_worker_info


class RandomCrops(Dataset):
    def __init__(self, arrays, size, seed=0):
        self.arrays = arrays
        self.size = size
        self.crop_rng = np.random.default_rng(seed)  # expect: TL604

    def __len__(self):
        return len(self.arrays)

    def __getitem__(self, idx):
        img = self.arrays[idx]
        y, x = self.crop_rng.integers(0, img.shape[0] - self.size, size=2)
        return torch.from_numpy(img[y:y + self.size, x:x + self.size])


class NoisyAudio(torch.utils.data.Dataset):
    def __init__(self, clips, noise_std):
        self.clips = clips
        self.noise_std = noise_std
        self.state = np.random.RandomState(1234)  # expect: TL604

    def __len__(self):
        return len(self.clips)

    def _augment(self, wav):
        return wav + self.noise_std * self.state.randn(*wav.shape)

    def __getitem__(self, i):
        return self._augment(self.clips[i])


class TokenMasking(Dataset):
    def __init__(self, sequences, mask_prob):
        self.sequences = sequences
        self.mask_prob = mask_prob
        self.gen = torch.Generator().manual_seed(0)  # expect: TL604

    def __len__(self):
        return len(self.sequences)

    def __getitem__(self, i):
        seq = self.sequences[i]
        mask = torch.rand(seq.shape, generator=self.gen) < self.mask_prob
        return seq.masked_fill(mask, 0)


class ShuffledStream(IterableDataset):
    def __init__(self, shards, seed):
        self.shards = shards
        self.shuffler = random.Random(seed)  # expect: TL604

    def __iter__(self):
        order = list(self.shards)
        self.shuffler.shuffle(order)
        for shard in order:
            yield from shard


# ---- negatives ----

class ReseededPerWorker(Dataset):
    def __init__(self, arrays, seed=0):
        self.arrays = arrays
        self.rng = np.random.default_rng(seed)

    def __len__(self):
        return len(self.arrays)

    def __getitem__(self, idx):
        return self.arrays[idx] * self.rng.uniform(0.9, 1.1)


def seed_dataset_rng(worker_id):
    info = get_worker_info()
    info.dataset.rng = np.random.default_rng(info.seed)


class SeededPerIndex(Dataset):
    def __init__(self, arrays, seed=0):
        self.arrays = arrays
        self.seed = seed

    def __len__(self):
        return len(self.arrays)

    def __getitem__(self, idx):
        rng = np.random.default_rng(self.seed + idx)
        return self.arrays[idx] * rng.uniform(0.9, 1.1)


class ShuffledOnceAtInit(Dataset):
    def __init__(self, files, seed=0):
        rng = random.Random(seed)
        self.files = sorted(files)
        rng.shuffle(self.files)
        self.split_rng = np.random.default_rng(seed)
        self.val = set(self.split_rng.choice(len(self.files), 10, replace=False).tolist())

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        return self.files[i], i in self.val


class TorchGlobalRng(Dataset):
    def __init__(self, images, p=0.5):
        self.images = images
        self.p = p

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        img = self.images[i]
        if torch.rand(()) < self.p:
            img = img.flip(-1)
        return img


class BucketSampler(BatchSampler):
    def __init__(self, buckets, batch_size, seed):
        self.buckets = buckets
        self.batch_size = batch_size
        self.generator = random.Random(seed)

    def __iter__(self):
        for bucket in self.buckets:
            idx = list(bucket)
            self.generator.shuffle(idx)
            yield from (idx[i:i + self.batch_size] for i in range(0, len(idx), self.batch_size))


class PerEpochRng(IterableDataset):
    def __init__(self, shards, seed):
        self.shards = shards
        self.seed = seed
        self.rng = random.Random(seed)

    def set_epoch(self, epoch):
        info = get_worker_info()
        worker = info.id if info is not None else 0
        self.rng = random.Random(self.seed + 1000 * epoch + worker)

    def __iter__(self):
        order = list(self.shards)
        self.rng.shuffle(order)
        yield from order


def make_loader(arrays):
    dataset = ReseededPerWorker(arrays)
    return DataLoader(dataset, batch_size=32, num_workers=4, worker_init_fn=seed_dataset_rng)
