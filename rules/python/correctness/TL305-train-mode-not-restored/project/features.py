import torch
import torch.nn as nn


class FrozenFeatures(nn.Module):
    """A backbone kept in eval mode; its forward never records a graph."""

    def __init__(self, backbone):
        super().__init__()
        self.backbone = backbone
        self.backbone.eval()

    def forward(self, images):
        with torch.inference_mode():
            features = self.backbone(images)
        return features


class TrainableHead(nn.Module):
    def __init__(self, dim, classes):
        super().__init__()
        self.fc = nn.Sequential(nn.Dropout(0.1), nn.Linear(dim, classes))

    def forward(self, x):
        return self.fc(x)


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    return [model(x) for x, _ in loader]
