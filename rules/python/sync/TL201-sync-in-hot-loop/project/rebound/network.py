import torch
import torch.nn as nn


def lengths_mask(lengths):
    longest = torch.max(lengths).item()  # expect: TL201
    ids = torch.arange(longest, device=lengths.device)
    return ids[None, :] < lengths[:, None]


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 4)

    def parse_batch(self, batch):
        tokens, lengths = batch
        lengths = lengths.cuda(non_blocking=True)
        return tokens.cuda(non_blocking=True), lengths_mask(lengths)

    def describe(self, batch):
        tokens, _ = batch
        return tokens.cuda().float().std().item()

    def forward(self, tokens, mask):
        return self.proj(tokens) * mask[..., None]
