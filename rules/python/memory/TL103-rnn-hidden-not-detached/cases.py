import torch
import torch.nn as nn
import torch.nn.functional as F


class CharLSTM(nn.Module):
    def __init__(self, vocab, dim, layers=2):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.LSTM(dim, dim, layers, batch_first=True)
        self.head = nn.Linear(dim, vocab)
        self.layers = layers
        self.dim = dim

    def init_hidden(self, bsz):
        weight = next(self.parameters())
        return (weight.new_zeros(self.layers, bsz, self.dim),
                weight.new_zeros(self.layers, bsz, self.dim))

    def forward(self, tokens, hidden):
        out, hidden = self.rnn(self.embed(tokens), hidden)
        return self.head(out), hidden


def repackage_hidden(h):
    if isinstance(h, torch.Tensor):
        return h.detach()
    return tuple(repackage_hidden(v) for v in h)


def train_lm_hidden_carried(lm, train_data, optimizer, bptt, bsz):
    hidden = lm.init_hidden(bsz)
    lm.train()
    for i in range(0, train_data.size(0) - 1, bptt):
        inputs, targets = train_data[i:i + bptt], train_data[i + 1:i + 1 + bptt]
        optimizer.zero_grad()
        logits, hidden = lm(inputs, hidden)  # expect: TL103
        loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1))
        loss.backward()
        optimizer.step()


def train_gru_state_over_loader(encoder, loader, opt, criterion, device):
    state = None
    for batch, labels in loader:
        batch, labels = batch.to(device), labels.to(device)
        opt.zero_grad()
        outputs, state = encoder(batch, state)  # expect: TL103
        loss = criterion(outputs[:, -1], labels)
        loss.backward()
        opt.step()


def train_tuple_state(rnn_model, stream, optimizer, h0, c0):
    h, c = h0, c0
    while True:
        x, y = next(stream)
        out, (h, c) = rnn_model(x, (h, c))  # expect: TL103
        loss = F.mse_loss(out, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


# ---- negatives ----

def train_lm_repackaged(lm, train_data, optimizer, bptt, bsz):
    hidden = lm.init_hidden(bsz)
    lm.train()
    for i in range(0, train_data.size(0) - 1, bptt):
        inputs, targets = train_data[i:i + bptt], train_data[i + 1:i + 1 + bptt]
        hidden = repackage_hidden(hidden)
        optimizer.zero_grad()
        logits, hidden = lm(inputs, hidden)
        loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.reshape(-1))
        loss.backward()
        optimizer.step()


def train_detached_after_step(lm, train_data, optimizer, bptt, bsz):
    hidden = lm.init_hidden(bsz)
    for i in range(0, train_data.size(0) - 1, bptt):
        inputs, targets = train_data[i:i + bptt], train_data[i + 1:i + 1 + bptt]
        optimizer.zero_grad()
        logits, hidden = lm(inputs, hidden)
        F.cross_entropy(logits.flatten(0, 1), targets.flatten()).backward()
        optimizer.step()
        hidden = tuple(h.detach() for h in hidden)


def train_detached_in_place(lm, train_data, optimizer, bptt, bsz):
    h, c = lm.init_hidden(bsz)
    for i in range(0, train_data.size(0) - 1, bptt):
        inputs, targets = train_data[i:i + bptt], train_data[i + 1:i + 1 + bptt]
        h.detach_()
        c.detach_()
        optimizer.zero_grad()
        logits, (h, c) = lm(inputs, (h, c))
        F.cross_entropy(logits.flatten(0, 1), targets.flatten()).backward()
        optimizer.step()


def train_fresh_state_each_batch(lm, loader, optimizer, device):
    for tokens, targets in loader:
        tokens, targets = tokens.to(device), targets.to(device)
        hidden = lm.init_hidden(tokens.size(0))
        optimizer.zero_grad()
        logits, hidden = lm(tokens, hidden)
        F.cross_entropy(logits.flatten(0, 1), targets.flatten()).backward()
        optimizer.step()


def train_unrolled_over_time(cell, head, loader, optimizer, device):
    # Backpropagation through the whole sequence: the state starts fresh for each batch and
    # the loop over time steps never backpropagates by itself.
    for seq, target in loader:
        seq, target = seq.to(device), target.to(device)
        h = torch.zeros(seq.size(1), 128, device=device)
        for t in range(seq.size(0)):
            out, h = cell(seq[t], h)
        loss = F.mse_loss(head(out), target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def train_stacked_cells(layers, loader, optimizer, criterion):
    # A loop over layers inside the training loop: `x` is the loop target of the data loop.
    for x, y in loader:
        for layer in layers:
            x, gate = layer(x, y)
        loss = criterion(x, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def train_truncated_bptt(lm, sequence, optimizer, k1, bsz):
    hidden = lm.init_hidden(bsz)
    loss = 0.0
    for t in range(sequence.size(0) - 1):
        logits, hidden = lm(sequence[t:t + 1], hidden)
        loss = loss + F.cross_entropy(logits.flatten(0, 1), sequence[t + 1])
        if (t + 1) % k1 == 0:
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            hidden = repackage_hidden(hidden)
            loss = 0.0


def evaluate_lm(lm, data, bptt, bsz):
    lm.eval()
    hidden = lm.init_hidden(bsz)
    total = 0.0
    with torch.no_grad():
        for i in range(0, data.size(0) - 1, bptt):
            logits, hidden = lm(data[i:i + bptt], hidden)
            total += F.cross_entropy(logits.flatten(0, 1), data[i + 1:i + 1 + bptt].flatten())
    return total


def generate(lm, start, steps):
    hidden = lm.init_hidden(1)
    token = start
    for _ in range(steps):
        logits, hidden = lm(token, hidden)
        token = logits[:, -1].argmax(-1, keepdim=True)
    return token


def rollout_then_update(policy, env, optimizer, horizon):
    # The state is carried over the steps of one episode; backward runs once after it.
    obs = env.reset()
    state = policy.initial_state()
    total_log_prob = 0.0
    for _ in range(horizon):
        dist, state = policy(obs, state)
        action = dist.sample()
        total_log_prob = total_log_prob + dist.log_prob(action)
        obs = env.step(action)
    loss = -total_log_prob
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()


class LMTrainer:
    def __init__(self, lm, optimizer, bsz):
        self.lm = lm
        self.optimizer = optimizer
        self.hidden = lm.init_hidden(bsz)

    def train_step(self, inputs, targets):
        self.hidden = repackage_hidden(self.hidden)
        self.optimizer.zero_grad()
        logits, self.hidden = self.lm(inputs, self.hidden)
        loss = F.cross_entropy(logits.flatten(0, 1), targets.flatten())
        loss.backward()
        self.optimizer.step()
        return loss.detach()


class SequenceTagger(nn.Module):
    def __init__(self, vocab, dim, tags):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.lstm = nn.LSTM(dim, dim, batch_first=True)
        self.proj = nn.Linear(dim, tags)
        self.state = None

    def training_step(self, batch, batch_idx):
        tokens, tags = batch
        features, self.state = self.lstm(self.embed(tokens), self.state)  # expect: TL103
        return F.cross_entropy(self.proj(features).flatten(0, 1), tags.flatten())


class DetachingTagger(nn.Module):
    def __init__(self, vocab, dim, tags):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.lstm = nn.LSTM(dim, dim, batch_first=True)
        self.proj = nn.Linear(dim, tags)
        self.state = None

    def training_step(self, batch, batch_idx):
        tokens, tags = batch
        if self.state is not None:
            self.state = tuple(s.detach() for s in self.state)
        features, self.state = self.lstm(self.embed(tokens), self.state)
        return F.cross_entropy(self.proj(features).flatten(0, 1), tags.flatten())


class ResettingTagger(nn.Module):
    def __init__(self, vocab, dim, tags):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.lstm = nn.LSTM(dim, dim, batch_first=True)
        self.proj = nn.Linear(dim, tags)
        self.state = None

    def on_train_batch_start(self, batch, batch_idx):
        self.state = None

    def training_step(self, batch, batch_idx):
        tokens, tags = batch
        features, self.state = self.lstm(self.embed(tokens), self.state)
        return F.cross_entropy(self.proj(features).flatten(0, 1), tags.flatten())
