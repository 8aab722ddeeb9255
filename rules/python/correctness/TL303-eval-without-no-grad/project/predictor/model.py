import torch.nn as nn

from predictor.decorators import timed, without_grad


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(4, 2)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        return self.layer(self.drop(x))

    @without_grad
    def predict(self, images):
        self.eval()
        results = []
        for img in images:
            results.append(self(img).argmax(dim=1).tolist())
        self.train()
        return results

    @timed
    def predict_timed(self, images):
        self.eval()
        results = []
        for img in images:
            results.append(self(img).argmax(dim=1).tolist())  # expect: TL303
        self.train()
        return results
