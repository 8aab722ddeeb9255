# reduced from yunjey/pytorch-tutorial@7aac812 tutorials/02-intermediate/recurrent_neural_network/main.py:94
import torch
import torch.nn as nn


class RNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(28, 128, 2, batch_first=True, dropout=0.2)
        self.fc = nn.Linear(128, 10)

    def forward(self, x):
        out, _ = self.lstm(x)
        return self.fc(out[:, -1, :])


model = RNN()
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
train_loader = []
test_loader = []

for epoch in range(2):
    for images, labels in train_loader:
        outputs = model(images)
        loss = criterion(outputs, labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()

with torch.no_grad():
    correct = 0
    for images, labels in test_loader:
        outputs = model(images)  # expect: TL304
        correct += (outputs.argmax(1) == labels).sum()
