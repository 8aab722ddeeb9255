# reduced from wkentaro/pytorch-fcn@479b9e0 torchfcn/trainer.py:171
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, optim, train_loader, val_loader, interval_validate):
        self.model = model
        self.optim = optim
        self.train_loader = train_loader
        self.val_loader = val_loader
        self.interval_validate = interval_validate
        self.iteration = 0

    def validate(self):
        self.model.eval()
        with torch.no_grad():
            for data, target in self.val_loader:
                score = self.model(data)

    def train_epoch(self):
        self.model.train()
        for batch_idx, (data, target) in enumerate(self.train_loader):
            self.iteration += 1
            if self.iteration % self.interval_validate == 0:
                self.validate()  # expect: TL305
            self.optim.zero_grad()
            score = self.model(data)
            loss = F.cross_entropy(score, target)
            loss.backward()
            self.optim.step()
