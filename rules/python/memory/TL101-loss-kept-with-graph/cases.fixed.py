import torch
import torch.nn.functional as F
from accelerate import Accelerator


def keeps_graphs(model, loader, optimizer, criterion):
    losses = []
    total_loss = 0
    running = 0
    history = {}
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.detach())  # expect: TL101
        total_loss += loss.detach()  # expect: TL101
        running = running + loss.detach()  # expect: TL101
        history[step] = loss.detach()  # expect: TL101


def keeps_scaled_loss(model, loader, optimizer):
    epoch_loss = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        out = model(x)
        loss = F.cross_entropy(out, y) / 4
        loss.backward()
        optimizer.step()
        epoch_loss += loss.detach()  # expect: TL101


class Trainer:
    def fit(self, loader):
        self.losses = []
        accelerator = Accelerator()
        for batch in loader:
            self.optimizer.zero_grad()
            outputs = self.model(**batch)
            loss = outputs.loss
            accelerator.backward(loss)
            self.optimizer.step()
            self.losses.append(loss.detach())  # expect: TL101


def tuple_outputs(model, loader, optimizer):
    seen = []
    for idx, targets in loader:
        logits, loss = model(idx, targets)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        seen.append(loss.detach())  # expect: TL101


# ---- negatives ----

def detached_values(model, loader, optimizer, criterion):
    losses, totals, floats = [], 0, []
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss.detach())
        totals += loss.detach()
        if step % 100 == 0:
            floats.append(loss.item())
            floats.append(float(loss))


def under_no_grad(model, loader, optimizer, criterion):
    kept = []
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        with torch.no_grad():
            kept.append(criterion(model(x), y))


def accumulation_then_backward(model, loader, optimizer, criterion, accum=4):
    acc_loss = 0
    for i, (x, y) in enumerate(loader):
        loss = criterion(model(x), y)
        loss = loss / accum
        acc_loss += loss
        if (i + 1) % accum == 0:
            acc_loss.backward()
            optimizer.step()
            optimizer.zero_grad()
            acc_loss = 0


def multi_head_loss(model, loader, optimizer, criterion):
    for x, ys in loader:
        optimizer.zero_grad()
        outs = model(x)
        loss = 0
        for head, y in ys.items():
            loss += criterion(outs[head], y)
        loss.backward()
        optimizer.step()


def list_rebuilt_every_step(model, loader, optimizer, criterion):
    for batch in loader:
        parts = []
        for micro in batch.chunk(4):
            parts.append(criterion(model(micro), micro))
        loss = torch.stack(parts).mean()
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()


def after_the_inner_loop(model, loader, optimizer, criterion, epochs):
    per_epoch = []
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
        per_epoch.append(loss.item())


def frozen_losses(model, loader, criterion):
    losses = []
    with torch.no_grad():
        for x, y in loader:
            losses.append(criterion(model(x), y))
    return losses


def python_numbers(loader, optimizer, model, criterion):
    lrs = []
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
        lr = optimizer.param_groups[0]["lr"]
        lrs.append(lr)



def keeps_step_outputs(dataloader, module, optimizer):
    # What the unknown helper returns is backpropagated here: it holds a graph.
    outputs = []
    for i, batch in enumerate(dataloader):
        optimizer.zero_grad()
        output = module.training_step(batch, i)
        output["loss"].backward()
        optimizer.step()
        outputs.append(output)  # expect: TL101
    return outputs


def keeps_detached_after_backward(dataloader, module, optimizer):
    losses = []
    for batch in dataloader:
        loss = module.compute(batch)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        loss = loss.detach()
        losses.append(loss)
    return losses



class Trainer:
    # The annotation of the helper says which element is a tensor: a count is a Python int.
    def compute_loss(self, batch) -> tuple[torch.Tensor, int | None]:
        return self.unit.process_batch(batch)

    def compute_losses(self, batch) -> tuple[torch.Tensor, torch.Tensor]:
        return self.criterion(self.model(batch), batch), self.aux(batch)

    def run(self, loader, optimizer):
        num_targets = 0
        aux_losses = []
        for batch in loader:
            loss, n = self.compute_loss(batch)
            num_targets += n
            loss.backward()
            main, aux = self.compute_losses(batch)
            (main + aux).backward()
            aux_losses.append(aux)  # expect: TL101
            optimizer.step()
            optimizer.zero_grad()
        return num_targets, aux_losses


def compute_performance(pred, gold, pad):
    # Without an annotation, what the returns build: the counts are Python numbers. It runs
    # every training step (called before backward), so its read of the model's output is
    # reported here; `gold` is a host batch, never moved.
    loss = torch.nn.functional.cross_entropy(pred, gold, ignore_index=pad)
    mask = gold.ne(pad)
    n_correct = pred.max(1)[1].eq(gold).masked_select(mask).sum().item()  # expect: TL201
    n_word = mask.sum().item()
    return loss, n_correct, n_word


def counts_words(model, loader, optimizer, pad):
    n_word_total, n_word_correct, losses = 0, 0, []
    for src, gold in loader:
        optimizer.zero_grad()
        loss, n_correct, n_word = compute_performance(model(src), gold, pad)
        loss.backward()
        optimizer.step()
        n_word_total += n_word
        n_word_correct += n_correct
        losses.append(loss.detach())  # expect: TL101
    return n_word_total, n_word_correct, losses


def gan_step_log(loader, generator, discriminator, g_optim, d_optim, d_logistic_loss, name):
    # Stored under the same key every step: each step's loss replaces the previous one, so at
    # most one step's graph is held (reduced and logged once per step).
    loss_dict = {}
    for real in loader:
        fake = generator(real)
        d_loss = d_logistic_loss(discriminator(real), discriminator(fake.detach()))
        loss_dict["d"] = d_loss
        loss_dict[name] = d_loss
        loss_dict[("d", 0)] = d_loss
        d_optim.zero_grad()
        d_loss.backward()
        d_optim.step()
        g_loss = d_logistic_loss(discriminator(fake), None)
        loss_dict[f"g_{name}"] = g_loss
        g_optim.zero_grad()
        g_loss.backward()
        g_optim.step()


def keyed_by_step(loader, model, criterion, optimizer):
    history = {}
    for step, (x, y) in enumerate(loader):
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        history[f"step_{step}"] = loss.detach()  # expect: TL101
