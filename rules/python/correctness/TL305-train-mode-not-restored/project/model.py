import torch.nn as nn


class Recurrent(nn.Module):
    def __init__(self, inputs, hidden):
        super().__init__()
        self.cell = nn.GRUCell(inputs, hidden)
        self.drop = nn.Dropout(0.2)
        self.readout = nn.Linear(hidden, 1)

    def forward(self, x):
        h = x.new_zeros(x.size(1), self.cell.hidden_size)
        for t in range(x.size(0)):
            h = self.cell(x[t], h)
        return self.readout(self.drop(h))
