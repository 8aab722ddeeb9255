import torch


def train(model, loader, optimizer, criterion):
    losses = []
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss)  # noqa: TL101
        losses.append(loss)  # noqa
        losses.append(loss)  # torchlint: ignore[loss-kept-with-graph]
        losses.append(loss)  # noqa: TL201  # expect: TL000, TL101
        losses.append(loss.detach())  # torchlint: ignore  # expect: TL000
        losses.append(loss.detach())  # noqa  # expect: TL000
        import os  # noqa: F401
        losses.append(loss.detach())  # noqa: E501, TL102  # expect: TL000
        losses.append(loss.detach())  # torchlint: ignore[TL101, TL102]  # expect: TL000
        value = "# noqa inside a string is not a comment"
        losses.append(loss)  # noqa: TL101, TL303  # expect: TL000
        print(loss.item())  # NOQA: TL201


def spellings(model, loader, optimizer):
    # One tensor per line: TL201 reports each tensor once per loop.
    for x, y in loader:
        optimizer.zero_grad()
        a, b, c, d = model(x)
        (a + b + c + d).sum().backward()
        optimizer.step()
        print(a.item())  # NoQA
        print(b.item())  # NOQA: TL101  # expect: TL000, TL201
        print(c.item())  # torchlint: ignore[TL9999]  # expect: TL000, TL201
        print(d.item())  # noqaX is not a directive  # expect: TL201


def misspellings(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        a, b, c = model(x)
        (a + b + c).sum().backward()
        optimizer.step()
        print(a.item())  # noqa: TL2O1, E501  # expect: TL000, TL201
        print(b.item())  # noqa: sync-in-hot-lop  # expect: TL000, TL201
        print(c.item())  # noqa: TL201, B101, W0611
        print(c)  # noqa: TL999  # expect: TL000
