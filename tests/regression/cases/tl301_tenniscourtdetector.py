# reduced from yastrebksv/TennisCourtDetector@582d2be base_trainer.py:16
import torch


def train(model, train_loader, optimizer, criterion, device, epoch, max_iters=1000):
    model.train()
    losses = []
    for iter_id, batch in enumerate(train_loader):
        out = model(batch[0].float().to(device))
        gt_hm = batch[1].float().to(device)
        loss = criterion(torch.sigmoid(out), gt_hm)
        loss.backward()
        optimizer.step()  # expect: TL301
        losses.append(loss.detach())
        if iter_id > max_iters:
            break
    return losses
