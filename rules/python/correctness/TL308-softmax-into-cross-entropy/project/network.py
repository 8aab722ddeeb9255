import torch.nn as nn
import torch.nn.functional as F


class ProbabilityNet(nn.Module):
    # Its forward ends in a softmax: callers get probabilities, not logits.
    def __init__(self, dim, classes):
        super().__init__()
        self.fc = nn.Linear(dim, classes)

    def forward(self, x):
        out = self.fc(x)
        out = F.softmax(out, dim=1)
        return out


class LogitNet(nn.Module):
    # Logits from forward; probabilities only from predict().
    def __init__(self, dim, classes):
        super().__init__()
        self.fc = nn.Linear(dim, classes)

    def forward(self, x):
        return self.fc(x)

    def predict(self, x):
        return F.softmax(self.forward(x), dim=1)
