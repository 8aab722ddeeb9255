# reduced from zyh-uaiaaaa/Erasing-Attention-Consistency@61efdfd src/main.py:81
import torch
import torch.nn as nn


def train(model, train_loader, optimizer, scheduler, device, lam, flip_loss_fn):
    running_loss = 0.0
    iter_cnt = 0
    model.train()
    for imgs1, labels, imgs2 in train_loader:
        imgs1, imgs2, labels = imgs1.to(device), imgs2.to(device), labels.to(device)
        output, hm1 = model(imgs1)
        output_flip, hm2 = model(imgs2)
        loss1 = nn.CrossEntropyLoss()(output, labels)
        flip_loss_l = flip_loss_fn(hm1, hm2, output)
        loss = loss1 + lam * flip_loss_l
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        iter_cnt += 1
        running_loss += loss  # expect: TL101
    scheduler.step()
    return running_loss / iter_cnt
