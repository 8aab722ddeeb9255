import torch

from utils.timer import Timer


def time_backward(model, inputs, labels, criterion, iters):
    # The synchronize comes right before the timer's clock read (a Timer of another file): it
    # makes the reading measure the GPU work.
    timer = Timer()
    for _ in range(iters):
        loss = criterion(model(inputs), labels)
        timer.tic()
        loss.backward()
        torch.cuda.synchronize()
        timer.toc()
    return timer.total / timer.calls


def train(model, loader, criterion, optimizer):
    timer = Timer()
    for x, y in loader:
        timer.tic()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        timer.toc()
        torch.cuda.synchronize()  # expect: TL202
