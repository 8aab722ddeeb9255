# reduced from kan-bayashi/ParallelWaveGAN@6ce15fb parallel_wavegan/bin/train.py:771
import torch
from torch.utils.data import DataLoader


class Trainer(object):
    def __init__(self, steps, epochs, data_loader, model, criterion, optimizer, scheduler, config,
                 device=torch.device("cpu")):
        self.steps = steps
        self.epochs = epochs
        self.data_loader = data_loader
        self.model = model
        self.criterion = criterion
        self.optimizer = optimizer
        self.scheduler = scheduler
        self.config = config
        self.device = device
        self.finish_train = False

    def run(self):
        while True:
            self._train_epoch()
            if self.finish_train:
                break

    def _train_step(self, batch):
        x, y = batch
        x = tuple([x_.to(self.device) for x_ in x])
        y = y.to(self.device)
        y_ = self.model["generator"](*x)
        gen_loss = self.criterion["stft"](y_.squeeze(1), y.squeeze(1))
        self.optimizer["generator"].zero_grad()
        gen_loss.backward()
        self.optimizer["generator"].step()
        self.scheduler["generator"].step()
        self.steps += 1

    def _train_epoch(self):
        for train_steps_per_epoch, batch in enumerate(self.data_loader["train"], 1):
            self._train_step(batch)
            if self.finish_train:
                return
        self.epochs += 1


def main():
    train_sampler, dev_sampler = None, None
    if args.distributed:
        # setup sampler for distributed training
        from torch.utils.data.distributed import DistributedSampler
        train_sampler = DistributedSampler(  # expect: TL315
            dataset=dataset["train"],
            num_replicas=args.world_size,
            rank=args.rank,
            shuffle=True,
        )
    data_loader = {
        "train": DataLoader(
            dataset=dataset["train"],
            shuffle=False if args.distributed else True,
            collate_fn=collater,
            batch_size=config["batch_size"],
            sampler=train_sampler,
        ),
    }
    trainer = Trainer(steps=0, epochs=0, data_loader=data_loader, model=model, criterion=criterion,
                      optimizer=optimizer, scheduler=scheduler, config=config, device=device)
    trainer.run()
