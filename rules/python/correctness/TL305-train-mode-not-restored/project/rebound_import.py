import torch
from torch import nn

import model

# The module's name is rebound to the instance: from here on `model` is the network.
model = model.Recurrent(2, 64).to("cuda")
objective = nn.MSELoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)


def test(batch):
    model.eval()
    with torch.no_grad():
        return objective(model(batch[0]), batch[1]).item()


def train(get_batch, steps, test_batch):
    model.train()
    for i in range(steps):
        data, label = get_batch()
        optimizer.zero_grad()
        loss = objective(model(data), label)
        loss.backward()
        optimizer.step()
        if i % 100 == 0:
            print(test(test_batch))  # expect: TL305


def train_and_restore(get_batch, steps, test_batch):
    for i in range(steps):
        model.train()
        data, label = get_batch()
        optimizer.zero_grad()
        objective(model(data), label).backward()
        optimizer.step()
        if i % 100 == 0:
            print(test(test_batch))
