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
