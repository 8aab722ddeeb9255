import torch
import torch._dynamo as dynamo
import torch.nn as nn
from torch._dynamo import maybe_mark_dynamic


def mark_batch(t):
    # Called from the compiled forward below: traced too.
    dynamo.mark_dynamic(t, 0)  # expect: TL504
    return t


class Encoder(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.blocks = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))

    def forward(self, x, lengths=None):
        x = mark_batch(x)
        maybe_mark_dynamic(x, 1)  # expect: TL504
        if not torch.compiler.is_compiling():
            torch._dynamo.mark_unbacked(x, 0)  # eager only: fine
        if lengths is not None:
            torch._dynamo.mark_static(lengths, 0)  # allowed inside a graph
        return self.blocks(x)


@torch.compile(dynamic=False)
def pooled(x):
    torch._dynamo.decorators.mark_unbacked(x, 0)  # expect: TL504
    return x.mean(dim=0)


def run(loader, dim):
    encoder = torch.compile(Encoder(dim))
    outputs = []
    for x in loader:
        torch._dynamo.mark_dynamic(x, 0)  # eager, before the compiled call: the right place
        maybe_mark_dynamic(x, 1)
        outputs.append(pooled(encoder(x)))
    return outputs
