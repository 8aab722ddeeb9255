import torch
import torch.nn as nn


@torch.compile
def stream_probs(model, chunks):
    for chunk in chunks:
        yield model(chunk).softmax(-1)  # expect: TL507


def sliding_windows(x, size):
    # Called from compiled code: Dynamo inlines generators it meets while tracing.
    for start in range(0, x.shape[-1] - size + 1, size):
        yield x[..., start:start + size]


@torch.compile(fullgraph=True)
def window_energy(x):
    energies = [w.pow(2).sum(-1) for w in sliding_windows(x, 16)]
    total = sum(e.mean() for e in energies)  # a generator expression: fine
    return torch.stack(energies, -1), total


def pairs(batch):
    # Not compiled at all.
    for i in range(0, len(batch), 2):
        yield batch[i], batch[i + 1]


class Streamer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        for piece in x.split(4):
            yield self.proj(piece)  # expect: TL507


def decode(tokens, model):
    step = torch.compile(model)
    for t in tokens:
        yield step(t)  # this function is not the compiled one


fast_stream = torch.compile(Streamer(32))
