import torch
import torch.nn as nn


class VideoPolicy(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(8, 8)

    def forward(self, x):
        return self.head(x)

    @torch.no_grad()
    def decode_latents_to_video(self, latents):
        return self._render_latents(latents)

    @torch.no_grad()
    def _render_latents(self, latents):
        return self.head(latents)


def evaluate_rollouts(policy, latents_list):
    # Methods looked up by name: the project defines them; not a forward pass of a model.
    policy.eval()
    videos = []
    for latents in latents_list:
        decoder = getattr(policy, "decode_latents_to_video", None) or getattr(policy, "_render_latents", None)
        if decoder is not None:
            videos.append(decoder(latents))
    return videos


def evaluate_heads(policy, batches):
    # An attribute the project does not define as a method: a submodule, still a forward pass.
    policy.eval()
    scores = []
    for x in batches:
        encoder = getattr(policy, "encoder")
        scores.append(encoder(x))  # expect: TL303
    return scores
