# reduced from defeatcovid19/defeatcovid19-net-pytorch@ffa2f49 trainer/trainer.py:99
# (the original appends preds.cpu(); .cpu() keeps the graph too, but it is dropped here so the
#  line carries only the TL102 fact and not an additional per-step host copy)
import torch
import torch.nn as nn
from sklearn.metrics import roc_auc_score


class Trainer:
    def __init__(self, classifier, optimizer, train_loader):
        self.classifier = classifier
        self.optimizer = optimizer
        self.train_loader = train_loader

    def train(self, max_epochs):
        model = self.classifier
        criterion = nn.BCELoss()
        for epoch in range(max_epochs):
            model.train()
            epoch_labels = []
            epoch_preds = []
            for inputs, labels in self.train_loader:
                preds = model(inputs)
                loss = criterion(preds, labels)
                epoch_labels.append(labels)
                epoch_preds.append(preds)  # expect: TL102
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
            train_roc = roc_auc_score(torch.cat(epoch_labels), torch.cat(epoch_preds).detach())
