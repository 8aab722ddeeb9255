import os

import numpy as np
import torch
import torch.nn.functional as F
from PIL import Image
from torch.utils.data import DataLoader, Dataset, IterableDataset, TensorDataset
from torchvision import datasets, transforms

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
train_tf = transforms.Compose([transforms.RandomResizedCrop(224), transforms.ToTensor()])


class FolderDataset(Dataset):
    def __init__(self, paths, labels, transform=None):
        self.paths, self.labels, self.transform = paths, labels, transform

    def __len__(self):
        return len(self.paths)

    def __getitem__(self, i):
        img = Image.open(self.paths[i]).convert("RGB")
        return self.transform(img), self.labels[i]


class ShardStream(IterableDataset):
    def __init__(self, shards):
        self.shards = shards

    def __iter__(self):
        for shard in self.shards:
            yield from np.load(shard)


def train_imagenet(model, optimizer, root, epochs):
    train_set = datasets.ImageFolder(root, transform=train_tf)
    train_loader = DataLoader(train_set, batch_size=256, shuffle=True, pin_memory=True)  # expect: TL601
    for epoch in range(epochs):
        for images, labels in train_loader:
            images = images.to(device, non_blocking=True)
            labels = labels.to(device, non_blocking=True)
            optimizer.zero_grad()
            F.cross_entropy(model(images), labels).backward()
            optimizer.step()


class Trainer:
    def __init__(self, model, optimizer, paths, labels):
        self.model = model.cuda()
        self.optimizer = optimizer
        self.loader = DataLoader(  # expect: TL601
            FolderDataset(paths, labels, transform=train_tf),
            batch_size=64,
            shuffle=True,
            num_workers=0,
            pin_memory=True,
        )

    def fit(self):
        for x, y in self.loader:
            loss = F.cross_entropy(self.model(x.cuda(non_blocking=True)), y.cuda(non_blocking=True))
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()


def train(trainloader, model, criterion, optimizer):
    model.train()
    for step, (inputs, targets) in enumerate(trainloader):
        inputs, targets = inputs.to(device, non_blocking=True), targets.to(device, non_blocking=True)
        optimizer.zero_grad()
        criterion(model(inputs), targets).backward()
        optimizer.step()


def main(args, model, criterion, optimizer):
    trainset = datasets.CIFAR10(root=args.data, train=True, download=True, transform=train_tf)
    trainloader = torch.utils.data.DataLoader(trainset, batch_size=128, shuffle=True, pin_memory=True)  # expect: TL601
    for epoch in range(args.epochs):
        train(trainloader, model, criterion, optimizer)


def train_folder(model, optimizer, paths, labels):
    folder = FolderDataset(paths, labels, train_tf)
    loader = DataLoader(folder, batch_size=32, shuffle=True, pin_memory=True)  # expect: TL601
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True)).backward()
        optimizer.step()


def train_hub_images(model, optimizer, hub_dataset, augment):
    def preprocess(examples):
        examples["pixels"] = [augment(image.convert("RGB")) for image in examples["image"]]
        return examples

    train_set = hub_dataset["train"].with_transform(preprocess)
    loader = DataLoader(train_set, batch_size=16, shuffle=True, pin_memory=True)  # expect: TL601
    for batch in loader:
        optimizer.zero_grad()
        model(batch["pixels"].to(device, non_blocking=True)).mean().backward()
        optimizer.step()


def train_hub_in_place(model, optimizer, hub_dataset, augment):
    hub_dataset.set_transform(lambda examples: {"pixels": [augment(i) for i in examples["image"]]})
    loader = DataLoader(hub_dataset, batch_size=16, shuffle=True, pin_memory=True)  # expect: TL601
    for batch in loader:
        optimizer.zero_grad()
        model(batch["pixels"].to(device, non_blocking=True)).mean().backward()
        optimizer.step()


# ---- negatives ----

def workers_from_config(model, optimizer, root, args):
    train_loader = DataLoader(datasets.ImageFolder(root, transform=train_tf), batch_size=256, shuffle=True,
                              num_workers=args.workers, pin_memory=True, persistent_workers=True)
    for images, labels in train_loader:
        optimizer.zero_grad()
        F.cross_entropy(model(images.to(device, non_blocking=True)), labels.to(device, non_blocking=True)).backward()
        optimizer.step()


def loader_kwargs_splat(model, optimizer, root, loader_kwargs):
    loader = DataLoader(datasets.ImageFolder(root, transform=train_tf), batch_size=256, **loader_kwargs)
    for images, labels in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(images.to(device)), labels.to(device)).backward()
        optimizer.step()


def evaluate(model, root):
    val_loader = DataLoader(datasets.ImageFolder(root, transform=train_tf), batch_size=256, pin_memory=True)
    correct = 0
    model.eval()
    with torch.no_grad():
        for images, labels in val_loader:
            preds = model(images.to(device, non_blocking=True)).argmax(1)
            correct += (preds == labels.to(device, non_blocking=True)).sum()
    return correct


def in_memory_tensors(model, optimizer, features, targets):
    loader = DataLoader(TensorDataset(features, targets), batch_size=1024, shuffle=True, pin_memory=True)
    for x, y in loader:
        optimizer.zero_grad()
        F.mse_loss(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True)).backward()
        optimizer.step()


def streamed_shards(model, optimizer, shards):
    loader = DataLoader(ShardStream(shards), batch_size=64, pin_memory=True)
    for x in loader:
        optimizer.zero_grad()
        model(x.to(device, non_blocking=True)).mean().backward()
        optimizer.step()


def dataset_from_elsewhere(model, optimizer, dataset):
    loader = DataLoader(dataset, batch_size=64, shuffle=True, pin_memory=True)
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x.to(device, non_blocking=True)), y.to(device, non_blocking=True)).backward()
        optimizer.step()


def default_workers(cpu_count=os.cpu_count()):
    return min(8, cpu_count or 1)


def hub_images_with_workers(model, optimizer, hub_dataset, augment, workers):
    train_set = hub_dataset.with_transform(augment)
    loader = DataLoader(train_set, batch_size=16, shuffle=True, pin_memory=True, num_workers=workers)
    for batch in loader:
        optimizer.zero_grad()
        model(batch["pixels"].to(device, non_blocking=True)).mean().backward()
        optimizer.step()


def transform_set_on_another_dataset(model, optimizer, hub_dataset, features, augment):
    hub_dataset.set_transform(augment)  # shown elsewhere; the loader reads tensors in memory
    loader = DataLoader(TensorDataset(features), batch_size=16, shuffle=True, pin_memory=True)
    for (x,) in loader:
        optimizer.zero_grad()
        model(x.to(device, non_blocking=True)).mean().backward()
        optimizer.step()
