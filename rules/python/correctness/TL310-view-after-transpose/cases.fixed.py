import torch
import torch.nn as nn
import torch.nn.functional as F


class Attention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B, N, C = x.shape
        q, k, v = self.qkv(x).view(B, N, 3, self.heads, C // self.heads).permute(2, 0, 3, 1, 4)
        attn = (q @ k.transpose(-2, -1)).softmax(dim=-1)
        out = (attn @ v).transpose(1, 2)
        pooled = out.reshape(B, -1)  # expect: TL310
        return self.proj(out.reshape(B, N, C)), pooled


def flatten_features(feature_map, weight):
    tokens = feature_map.permute(0, 2, 3, 1).reshape(-1)  # expect: TL310
    cols = weight.t().reshape(-1, 1)  # expect: TL310
    per_sample = feature_map.transpose(1, 2).reshape(feature_map.size(0), -1)  # expect: TL310
    channels_last = feature_map.permute(0, 2, 3, 1)
    rows = channels_last.reshape(-1, feature_map.size(1))  # expect: TL310
    return tokens, cols, per_sample, rows


# ---- negatives ----

def split_only(x, B, C, H, W):
    # (B, H*W, C) -> (B, C, H*W) -> (B, C, H, W): only splits a dimension, which a view can do.
    grid = x.transpose(1, 2).view(B, C, H, W)
    pos = x.permute(0, 2, 1).view(B, C, H, W)
    return grid, pos


def made_contiguous_or_reshaped(x, B):
    a = x.transpose(1, 2).contiguous().view(B, -1)
    b = x.transpose(1, 2).reshape(B, -1)
    y = x.permute(0, 2, 1)
    y = y.contiguous()
    c = y.view(B, -1)
    d = x.flatten(1).view(-1)
    return a, b, c, d


def merges_neighbours_in_order(pos_embed, dim):
    # (1, dim, h, w) -> (1, h, w, dim) -> (1, h*w, dim): h and w stay in memory order.
    return pos_embed.permute(0, 2, 3, 1).view(1, -1, dim)


def dtype_and_unknown_shapes(x, shape):
    bits = x.transpose(0, 1).view(torch.int32)
    any_shape = x.transpose(1, 2).view(*shape)
    as_tuple = x.transpose(1, 2).view(shape)
    maybe_2d = x.transpose(0, 1).view(x.size(1), -1)
    return bits, any_shape, as_tuple, maybe_2d


def transposed_back(q, B, N):
    # q is (B, N, heads, d) laid out as (B, heads, N, d): transposing back is contiguous.
    q = q.transpose(1, 2)
    out = q.transpose(1, 2).view(B, -1)
    return out


def rebound_in_a_loop(x, B, steps):
    y = x.transpose(1, 2)
    for _ in range(steps):
        y = y.transpose(1, 2)
    return y.view(B, -1)  # transposed an unknown number of times: not flagged


class AddBias(nn.Module):
    def __init__(self, bias):
        super().__init__()
        self._bias = nn.Parameter(bias.unsqueeze(1))  # (n, 1)

    def forward(self, x):
        # Transposing an (n, 1) tensor gives a (1, n) one laid out densely: view works.
        return x + self._bias.t().view(1, -1)


def column_to_row(v):
    col = v[:, None]
    return col.t().view(1, -1)


def accuracy(output, target, topk=(1, 5)):
    # The transposed layout survives `.eq()` and a slice: the view raises for k > 1.
    _, pred = output.topk(max(topk), 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1).expand_as(pred))
    return [correct[:k].reshape(-1).float().sum(0) for k in topk]  # expect: TL310


def accuracy_fixed(output, target, topk=(1, 5)):
    _, pred = output.topk(max(topk), 1, True, True)
    pred = pred.t()
    correct = pred.eq(target.view(1, -1).expand_as(pred))
    made_contiguous = correct.contiguous()
    first_row = correct[0].view(-1)  # one row of it: a 1-D view always works
    undone = pred.t().eq(target.view(-1, 1)).view(-1)  # transposed back
    return [correct[:k].reshape(-1).float().sum(0) for k in topk], made_contiguous[:2].view(-1), first_row, undone


def maybe_transposed(scores, flip):
    # Transposed on one branch only: the caller's layout may reach the view.
    if flip:
        scores = scores.t()
    return scores.eq(0).view(-1)
