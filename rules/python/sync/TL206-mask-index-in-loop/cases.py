import numpy as np
import torch
import torch.nn.functional as F


def train_token_classifier(tagger, loader, optimizer, device, pad_id):
    tagger.train()
    for tokens, tags in loader:
        tokens, tags = tokens.to(device), tags.to(device)
        optimizer.zero_grad()
        logits = tagger(tokens)
        valid = tags != pad_id
        loss = F.cross_entropy(logits[valid], tags[valid])  # expect: TL206
        loss.backward()
        optimizer.step()


def train_detector_head(head, loader, optimizer, device):
    for feats, labels, boxes in loader:
        feats, labels, boxes = feats.to(device), labels.to(device), boxes.to(device)
        optimizer.zero_grad()
        scores, deltas = head(feats)
        pos_idx = (labels > 0).nonzero(as_tuple=True)[0]  # expect: TL206
        rows, cols = torch.where(labels == 0)  # expect: TL206
        reg_loss = F.smooth_l1_loss(deltas[pos_idx], boxes[pos_idx])
        cls_loss = F.binary_cross_entropy_with_logits(scores[rows, cols], labels[rows, cols].float())
        finite = torch.isfinite(deltas).all(1)
        reg_loss = reg_loss + deltas[finite & (labels > 0)].abs().mean()  # expect: TL206
        (reg_loss + cls_loss).backward()
        optimizer.step()


def train_with_keep_mask(net, loader, optimizer, device, p):
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        keep = torch.rand(x.size(1), device=device) > p
        optimizer.zero_grad()
        out = net(x[:, keep])  # expect: TL206
        hits = torch.nonzero(out.argmax(1) == y)  # expect: TL206
        F.cross_entropy(out, y).backward()
        optimizer.step()


# ---- negatives ----

def train_masked_without_sync(tagger, loader, optimizer, device, pad_id):
    for tokens, tags in loader:
        tokens, tags = tokens.to(device), tags.to(device)
        optimizer.zero_grad()
        logits = tagger(tokens)
        valid = tags != pad_id
        per_token = F.cross_entropy(logits.transpose(1, 2), tags, reduction="none")
        loss = (per_token * valid).sum() / valid.sum().clamp(min=1)
        clipped = torch.where(valid, per_token, torch.zeros_like(per_token))
        logits = logits.masked_fill(~valid[..., None], 0.0)
        loss = loss + 0.0 * clipped.mean() + 0.0 * logits.mean()
        loss.backward()
        optimizer.step()


def train_integer_indexing(model, loader, optimizer, device, memory_bank):
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        idx = torch.randperm(x.size(0), device=device)
        optimizer.zero_grad()
        out = model(x[idx])
        negatives = memory_bank[y]
        loss = F.cross_entropy(out, y[idx]) + out.mean() * negatives.mean()
        loss.backward()
        optimizer.step()


def train_mask_write(model, loader, optimizer, device):
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        x[x < 0] = 0.0
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def train_host_side_arrays(model, loader, optimizer, device):
    for x, y, weights in loader:
        w = np.asarray(weights)
        w = w[w > 0]
        optimizer.zero_grad()
        F.mse_loss(model(x.to(device)), y.to(device)).backward()
        optimizer.step()


def train_periodic_stats(model, loader, optimizer, device, log_every):
    for step, (x, y) in enumerate(loader):
        x, y = x.to(device), y.to(device)
        optimizer.zero_grad()
        out = model(x)
        F.cross_entropy(out, y).backward()
        optimizer.step()
        if step % log_every == 0:
            wrong = (out.argmax(1) != y).nonzero()
            print(len(wrong))


def evaluate(model, loader, device):
    model.eval()
    errors = []
    with torch.no_grad():
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            pred = model(x).argmax(1)
            errors.append(x[pred != y])
    return errors
