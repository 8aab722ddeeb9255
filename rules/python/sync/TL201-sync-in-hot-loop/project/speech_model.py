import torch
import torch.nn as nn


def expand(frames, durations):
    # Runs inside the model's forward, every training step: each `.item()` waits for the GPU.
    out = []
    for i, d in enumerate(durations):
        out.append(frames[i].repeat(int(d.item()), 1))  # expect: TL201
    return torch.cat(out)


def lengths_mask(lengths):
    # Handed only host lists of ints by its callers: no device read.
    longest = max(lengths)
    return [n < longest for n in lengths]


class Aligner(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 8)
        self.steps = 0

    def forward(self, frames, durations, host_lengths):
        total = durations.sum().item()  # expect: TL201
        mask = lengths_mask(host_lengths)
        self.steps += 1
        if self.steps % 100 == 0:
            print("mean duration", durations.float().mean().item())
        return expand(self.proj(frames), durations), total, mask


class Vocoder(nn.Module):
    # Only run by the inference script: its reads happen once per utterance, not per step.
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 1)

    def forward(self, mel):
        peak = mel.abs().max().item()
        return self.proj(mel) / peak
