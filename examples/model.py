"""A small MLP classifier for tabular features."""
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, in_dim, out_dim, dropout):
        super().__init__()
        self.fc = nn.Linear(in_dim, out_dim)
        self.bn = nn.BatchNorm1d(out_dim)
        self.drop = nn.Dropout(dropout)

    def forward(self, x):
        return self.drop(torch.relu(self.bn(self.fc(x))))


class Classifier(nn.Module):
    def __init__(self, in_dim, num_classes, hidden=(256, 128), dropout=0.2):
        super().__init__()
        dims = (in_dim,) + tuple(hidden)
        self.backbone = nn.Sequential(
            *[Block(a, b, dropout) for a, b in zip(dims[:-1], dims[1:])]
        )
        self.head = nn.Linear(dims[-1], num_classes)

    def forward(self, x):
        return self.head(self.backbone(x))

    def freeze_backbone(self):
        for p in self.backbone.parameters():
            p.requires_grad_(False)
