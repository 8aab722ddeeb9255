import torch.nn as nn

from detector.proposals import ProposalHead, Summary


class Detector(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Conv2d(3, 8, 3)
        self.head = ProposalHead(8)
        self.summary = Summary()
        self.log_every = 100

    def forward(self, images, step):
        features = self.backbone(images)
        scores, best, boxes, count = self.head(features)
        if step % self.log_every == 0:
            print(self.summary(scores))
        return scores.mean()
