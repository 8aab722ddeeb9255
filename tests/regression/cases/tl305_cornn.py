# reduced from tk-rusch/coRNN@ba26cee adding/adding_task.py:68
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(2, 64), nn.Dropout(0.1), nn.Linear(64, 1))
objective = nn.MSELoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)


def test(batch):
    model.eval()
    with torch.no_grad():
        out = model(batch[0])
        loss = objective(out, batch[1])
    return loss


def train(get_batch, max_steps, test_batch):
    model.train()
    test_mse = []
    for i in range(max_steps):
        data, label = get_batch()
        optimizer.zero_grad()
        out = model(data)
        loss = objective(out, label)
        loss.backward()
        optimizer.step()
        if i % 100 == 0 and i != 0:
            mse_error = test(test_batch)  # expect: TL305
            test_mse.append(mse_error)
