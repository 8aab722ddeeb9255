import pytorch_lightning as pl
import torch


def collects_outputs(model, loader, optimizer, criterion):
    all_logits = []
    features = {}
    preds = []
    scaled = []
    for i, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        logits = model(x)
        loss = criterion(logits, y)
        loss.backward()
        optimizer.step()
        all_logits.append(logits.detach())  # expect: TL102
        features[i] = model.encoder(x).detach()  # expect: TL102
        probs = torch.softmax(logits, dim=-1)
        preds.append(probs.detach())  # expect: TL102
        scaled.append((logits * 2).detach())  # expect: TL102


class LitModel(pl.LightningModule):
    def manual_loop(self, loader, opt):
        self.outputs = []
        for batch in loader:
            out = self(batch)
            self.manual_backward(out.sum())
            opt.step()
            opt.zero_grad()
            self.outputs.append(out.detach())  # expect: TL102


# ---- negatives ----

def detached_outputs(model, loader, optimizer, criterion):
    kept, labels, argmaxes = [], [], []
    for x, y in loader:
        optimizer.zero_grad()
        logits = model(x)
        loss = criterion(logits, y)
        loss.backward()
        optimizer.step()
        kept.append(logits.detach())
        argmaxes.append(logits.argmax(dim=-1))
        labels.append(y)


def stored_under_no_grad(model, loader, optimizer, criterion):
    outputs = []
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
        with torch.no_grad():
            outputs.append(model(x))


def rebuilt_each_step(model, loader, optimizer):
    for x in loader:
        pieces = []
        for chunk in x.split(8):
            pieces.append(model(chunk))
        torch.cat(pieces).sum().backward()
        optimizer.step()
        optimizer.zero_grad()


def host_copies_keep_the_graph_too(model, loader, optimizer, criterion):
    kept, as_numpy = [], []
    for x, y in loader:
        optimizer.zero_grad()
        outputs = model(x)
        loss = criterion(outputs, y)
        loss.backward()
        optimizer.step()
        kept.append(outputs.to("cpu").detach())  # expect: TL102, TL201
        # TL201 reports a value once: at the copy above.
        as_numpy.append(outputs.cpu().detach())  # expect: TL102


def micro_batches_of_one_step(model, loader, optimizer, criterion):
    # Backward per micro-batch, one optimizer step per batch: the lists hold one step's outputs.
    for x, y in loader:
        optimizer.zero_grad()
        outputs, losses = [], []
        for xc, yc in zip(x.chunk(4), y.chunk(4)):
            out = model(xc)
            outputs.append(out)
            loss = criterion(out, yc)
            losses.append(loss)
            loss.backward()
        optimizer.step()
        report(torch.cat(outputs), sum(losses))


def kept_for_the_epoch(model, loader, optimizer, criterion, epochs):
    # Rebuilt per epoch, but every inner iteration is a step: the epoch's graphs pile up.
    for epoch in range(epochs):
        outputs = []
        for x, y in loader:
            optimizer.zero_grad()
            out = model(x)
            criterion(out, y).backward()
            optimizer.step()
            outputs.append(out.detach())  # expect: TL102


def metrics_beside_the_loss(reward_model, loader, optimizer):
    # The forward returns its loss and a dict of logging metrics: what the dict holds is not
    # known to carry a graph (here Python numbers built with .item()).
    for epoch in range(5):
        total_accuracy = 0
        for batch in loader:
            loss, output_dict = reward_model.forward(batch)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total_accuracy += output_dict["accuracy"]


def two_models_side_by_side(ref_model, ref_opt, model, opt, x, steps):
    # The inner loop runs twice (a literal pair): it keeps two outputs, rebuilt every step.
    for step in range(steps):
        outputs = []
        for net, optim in ((ref_model, ref_opt), (model, opt)):
            optim.zero_grad()
            outputs.append(net(x).sum())
            outputs[-1].backward()
            optim.step()
        compare(outputs)


def last_scores(loader, model, criterion, optimizer):
    # Stored under the same key every step: the previous step's output is replaced.
    scores = {}
    for x, y in loader:
        out = model(x)
        scores["last"] = out.mean()
        loss = criterion(out, y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()


def scores_by_batch(loader, model, criterion, optimizer):
    scores = {}
    for i, (x, y) in enumerate(loader):
        out = model(x)
        scores[(i, "mean")] = out.mean().detach()  # expect: TL102
        loss = criterion(out, y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
