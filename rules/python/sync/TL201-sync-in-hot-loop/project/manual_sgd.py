import torch


def fit(model, criterion, batches, lr):
    # Plain SGD written out: the in-place updates from the gradients are training steps.
    for x, y in batches:
        loss = criterion(model(x), y)
        loss.backward()
        with torch.no_grad():
            for p in model.parameters():
                p -= lr * p.grad
                p.grad = None
        print(loss.item())  # expect: TL201
