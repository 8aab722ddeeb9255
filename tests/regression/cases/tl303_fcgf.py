# reduced from chrischoy/FCGF@dbc4f4c lib/trainer.py:315
import torch


class AlignmentTrainer:
    def __init__(self, model, optimizer, train_loader, val_loader, max_epoch):
        self.model = model
        self.optimizer = optimizer
        self.train_loader = train_loader
        self.val_loader = val_loader
        self.max_epoch = max_epoch

    def train(self):
        for epoch in range(1, self.max_epoch + 1):
            self._train_epoch(epoch)
            val_dict = self._valid_epoch()

    def _train_epoch(self, epoch):
        self.model.train()
        for sinput0, target in self.train_loader:
            self.optimizer.zero_grad()
            F0 = self.model(sinput0)
            loss = (F0 - target).pow(2).mean()
            loss.backward()
            self.optimizer.step()

    def _valid_epoch(self):
        self.model.eval()
        hits = []
        for sinput0, target in self.val_loader:
            F0 = self.model(sinput0)  # expect: TL303
            hits.append(((F0 - target).abs() < 0.1).float().mean())
        return {'hit_ratio': torch.stack(hits).mean()}
