import torch
import torch.nn as nn
import torch.nn.functional as F


def evaluate_one_by_one(model, val_loader, device):
    model.eval()
    correct = 0
    with torch.no_grad():
        for images, labels in val_loader:
            images, labels = images.to(device), labels.to(device)
            for image, label in zip(images, labels):
                logits = model(image.unsqueeze(0))  # expect: TL204
                correct += int(logits.argmax(1).item() == label.item())
    return correct


def train_per_sample(net, loader, optimizer, device):
    net.train()
    for inputs, targets in loader:
        inputs, targets = inputs.to(device), targets.to(device)
        optimizer.zero_grad()
        outputs = []
        for i in range(inputs.size(0)):
            outputs.append(net(inputs[i:i + 1]))  # expect: TL204
        loss = F.cross_entropy(torch.cat(outputs), targets)
        loss.backward()
        optimizer.step()


def score_each_row(scorer, loader, device):
    scorer.eval()
    scores = []
    with torch.no_grad():
        for feats, _ in loader:
            feats = feats.cuda(non_blocking=True)
            for row in range(len(feats)):
                scores.append(scorer(feats[row].unsqueeze(0)))  # expect: TL204
            for sample in feats:
                scores.append(scorer(sample[None]))  # expect: TL204
    return scores


def eval_sliced_host_batch(classifier, val_loader):
    classifier.eval()
    preds = []
    with torch.no_grad():
        for batch, _ in val_loader:
            for k in range(batch.shape[0]):
                preds.append(classifier(batch[k:k + 1]).argmax(1))  # expect: TL204
    return preds


# ---- negatives ----

def evaluate_batched(model, val_loader, device):
    model.eval()
    correct = 0
    with torch.no_grad():
        for images, labels in val_loader:
            images, labels = images.to(device), labels.to(device)
            correct += (model(images).argmax(1) == labels).sum()
    return correct


@torch.no_grad()
def greedy_decode(decoder, memory, bos, steps):
    # Autoregressive: each call consumes what the previous one produced.
    tokens = bos
    for _ in range(steps):
        logits = decoder(tokens, memory)
        tokens = torch.cat([tokens, logits[:, -1:].argmax(-1)], dim=1)
    return tokens


def run_cell_over_time(cell, head, loader, optimizer, device):
    for seq, target in loader:
        seq, target = seq.to(device), target.to(device)
        h = torch.zeros(seq.size(1), 64, device=device)
        for t in range(seq.size(0)):
            h = cell(seq[t:t + 1], h)
        loss = F.mse_loss(head(h), target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def ensemble_predict(models, loader, device):
    outputs = []
    with torch.no_grad():
        for x, _ in loader:
            x = x.to(device)
            for member in models:
                member.eval()
                outputs.append(member(x))
    return outputs


def per_sample_gradient_norms(model, loader, device):
    # Per-example gradients: one backward per sample is the point of the loop.
    norms = []
    for x, y in loader:
        x, y = x.to(device), y.to(device)
        for i in range(x.size(0)):
            model.zero_grad()
            F.cross_entropy(model(x[i:i + 1]), y[i:i + 1]).backward()
            norms.append(torch.stack([p.grad.norm() for p in model.parameters()]).norm())
    return norms


def variable_size_images(detector, loader):
    detector.eval()
    results = []
    with torch.no_grad():
        for images, _ in loader:
            for image in images:
                results.append(detector(image.unsqueeze(0)))
    return results


class Pyramid(nn.Module):
    def __init__(self, dims):
        super().__init__()
        self.levels = nn.ModuleList(nn.Conv2d(d, d, 3, padding=1) for d in dims)

    def forward(self, feats):
        return [self.levels[i](feats[i]) for i in range(len(feats))]
