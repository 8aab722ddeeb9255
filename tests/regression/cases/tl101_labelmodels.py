# reduced from BatsResearch/labelmodels@3b5683b labelmodels/label_model.py:90
import torch
import torch.nn as nn


class LabelModel(nn.Module):
    def _get_regularization_loss(self):
        return 0.0

    def _do_estimate_label_model(self, batches, epochs, lr):
        optimizer = torch.optim.SGD(self.parameters(), lr=lr)
        for epoch in range(epochs):
            self.train()
            running_loss = 0.0
            for i_batch, inputs in enumerate(batches):
                optimizer.zero_grad()
                log_likelihood = self(*inputs)
                loss = -1 * torch.mean(log_likelihood)
                loss += self._get_regularization_loss()
                loss.backward()
                optimizer.step()
                running_loss += loss  # expect: TL101
            epoch_loss = running_loss / len(batches)
