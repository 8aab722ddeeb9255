# The project supports torch 1.12: a bare zero_grad() zeroes in place there.
def train(model, loader, optimizer, loss_fn):
    for x, y in loader:
        optimizer.zero_grad()  # expect: TL208
        loss_fn(model(x), y).backward()
        optimizer.step()
