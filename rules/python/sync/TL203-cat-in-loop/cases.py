import torch
from torch.utils.data import DataLoader


@torch.no_grad()
def predict(net, val_loader, device):
    net.eval()
    preds = torch.empty(0, device=device)
    labels = torch.empty(0, dtype=torch.long)
    for images, targets in val_loader:
        scores = net(images.to(device))
        preds = torch.cat([preds, scores.argmax(1)])  # expect: TL203
        labels = torch.cat((labels, targets), dim=0)  # expect: TL203
    return preds, labels


@torch.no_grad()
def embed(encoder, dataset, batch_size):
    encoder.eval()
    bank = torch.zeros(0, 128)
    for batch in DataLoader(dataset, batch_size=batch_size):
        z = encoder(batch)
        bank = torch.vstack([bank, z])  # expect: TL203
    return bank


# --- negatives ---

@torch.no_grad()
def predict_list(net, val_loader):
    net.eval()
    chunks = []
    for images, _ in val_loader:
        chunks.append(net(images))
    return torch.cat(chunks)


def dense_block(layers, x):
    for layer in layers:
        x = torch.cat([x, layer(x)], dim=1)
    return x


@torch.no_grad()
def generate(lm, idx, steps):
    for _ in range(steps):
        logits = lm(idx)[:, -1, :]
        nxt = torch.multinomial(torch.softmax(logits, dim=-1), 1)
        idx = torch.cat((idx, nxt), dim=1)
    return idx


@torch.no_grad()
def per_batch(net, val_loader):
    net.eval()
    out = []
    for images, extra in val_loader:
        inputs = torch.cat([images, extra], dim=1)  # a fresh tensor each batch
        out.append(net(inputs))
    return out


@torch.no_grad()
def features(backbone, loader):
    backbone.eval()
    res = None
    for images, _ in loader:
        feat = backbone(images)
        if res is None:
            res = torch.zeros(0, feat.shape[1])
        res = torch.cat([res, feat], dim=0)  # expect: TL203
    return res


def train_step_inputs(unet, loader, opt):
    for batch in loader:
        noisy = batch["latents"] + torch.randn_like(batch["latents"])
        if unet.in_channels == 8:
            noisy = torch.cat([noisy, batch["cond"]], dim=1)  # rebuilt every batch: no growth
        loss = unet(noisy).pow(2).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()


def keep_first_samples(loader, gen, samples, saved):
    for real in loader:
        if samples.size(0) < 10:
            samples = torch.cat((samples, real[:1]), 0)  # bounded by its own size
        if saved["imgs"].size(0) < 10:
            saved["imgs"] = torch.cat((saved["imgs"], real[:1]), 0)
            saved["noise"] = torch.cat((saved["noise"], torch.randn_like(real[:1])), 0)  # bounded by a sibling
        gen(real)
    return samples


def chunks(net, loader):
    outs = []
    for images in loader:
        pred = None
        for piece in torch.chunk(images, 4):
            pred = net(piece) if pred is None else pred
            pred = torch.cat((pred, net(piece)), dim=0)  # grows over the chunks of one batch only
        outs.append(pred)
    return outs


class EpochMetric:
    # The metric protocol: update() is called once per batch, compute() reads what it kept.
    def reset(self):
        self._predictions = torch.tensor([])

    def update(self, y_pred):
        self._predictions = torch.cat([self._predictions, y_pred], dim=0)  # expect: TL203

    def compute(self):
        return self._predictions.mean()


class BoundedWindow:
    # update() keeps the last 100 rows: the condition bounds the growth.
    def reset(self):
        self.rows = torch.empty(0)

    def update(self, x):
        if self.rows.shape[0] < 100:
            self.rows = torch.cat([self.rows, x])


class Sketch:
    # Not a metric: no compute() or reset(), update() is just a method name here.
    def update(self, x):
        self.parts = torch.cat([self.parts, x])


class TemporalEnsembler:
    # One action in, one out per call: the window slides, it does not grow.
    def reset(self):
        self.actions = None

    def update(self, actions):
        if self.actions is None:
            self.actions = actions.clone()
        else:
            self.actions = torch.cat([self.actions, actions[:, -1:]], dim=1)
        action, self.actions = self.actions[:, 0], self.actions[:, 1:]
        return action
