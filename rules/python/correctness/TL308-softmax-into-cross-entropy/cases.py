import torch
import torch.nn as nn
import torch.nn.functional as F


def train_classifier(model, loader, optimizer):
    for images, labels in loader:
        optimizer.zero_grad()
        logits = model(images)
        loss = F.cross_entropy(F.softmax(logits, dim=1), labels)  # expect: TL308
        loss.backward()
        optimizer.step()


def train_with_module_loss(net, loader, opt):
    criterion = nn.CrossEntropyLoss(label_smoothing=0.1)
    softmax = nn.Softmax(dim=1)
    for x, y in loader:
        opt.zero_grad()
        out = net(x)
        probs = torch.softmax(out, dim=-1)
        loss = criterion(probs, y)  # expect: TL308
        loss = loss + criterion(nn.Softmax(dim=1)(out), y)  # expect: TL308
        loss = loss + nn.CrossEntropyLoss()(out.softmax(1), y)  # expect: TL308
        loss.backward()
        opt.step()


def distill_step(student, x, y):
    scores = student(x)
    p = F.softmax(scores, dim=-1)
    return F.cross_entropy(input=p, target=y)  # expect: TL308


def two_heads(model, x, y_a, y_b):
    loss_fn = nn.CrossEntropyLoss()
    logits_a, logits_b = model(x)
    loss_a = loss_fn(logits_a, y_a)
    probs_b = logits_b.softmax(dim=1)
    return loss_a + loss_fn(probs_b, y_b)  # expect: TL308


# ---- negatives ----

def nll_after_log_softmax(model, x, y):
    log_probs = F.log_softmax(model(x), dim=1)
    nll = nn.NLLLoss()
    return F.nll_loss(log_probs, y) + nll(log_probs, y)


def soft_targets(student, teacher, x, temperature):
    logits = student(x)
    with torch.no_grad():
        targets = F.softmax(teacher(x) / temperature, dim=1)
    return F.cross_entropy(logits, targets)


def metrics_on_probabilities(model, x, y):
    logits = model(x)
    probs = logits.softmax(dim=-1)
    loss = F.cross_entropy(logits, y)
    acc = (probs.argmax(-1) == y).float().mean()
    return loss, acc


def rebound_before_the_loss(model, x, y):
    out = model(x)
    probs = F.softmax(out, dim=1)
    confidence = probs.max(1).values
    probs = out
    return F.cross_entropy(probs, y), confidence


def log_of_softmax(model, x, y):
    out = F.softmax(model(x), dim=1)
    return F.nll_loss(torch.log(out), y)


class Head(nn.Module):
    def __init__(self, dim, n):
        super().__init__()
        self.fc = nn.Linear(dim, n)
        self.softmax = nn.LogSoftmax(dim=1)

    def loss(self, feats, y):
        return F.cross_entropy(self.softmax(self.fc(feats)), y)


def parameter_named_like_a_result(model, x, y, probs):
    criterion = nn.CrossEntropyLoss()
    if probs is None:
        probs = F.softmax(model(x), dim=1)
    return criterion(probs, y)


class Classifier(nn.Module):
    def __init__(self, dim, n):
        super().__init__()
        self.fc = nn.Linear(dim, n)
        self.criterion = nn.CrossEntropyLoss()

    def validation_step(self, x, y):
        # The criterion was made in __init__; the name is rebound from logits to probabilities.
        y_hat = self.fc(x)
        y_hat = torch.softmax(y_hat, dim=1)
        return self.criterion(y_hat, y)  # expect: TL308

    def training_step(self, x, y):
        # Probabilities first, then the logits again: the loss gets the logits.
        y_hat = torch.softmax(self.fc(x), dim=1)
        y_hat = self.fc(x)
        return self.criterion(y_hat, y)


def linear_probe(features, loader, device):
    # A Sequential that ends in Softmax hands out probabilities.
    probe = nn.Sequential(nn.LazyLinear(10), nn.Softmax(-1)).to(device)
    head = nn.Sequential(nn.LazyLinear(10), nn.ReLU(), nn.Linear(10, 10))
    criterion = nn.CrossEntropyLoss()
    for x, y in loader:
        loss = criterion(probe(features(x)), y)  # expect: TL308
        loss = loss + criterion(head(features(x)), y)
        loss.backward()
