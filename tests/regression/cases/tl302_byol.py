# reduced from lucidrains/byol-pytorch@3cb1a5e byol_pytorch/trainer.py:127
import torch
from torch.nn import Module
from torch.optim import Adam
from torch.utils.data import DataLoader

from accelerate import Accelerator


def cycle(dl):
    while True:
        for batch in dl:
            yield batch


class BYOLTrainer(Module):
    def __init__(self, net, *, image_size, hidden_layer, learning_rate, dataset, num_train_steps, batch_size=16):
        super().__init__()
        self.accelerator = Accelerator()
        self.net = net
        self.byol = BYOL(net, image_size=image_size, hidden_layer=hidden_layer)
        self.optimizer = Adam(self.byol.parameters(), lr=learning_rate)
        self.dataloader = DataLoader(dataset, shuffle=True, batch_size=batch_size)
        self.num_train_steps = num_train_steps

        (
            self.byol,
            self.optimizer,
            self.dataloader
        ) = self.accelerator.prepare(
            self.byol,
            self.optimizer,
            self.dataloader
        )

    def forward(self):
        data_it = cycle(self.dataloader)

        for _ in range(self.num_train_steps):
            images = next(data_it)

            with self.accelerator.autocast():
                loss = self.byol(images)
                self.accelerator.backward(loss)

            self.optimizer.zero_grad()  # expect: TL302
            self.optimizer.step()

            self.accelerator.wait_for_everyone()

            self.byol.update_moving_average()
