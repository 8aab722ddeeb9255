# reduced from NCAR/miles-credit@91dd510 credit/trainers/trainerERA5_v2.py:271
from itertools import cycle

import torch
from torch.cuda.amp import autocast  # torchlint: ignore[TL002]

from credit.trainers.base_trainer import BaseTrainer


class Trainer(BaseTrainer):
    def train_one_epoch(self, epoch, conf, trainloader, optimizer, criterion, scaler, scheduler, metrics):
        batches_per_epoch = conf["trainer"]["batches_per_epoch"]
        grad_max_norm = conf["trainer"]["grad_max_norm"]
        amp = conf["trainer"]["amp"]
        grad_accum_every = conf["trainer"]["grad_accum_every"]
        distributed = True if conf["trainer"]["mode"] in ["fsdp", "ddp"] else False

        dl = cycle(trainloader)
        for i in range(batches_per_epoch):
            batch = next(dl)
            commit_loss = 0.0

            with autocast(enabled=amp):
                x = reshape_only(batch["x"]).to(self.device)
                y = reshape_only(batch["y"]).to(self.device)

                y_pred = self.model(x)

                y = y.to(device=self.device, dtype=y_pred.dtype)
                loss = criterion(y, y_pred)

                loss = loss.mean() + commit_loss

                scaler.scale(loss / grad_accum_every).backward()  # torchlint: ignore[TL403]

            if distributed:
                torch.distributed.barrier()

            torch.nn.utils.clip_grad_norm_(self.model.parameters(), max_norm=grad_max_norm)  # expect: TL307
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad()
