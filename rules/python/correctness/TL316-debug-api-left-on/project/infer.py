import torch

# An inference script: no model of its own, nothing trains, no backward for anomaly mode to slow.
torch.autograd.set_detect_anomaly(True)


def predict(path, x):
    model = torch.jit.load(path)
    with torch.no_grad():
        return model(x)
