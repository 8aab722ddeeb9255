import torch
import torch.nn as nn
import torch.nn.functional as F


class RotaryEmbedding(nn.Module):
    def __init__(self, dim, max_seq_len=2048, base=10000.0):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq)
        self.max_seq_len = max_seq_len

    def forward(self, position_ids: torch.Tensor):
        max_seq = position_ids.max() + 1
        if max_seq > self.max_seq_len:  # expect: TL502
            scale = self.max_seq_len / max_seq
        else:
            scale = 1.0
        freqs = position_ids[..., None].float() * self.inv_freq * scale
        return freqs.cos(), freqs.sin()


class MaskedEncoder(nn.Module):
    def __init__(self, dim, n_heads):
        super().__init__()
        self.rope = RotaryEmbedding(dim // n_heads)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        self.n_heads = n_heads
        self.dropout = 0.1

    def forward(self, x, mask=None, position_ids=None):
        # Static conditions: shapes, dtypes, flags, identity, isinstance.
        if x.dim() == 2:
            x = x.unsqueeze(0)
        if x.shape[1] > 1 and self.training and self.dropout > 0:
            x = F.dropout(x, self.dropout)
        if mask is None or isinstance(mask, bool):
            mask = torch.ones(x.shape[:2], dtype=torch.bool, device=x.device)
        if x.dtype in (torch.float16, torch.bfloat16) and x.is_cuda:
            x = x.float()
        if x.size(-1) % self.n_heads != 0 or x.numel() == 0:
            raise ValueError("bad input")
        if position_ids is not None:
            cos, sin = self.rope(position_ids)
            x = x * cos.mean() + x * sin.mean()
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        scores = q @ k.transpose(-2, -1)
        if (scores.abs() > 1e4).any():  # expect: TL502
            scores = scores.clamp(-1e4, 1e4)
        out = self.out(scores.softmax(-1) @ v)
        return out if out.isfinite().all() else torch.zeros_like(out)  # expect: TL502


encoder = torch.compile(MaskedEncoder(256, 8))


@torch.compile(fullgraph=True)
def newton_schulz(grad, steps: int = 5, tol: float = 1e-3):
    x = grad / (grad.norm() + 1e-7)
    while torch.linalg.matrix_norm(x @ x.mT - torch.eye(x.shape[0], device=x.device)) > tol:  # expect: TL502
        x = 1.5 * x - 0.5 * x @ x.mT @ x
    for _ in range(steps):
        if torch.compiler.is_compiling():
            x = 1.5 * x - 0.5 * x @ x.mT @ x
    return x


@torch.compile
def clipped(update: torch.Tensor, max_norm: float):
    norm = update.norm()
    if not torch.compiler.is_compiling() and norm > max_norm:  # only eager evaluates the right side
        update = update * (max_norm / norm)
    if max_norm > 0 and update.requires_grad:
        update = update.detach()
    return update


def eager_clip(update, max_norm):
    # Not compiled: branching on a tensor is fine here.
    norm = torch.linalg.vector_norm(update)
    if norm > max_norm:
        update = update * (max_norm / norm)
    return update
