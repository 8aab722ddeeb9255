import torch


@torch.no_grad()
def validate(model, loader):
    total = 0
    for x, y in loader:
        total += (model(x).argmax(1) == y).sum()  # expect: TL304
        total += (model(x).argmax(1) == y).sum()
    return total



# ---- negatives ----

# A per-batch helper without a loop over data: its callers decide the mode (they are judged
# where they evaluate); its name alone does not make it an evaluation.
@torch.no_grad()
def predict_batch(classifier, batch):
    return classifier(batch).softmax(-1)


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    return [model(x) for x in loader]


@torch.no_grad()
def test_epoch(model, loader):
    model.train(False)
    return [model(x) for x in loader]


@torch.no_grad()
def evaluate_after_caller(model, loader):
    return [model(x) for x in loader]


def fit(model, loader):
    model.eval()
    evaluate_after_caller(model, loader)
    model.train()


@torch.no_grad()
def sample_tokens(model, idx):
    return model(idx)


# ---- flow, not names ----

def measure(net, loader):  # evaluation because its callers run it under no_grad over data
    total = 0
    for x, y in loader:
        total += (net(x).argmax(1) == y).sum()  # expect: TL304
    return total


def fit(net, loader, val_loader, opt, criterion):
    for epoch in range(3):
        net.train()
        for x, y in loader:
            opt.zero_grad()
            criterion(net(x), y).backward()
            opt.step()
        with torch.no_grad():
            measure(net, val_loader)


def measure_in_eval_mode(net, loader):
    total = 0
    for x, y in loader:
        total += (net(x).argmax(1) == y).sum()
    return total


def fit_and_switch(net, loader, val_loader, opt, criterion):
    for epoch in range(3):
        net.train()
        for x, y in loader:
            opt.zero_grad()
            criterion(net(x), y).backward()
            opt.step()
        net.eval()
        with torch.no_grad():
            measure_in_eval_mode(net, val_loader)


@torch.no_grad()
def evaluate_pretrained(loader):
    # Hugging Face models come out of from_pretrained in eval mode.
    from transformers import AutoModelForSequenceClassification
    model = AutoModelForSequenceClassification.from_pretrained("bert-base-uncased")
    for batch in loader:
        model(**batch)


def train_then_test(model, train_loader, test_loader, optimizer, criterion):
    for x, y in train_loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
    with torch.no_grad():
        for x, y in test_loader:
            model(x)  # expect: TL304


def train_then_test_in_eval_mode(model, train_loader, test_loader, optimizer, criterion):
    for x, y in train_loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
    model.eval()
    with torch.no_grad():
        for x, y in test_loader:
            model(x)


def recalibrate_batch_norm(model, loader):
    # No training before it: refreshing batch-norm statistics in train mode is the point.
    with torch.no_grad():
        for x, _ in loader:
            model(x)
