# reduced from facebookresearch/mmf@c75f245 mmf/trainers/core/training_loop.py:29
import math
from abc import ABC

import torch


class TrainerTrainingLoopMixin(ABC):
    current_epoch: int = 0
    current_iteration: int = 0
    num_updates: int = 0

    def training_loop(self) -> None:
        self.max_updates = self.training_config.max_updates
        self.max_epochs = self.training_config.max_epochs
        if self.max_epochs is None:
            self.max_epochs = math.inf
        else:
            self.max_updates = math.inf

        torch.autograd.set_detect_anomaly(True)  # expect: TL316

        self.writer.write("Starting training...")
        self.model.train()
        self.run_training_epoch()

    def run_training_epoch(self) -> None:
        should_break = False
        while self.num_updates < self.max_updates and not should_break:
            self.current_epoch += 1
            for batch in self.train_loader:
                self.current_iteration += 1
                self.run_training_batch(batch)
                if self.num_updates > self.max_updates:
                    should_break = True
                if should_break:
                    break

    def run_training_batch(self, batch) -> None:
        report = self._forward(batch)
        loss = self._extract_loss(report)
        self._backward(loss)

    def _forward(self, batch):
        prepared_batch = self.dataset_loader.prepare_batch(batch)
        model_output = self.model(prepared_batch)
        return model_output

    def _backward(self, loss) -> None:
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        self.num_updates += 1
