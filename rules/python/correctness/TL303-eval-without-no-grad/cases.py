import torch


def evaluate(model, loader):
    model.eval()
    correct = 0
    for x, y in loader:
        logits = model(x)  # expect: TL303
        correct += (logits.argmax(1) == y).sum()
        logits = model(x)
    return correct


def run_validation(net, loader):
    net.eval()
    return [net(x) for x in loader]  # expect: TL303


def main(model, train_loader, val_loader, optimizer):
    for x in train_loader:
        optimizer.zero_grad()
        model(x).sum().backward()
        optimizer.step()
    model.eval()
    for x in val_loader:
        out = model(x)  # expect: TL303


# ---- negatives ----

@torch.no_grad()
def validate(model, loader):
    model.eval()
    return [model(x) for x in loader]


@torch.inference_mode
def predict(model, x):
    model.eval()
    return model(x)


def test(model, loader):
    model.eval()
    with torch.no_grad():
        return [model(x) for x in loader]


def evaluate_wrapped(model, loader):
    model.eval()
    return [model(x) for x in loader]


def fit(model, loader, val_loader, optimizer):
    for x in loader:
        optimizer.zero_grad()
        model(x).sum().backward()
        optimizer.step()
    with torch.no_grad():
        evaluate_wrapped(model, val_loader)


def validation_with_grad_on_purpose(model, loader, optimizer):
    model.eval()
    for x in loader:
        optimizer.zero_grad()
        model(x).sum().backward()


def infer_with_set_grad_enabled(model, x):
    model.eval()
    torch.set_grad_enabled(False)
    return model(x)
