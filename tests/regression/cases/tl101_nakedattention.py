# reduced from jostmey/NakedAttention@2aa6b4c model_and_script.py:115
import torch
import torch.nn as nn

model = nn.Sequential(nn.Flatten(), nn.Linear(784, 10))
loss = torch.nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
loader_train = []

for i in range(128):
    model.train()
    e_train = 0.0
    for xs_batch, ys_batch in iter(loader_train):
        ls_batch = model(xs_batch)
        e_batch = loss(ls_batch, ys_batch)
        optimizer.zero_grad()
        e_batch.backward()
        optimizer.step()
        e_train += e_batch / len(loader_train)  # expect: TL101
