import math

import torch
import torch.nn as nn
import torch.nn.functional as F

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class LSTMClassifier(nn.Module):
    def __init__(self, vocab, hidden, layers, classes):
        super().__init__()
        self.num_layers = layers
        self.hidden = hidden
        self.embed = nn.Embedding(vocab, hidden)
        self.lstm = nn.LSTM(hidden, hidden, layers, batch_first=True)
        self.fc = nn.Linear(hidden, classes)

    def forward(self, tokens):
        emb = self.embed(tokens)
        h0 = torch.zeros(self.num_layers, tokens.size(0), self.hidden)  # expect: TL402
        c0 = torch.zeros(self.num_layers, tokens.size(0), self.hidden)  # expect: TL402
        out, _ = self.lstm(emb, (h0, c0))
        return self.fc(out[:, -1])


class CausalSelfAttention(nn.Module):
    def __init__(self, dim, heads, max_len):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.pos = nn.Embedding(max_len, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        B, T, C = x.shape
        x = x + self.pos(torch.arange(T))  # expect: TL402
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        att = (q @ k.transpose(-2, -1)) / math.sqrt(C)
        causal = torch.triu(torch.ones(T, T), diagonal=1).bool()  # expect: TL402
        att = att.masked_fill(causal, float("-inf"))
        return self.proj(F.softmax(att, dim=-1) @ v)


class NoisyEncoder(nn.Module):
    def __init__(self, dim, sigma):
        super().__init__()
        self.body = nn.Linear(dim, dim)
        self.sigma = sigma

    def forward(self, images):
        feats = self.body(images.flatten(1))
        if self.training:
            feats = feats + self.sigma * torch.randn(feats.shape)  # expect: TL402
        pad = torch.zeros(feats.size(0), 4)  # expect: TL402
        return torch.cat([feats, pad], dim=1)


class ChannelStats(nn.Module):
    def forward(self, x: torch.Tensor):
        means = torch.zeros(x.shape[1])  # expect: TL402
        for c in range(x.shape[1]):
            means[c] = x[:, c].mean()
        return means


class Decoder(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.out = nn.Linear(dim, dim)

    def _offsets(self, logits):
        return logits + torch.linspace(0, 1, logits.shape[-1])  # expect: TL402

    def forward(self, x):
        logits = self.out(x)
        return self._offsets(logits)


# ---- negatives ----

class PlacedOnTheInputDevice(nn.Module):
    def __init__(self, vocab, hidden, layers):
        super().__init__()
        self.num_layers, self.hidden = layers, hidden
        self.lstm = nn.LSTM(hidden, hidden, layers)
        self.pos = nn.Embedding(512, hidden)
        self.register_buffer("causal", torch.triu(torch.ones(512, 512), diagonal=1).bool())

    def forward(self, x: torch.Tensor):
        T = x.size(1)
        h0 = torch.zeros(self.num_layers, x.size(0), self.hidden, device=x.device, dtype=x.dtype)
        c0 = x.new_zeros(self.num_layers, x.size(0), self.hidden)
        out, _ = self.lstm(x, (h0, c0))
        out = out + self.pos(torch.arange(T, device=x.device))
        mask = self.causal[:T, :T]
        noise = torch.randn_like(out)
        return out.masked_fill(mask[-1:, :, None], 0.0) + noise


class MovedRightAway(nn.Module):
    def __init__(self, hidden, layers):
        super().__init__()
        self.num_layers, self.hidden = layers, hidden
        self.gru = nn.GRU(hidden, hidden, layers)

    def forward(self, x):
        # Correct, one host-to-device copy slower than device=: not this rule.
        h0 = torch.zeros(self.num_layers, x.size(0), self.hidden).to(x.device)
        out, _ = self.gru(x, h0)
        bias = torch.ones(out.shape[-1]).type_as(out)
        mask = torch.ones(out.size(1), out.size(1)).tril()
        mask = mask.to(out.device)
        labels = torch.zeros(out.size(0), dtype=torch.long).cuda()
        return out + bias, mask, labels


class FactoryKwargs(nn.Module):
    def __init__(self, dim, device=None, dtype=None):
        super().__init__()
        self.factory_kwargs = {"device": device, "dtype": dtype}
        self.proj = nn.Linear(dim, dim, device=device, dtype=dtype)

    def forward(self, x):
        scale = torch.ones(x.shape[-1], **self.factory_kwargs)
        return self.proj(x) * scale


class ScalarsAndHostSideValues(nn.Module):
    def __init__(self, size, p):
        super().__init__()
        self.size, self.p = size, p
        self.proj = nn.Linear(size, size)

    def forward(self, x):
        y = self.proj(x)
        y = y * torch.tensor(0.5)  # 0-dim: allowed next to a CUDA tensor
        if torch.rand(()) < self.p:
            y = y.flip(-1)
        crop = int(torch.rand([]) * self.size)
        order = torch.randperm(self.size).tolist()
        return y[..., :crop], order


class CpuSideBookkeeping(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        y = self.proj(x)
        # Rotary frequencies built on the host and moved as one table.
        inv_freq = 1.0 / (10000 ** (torch.arange(0, 8, 2).float() / 8))
        seq = torch.arange(16)
        table = torch.outer(seq, inv_freq).to(y.device)
        stats = {"count": torch.tensor([y.shape[0]])}
        return y + table.sum(), stats


def helper_outside_a_module(x):
    return x + torch.zeros(x.shape)


class NotAModule:
    def forward(self, x):
        return x + torch.zeros(x.shape)


class LazyBuffer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.register_buffer("running", torch.zeros(dim))

    def forward(self, x):
        out = self.proj(x)
        self.running.mul_(0.9).add_(0.1 * out.detach().mean(0))
        return out


class MaskWhenNoneGiven(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.qk = nn.Linear(dim, 2 * dim)

    def forward(self, x: torch.Tensor, attention_mask=None):
        q, k = self.qk(x).chunk(2, dim=-1)
        scores = q @ k.transpose(-2, -1)
        if attention_mask is None:
            attention_mask = torch.ones(x.shape[0], x.shape[1])  # expect: TL402
        scores = scores.masked_fill(attention_mask[:, None, :] == 0, float("-inf"))
        return scores.softmax(-1)


class IndexedByHostTensors(nn.Module):
    def __init__(self, dim, max_len):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.table = nn.Parameter(torch.randn(max_len, dim))

    def forward(self, x, idx):
        B, T = x.shape[:2]
        # A CPU index into a CUDA tensor is allowed (the index is copied over).
        y = self.proj(x) + self.table[torch.arange(T)]
        picked = y[torch.arange(B), idx]
        offset = torch.arange(T) + y.detach().max().item()
        return picked, offset


class Timesteps(nn.Module):
    def forward(self, t):
        half = 8
        freqs = torch.exp(-math.log(10000.0) * torch.arange(half, device=t.device) / half)
        return torch.cat([(t[:, None] * freqs).sin(), (t[:, None] * freqs).cos()], dim=-1)


class GuidanceEmbedding(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.time_proj = Timesteps()
        self.lin = nn.Linear(16, dim)

    def forward(self, timestep):
        batch = timestep.shape[0]
        # A parameter-free project module builds on its input's device itself.
        guidance = self.time_proj(torch.tensor([0] * batch)).to(timestep.device)
        return self.lin(self.time_proj(timestep)) + self.lin(guidance)


class LossWithOptionalTerm(nn.Module):
    def __init__(self, weight):
        super().__init__()
        self.weight = weight
        self.perceptual = nn.Linear(3, 1)

    def forward(self, inputs, recon):
        rec = (inputs - recon).abs().mean()
        if self.weight > 0:
            p_loss = self.perceptual(inputs - recon).mean()
            rec = rec + self.weight * p_loss
        else:
            p_loss = torch.tensor([0.0])
        return rec, {"p_loss": p_loss.detach()}


class TwoCallsAway(nn.Module):
    # forward -> _mix -> _state: the CPU state meets the layer output two calls down.
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def _state(self, h: torch.Tensor):
        return h + torch.zeros(h.shape[-1])  # expect: TL402

    def _mix(self, x):
        return self._state(self.proj(x))

    def forward(self, x):
        return self._mix(x)

    def export_state(self, h: torch.Tensor):
        # Not reached from forward: a helper for export, run where the caller decides.
        return h + torch.zeros(h.shape[-1])
