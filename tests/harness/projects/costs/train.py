"""A script whose loops pay per-call, growing and kept costs: `python train.py` trains, collects
the predictions of every batch, fine-tunes with the gradients cleared before each step, then
trains again with a hook that keeps every step's features."""
import torch
import torch.nn as nn

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [(torch.randn(32, 8), torch.randint(0, 2, (32,))) for _ in range(60)]


def train():
    for x, y in loader:
        model.to(device)
        loss = nn.functional.cross_entropy(model(x.to(device)), y.to(device))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        torch.cuda.empty_cache()


def collect():
    preds = torch.empty(0, 2, device=device)
    with torch.no_grad():
        for x, _ in loader:
            preds = torch.cat([preds, model(x.to(device))], dim=0)
    return preds


def finetune():
    for x, y in loader:
        loss = nn.functional.cross_entropy(model(x.to(device)), y.to(device))
        loss.backward()
        optimizer.zero_grad()  # clears the gradients the step is about to use
        optimizer.step()


def watch():
    features = []

    def keep(module, inputs, output):
        features.append(output)

    model[0].register_forward_hook(keep)
    for x, y in loader:
        loss = nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


if __name__ == "__main__":
    train()
    collect()
    finetune()
    watch()
