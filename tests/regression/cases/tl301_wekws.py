# reduced from wenet-e2e/wekws@41a3432 kws/utils/executor.py:52
import torch
from torch.nn.utils import clip_grad_norm_


class Executor:
    def train(self, model, optimizer, data_loader, device, criterion, clip=50.0):
        model.train()
        for batch_idx, (feats, target) in enumerate(data_loader):
            feats = feats.to(device)
            target = target.to(device)
            logits = model(feats)
            loss = criterion(logits, target)
            loss.backward()
            grad_norm = clip_grad_norm_(model.parameters(), clip)
            if torch.isfinite(grad_norm):  # also: TL201
                optimizer.step()  # expect: TL301
