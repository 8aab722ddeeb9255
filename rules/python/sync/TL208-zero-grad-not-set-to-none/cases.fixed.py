import torch


def train(model, loader, optimizer, loss_fn, keep_grads):
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)  # expect: TL208
        model.zero_grad(True)  # expect: TL208
        loss_fn(model(x), y).backward()
        optimizer.step()


# ---- negatives ----

def default_is_none_since_2_0(model, loader, optimizer, loss_fn, keep_grads):
    for x, y in loader:
        optimizer.zero_grad()  # the project does not say which torch it supports
        optimizer.zero_grad(set_to_none=True)
        optimizer.zero_grad(set_to_none=keep_grads)
        model.zero_grad(keep_grads)
        loss_fn(model(x), y).backward()
        optimizer.step()
