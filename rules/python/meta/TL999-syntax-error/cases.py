import torch


def train(model, loader, optimizer):
    history = []
    for x in loader:
        optimizer.zero_grad()
        loss = model(x).sum()
        loss.backward()
        optimizer.step()
        history.append(loss)  # expect: TL101


def broken(loader)  # expect: TL999
    for x in loader:
        pass


# Valid syntax that older parsers choke on: none of it is a syntax error.
def newer_syntax(batch, cfg):
    match batch:
        case {"x": x, **rest}:
            pass
        case [first, *others] if first > 0:
            pass
        case _:
            pass
    if (n := len(batch)) > 2:
        print(f"{n!r:>{cfg.width}} {'nested' if n else f'{n}'}")
    total = lambda *a, b=1, **k: sum(a) * b
    type Alias = list[int]
    snippet = "def broken(:"  # broken code inside a string is only text
    return total, Alias, snippet
