# reduced from samuelyu2002/ImVisible@a463a0a Model/training.py:98
import torch
import torch.nn.functional as F


def loss_fn(pred_classes, pred_direc, labels, points):
    cross_entropy = F.cross_entropy(pred_classes, labels)
    MSE = F.mse_loss(pred_direc, points)
    return cross_entropy + MSE, MSE, cross_entropy


def run(model, optimizer, train_dataloader, max_epochs):
    for epoch in range(max_epochs):
        running_loss_MSE = 0.0
        for j, (images, labels, points) in enumerate(train_dataloader):
            optimizer.zero_grad()
            pred_classes, pred_direc = model(images)
            loss, MSE, cross_entropy = loss_fn(pred_classes, pred_direc, labels, points)
            loss.backward()
            optimizer.step()
            running_loss_MSE += MSE  # expect: TL101
        print('Average training MSE loss: ' + str(running_loss_MSE / (j + 1)))
