# reduced from pytorch/torchtune@e145b16 recipes/full_finetune.py:375
import torch


class FullFinetuneRecipe:
    def __init__(self, model, optimizer, loss_fn, dataloader, log_every_n_steps, metric_logger):
        self._model = model
        self._optimizer = optimizer
        self._loss_fn = loss_fn
        self._dataloader = dataloader
        self._log_every_n_steps = log_every_n_steps
        self._metric_logger = metric_logger
        self.total_training_steps = 0

    def train(self, pbar, total_epochs):
        for curr_epoch in range(total_epochs):
            for idx, (input_ids, labels) in enumerate(self._dataloader):
                self._optimizer.zero_grad()
                logits = self._model(input_ids)
                loss = self._loss_fn(logits.transpose(1, 2), labels)
                pbar.set_description(f"{curr_epoch+1}|{idx+1}|Loss: {loss.item()}")  # expect: TL201
                if self.total_training_steps % self._log_every_n_steps == 0:
                    self._metric_logger.log_dict({"loss": loss.item()}, step=self.total_training_steps)
                loss.backward()
                self._optimizer.step()
                self.total_training_steps += 1
