# reduced from HuguesTHOMAS/KPConv-PyTorch@9bae9a3 utils/trainer.py:201
import time

import numpy as np
import torch


class ModelTrainer:
    def __init__(self, net, config, chkp_path=None, finetune=False, on_gpu=True):
        self.epoch = 0
        self.step = 0
        self.optimizer = torch.optim.SGD(net.parameters(), lr=config.learning_rate, momentum=config.momentum)
        self.device = torch.device("cuda:0")
        net.to(self.device)

    def train(self, net, training_loader, val_loader, config):
        t0 = time.time()
        t = [time.time()]
        last_display = time.time()
        mean_dt = np.zeros(1)

        for epoch in range(config.max_epoch):
            self.step = 0
            for batch in training_loader:
                t = t[-1:]
                t += [time.time()]

                if 'cuda' in self.device.type:
                    batch.to(self.device)

                self.optimizer.zero_grad()

                outputs = net(batch, config)
                loss = net.loss(outputs, batch.labels)
                acc = net.accuracy(outputs, batch.labels)

                t += [time.time()]

                loss.backward()

                if config.grad_clip_norm > 0:
                    torch.nn.utils.clip_grad_value_(net.parameters(), config.grad_clip_norm)
                self.optimizer.step()
                torch.cuda.synchronize(self.device)  # expect: TL202

                t += [time.time()]

                if self.step < 2:
                    mean_dt = np.array(t[1:]) - np.array(t[:-1])
                else:
                    mean_dt = 0.9 * mean_dt + 0.1 * (np.array(t[1:]) - np.array(t[:-1]))

                if (t[-1] - last_display) > 1.0:
                    last_display = t[-1]
                    print('e{:03d}-i{:04d} => L={:.3f} acc={:3.0f}% / t(ms): {:5.1f} {:5.1f} {:5.1f})'.format(
                        self.epoch, self.step, loss.item(), 100 * acc,
                        1000 * mean_dt[0], 1000 * mean_dt[1], 1000 * mean_dt[2]))

                self.step += 1
            self.epoch += 1
