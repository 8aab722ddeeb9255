# reduced from Abe404/segmentation_of_roots_in_soil_with_unet@b649fa2 src/unet/train.py:137
import torch
from torch.optim.lr_scheduler import MultiStepLR

from loss import combined_loss
from unet import UNetGN


def train_unet(outdir):
    train_loader, val_loader = get_data_loaders()
    epochs = 80
    cnn = UNetGN()
    optimizer = torch.optim.SGD(cnn.parameters(), lr=0.01, momentum=0.99, nesterov=True, weight_decay=0.00001)
    scheduler = MultiStepLR(optimizer, milestones=[30, 60, 90], gamma=0.3)
    cnn.cuda()

    for epoch in range(1, epochs + 1):
        train_loader.dataset.assign_new_tiles()
        cnn.train()
        if scheduler:
            scheduler.step()  # expect: TL306

        for step, (x_batch, y_batch) in enumerate(train_loader):
            x_batch = x_batch.cuda()
            y_batch = y_batch.cuda()
            optimizer.zero_grad()
            outputs = cnn(x_batch)
            loss = combined_loss(outputs, y_batch)
            loss.backward()
            optimizer.step()
