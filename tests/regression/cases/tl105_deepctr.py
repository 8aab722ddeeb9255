# reduced from shenweichen/DeepCTR-Torch@bc881dc deepctr_torch/models/basemodel.py:234
import torch
import torch.nn as nn
import torch.utils.data as Data
from torch.utils.data import DataLoader


class BaseModel(nn.Module):
    def __init__(self, device='cpu'):
        super(BaseModel, self).__init__()
        self.device = device
        self.aux_loss = 0

    def fit(self, x=None, y=None, batch_size=None, epochs=1, initial_epoch=0, shuffle=True):
        train_tensor_data = Data.TensorDataset(torch.from_numpy(x), torch.from_numpy(y))
        train_loader = DataLoader(dataset=train_tensor_data, shuffle=shuffle, batch_size=batch_size)
        model = self.train()
        loss_func = self.loss_func
        optim = self.optim
        for epoch in range(initial_epoch, epochs):
            for index, (x_train, y_train) in enumerate(train_loader):
                x = x_train.to(self.device).float()
                y = y_train.to(self.device).float()

                y_pred = model(x).squeeze()

                optim.zero_grad()
                loss = loss_func(y_pred, y.squeeze(), reduction='sum')
                reg_loss = self.get_regularization_loss()

                total_loss = loss + reg_loss + self.aux_loss

                total_loss.backward(retain_graph=True)  # expect: TL105
                optim.step()

    def get_regularization_loss(self):
        total_reg_loss = torch.zeros((1,), device=self.device)
        return total_reg_loss
