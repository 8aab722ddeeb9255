import torch
import torch.nn as nn
import torch.utils.checkpoint
import torch.utils.checkpoint as cp
from torch.utils.checkpoint import checkpoint, checkpoint_sequential


def own_checkpoint(module, *args):
    # A project's own helper named like the torch function: not torch's.
    return module(*args)


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        return x + self.mlp(self.norm(x))


class Encoder(nn.Module):
    def __init__(self, dim, depth, grad_checkpointing=True, reentrant=False):
        super().__init__()
        self.blocks = nn.ModuleList([Block(dim) for _ in range(depth)])
        self.stem = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))
        self.grad_checkpointing = grad_checkpointing
        self.reentrant = reentrant

    def forward(self, x, attn_mask=None):
        x = checkpoint_sequential(self.stem, 2, x, use_reentrant=False)  # expect: TL004
        for block in self.blocks:
            if self.grad_checkpointing and self.training:
                x = checkpoint(block, x, use_reentrant=False)  # expect: TL004
            else:
                x = block(x)
        return x

    def forward_qualified(self, hidden_states):
        for block in self.blocks:
            hidden_states = torch.utils.checkpoint.checkpoint(  # expect: TL004
                block,
                hidden_states, use_reentrant=False,
            )
        return hidden_states

    def forward_alias(self, x):
        return cp.checkpoint(self.blocks[0], x, preserve_rng_state=False, use_reentrant=False)  # expect: TL004

    # ---- negatives ----

    def forward_explicit(self, x):
        x = checkpoint(self.blocks[0], x, use_reentrant=False)
        x = checkpoint(self.blocks[1], x, use_reentrant=True)
        x = cp.checkpoint(self.blocks[2], x, use_reentrant=self.reentrant)
        x = checkpoint_sequential(self.stem, 2, x, use_reentrant=False)
        return own_checkpoint(self.blocks[3], x)


def checkpoint_with_options(function, *args, **kwargs):
    # The caller's `use_reentrant` travels in kwargs.
    return torch.utils.checkpoint.checkpoint(function, *args, **kwargs)


def run_blocks(blocks, sample, torch_supports_reentrant_arg):
    for block in blocks:
        if torch_supports_reentrant_arg:
            sample = checkpoint(block, sample, use_reentrant=False)
        else:
            # torch < 1.11 has no `use_reentrant`: the fallback must omit it.
            sample = checkpoint(block, sample)
    return sample


def run_layers(layers, hidden_states, use_checkpointing):
    for layer in layers:
        if use_checkpointing:

            def layer_(*args):
                return checkpoint(layer, *args, use_reentrant=False)  # expect: TL004

        else:
            layer_ = layer
        hidden_states = layer_(hidden_states)
    return hidden_states
