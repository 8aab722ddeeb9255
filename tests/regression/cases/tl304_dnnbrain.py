# reduced from BNUCNL/dnnbrain@8378202 dnnbrain/dnn/models.py:123
import numpy as np
import torch


def dnn_train_model(dataloaders, model, criterion, optimizer, num_epoches=200):
    model.train()
    for epoch in range(num_epoches):
        for inputs, targets in dataloaders:
            optimizer.zero_grad()
            outputs = model(inputs)
            loss = criterion(outputs, targets)
            loss.backward()
            optimizer.step()
    return model


@torch.no_grad()
def dnn_test_model(dataloaders, model):
    model_target = []
    actual_target = []
    for i, (_, inputs, targets) in enumerate(dataloaders):
        outputs = model(inputs)  # expect: TL304
        _, outputs_label = torch.max(outputs, 1)
        model_target.extend(outputs_label.cpu().numpy())
        actual_target.extend(targets.numpy())
    return np.mean(np.array(model_target) == np.array(actual_target))
