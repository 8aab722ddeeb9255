# reduced from WenmuZhou/PSENet.pytorch@278cc30 train.py:58
import torch


def train_epoch(net, optimizer, scheduler, train_loader, device, criterion, epoch, all_step, writer, logger):
    net.train()
    scheduler.step()  # expect: TL306
    lr = scheduler.get_lr()[0]
    for i, (images, labels, training_mask) in enumerate(train_loader):
        images, labels, training_mask = images.to(device), labels.to(device), training_mask.to(device)
        y1 = net(images)
        loss_c, loss_s, loss = criterion(y1, labels, training_mask)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return lr


def main(model, train_loader, device, criterion, writer, logger, all_step):
    optimizer = torch.optim.Adam(model.parameters(), lr=config.lr, weight_decay=config.weight_decay)
    scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, config.lr_decay_step, gamma=config.lr_gamma)
    for epoch in range(config.start_epoch, config.epochs):
        lr = train_epoch(model, optimizer, scheduler, train_loader, device, criterion, epoch, all_step,
                                     writer, logger)
