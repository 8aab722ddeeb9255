# reduced from hiyoung123/SoftMaskedBert@25b62c7 train.py:98
import os

import torch
import torch.nn as nn
import tqdm


class SoftMaskedBertTrainer():
    def __init__(self, bert, tokenizer, device, hidden=256, layer_n=1, lr=2e-5, gama=0.8, betas=(0.9, 0.999),
                 weight_decay=0.01, warmup_steps=10000, log_freq=10):
        self.device = device
        self.model = SoftMaskedBert(bert, self.tokenizer, hidden, layer_n, self.device).to(self.device)
        optim = torch.optim.Adam(self.model.parameters(), lr=lr, betas=betas, weight_decay=weight_decay)
        self.optim_schedule = ScheduledOptim(optim, hidden, n_warmup_steps=warmup_steps)
        self.criterion_c = nn.NLLLoss()
        self.criterion_d = nn.BCELoss()
        self.gama = gama
        self.log_freq = log_freq

    def train(self, train_data, epoch):
        self.model.train()
        return self.iteration(epoch, train_data)

    def load(self, file_path):
        if not os.path.exists(file_path):
            return
        self.model = torch.load(file_path)  # torchlint: ignore[TL001]
        self.model.to(self.device)

    def iteration(self, epoch, data_loader, train=True):
        data_loader = tqdm.tqdm(enumerate(data_loader), total=len(data_loader))
        for i, data in data_loader:
            data = {key: value.to(self.device) for key, value in data.items()}

            out, prob = self.model(data["input_ids"], data["input_mask"], data["segment_ids"])
            prob = prob.reshape(-1, prob.shape[1])
            loss_d = self.criterion_d(prob, data['label'].float())
            loss_c = self.criterion_c(out.transpose(1, 2), data["output_ids"])
            loss = self.gama * loss_c + (1 - self.gama) * loss_d

            if train:
                self.optim_schedule.zero_grad()
                loss.backward(retain_graph=True)  # expect: TL105
                self.optim_schedule.step_and_update_lr()

