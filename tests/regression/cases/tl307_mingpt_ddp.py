# reduced from pytorch/examples@c67bbab distributed/minGPT-ddp/mingpt/trainer.py:103
import os

import torch
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class Trainer:
    def __init__(self, trainer_config, model, optimizer, train_dataset, test_dataset=None):
        self.config = trainer_config
        self.local_rank = int(os.environ["LOCAL_RANK"])
        self.train_loader = self._prepare_dataloader(train_dataset)
        self.model = model.to(self.local_rank)
        self.optimizer = optimizer
        if self.config.use_amp:
            self.scaler = torch.cuda.amp.GradScaler()  # torchlint: ignore[TL002]
        self.model = DDP(self.model, device_ids=[self.local_rank])

    def _prepare_dataloader(self, dataset):
        return DataLoader(dataset, batch_size=self.config.batch_size, pin_memory=True, shuffle=False,
                          num_workers=self.config.data_loader_workers, sampler=DistributedSampler(dataset))

    def _run_batch(self, source, targets, train: bool = True):
        with torch.set_grad_enabled(train), torch.amp.autocast(device_type="cuda", dtype=torch.float16, enabled=(self.config.use_amp)):
            _, loss = self.model(source, targets)

        if train:
            self.optimizer.zero_grad(set_to_none=True)
            if self.config.use_amp:
                self.scaler.scale(loss).backward()
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.config.grad_norm_clip)  # expect: TL307
                self.scaler.step(self.optimizer)
                self.scaler.update()
            else:
                loss.backward()
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.config.grad_norm_clip)
                self.optimizer.step()


    def _run_epoch(self, epoch: int, dataloader: DataLoader, train: bool = True):
        dataloader.sampler.set_epoch(epoch)
        for iter, (source, targets) in enumerate(dataloader):
            source = source.to(self.local_rank)
            targets = targets.to(self.local_rank)
            self._run_batch(source, targets, train)
