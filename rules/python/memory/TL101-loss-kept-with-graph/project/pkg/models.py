import torch.nn as nn
import torch.nn.functional as F


class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        return self.drop(self.fc(x))


class Classifier(Backbone):
    pass


class FocalLoss(nn.Module):
    def forward(self, logits, target):
        return F.cross_entropy(logits, target)
