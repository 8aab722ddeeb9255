import torch

from pkg.steps import Encoder, EncoderStep


def score_with_step(model, encoder: EncoderStep, frames):
    # `encoder` is a processing step, not a module: its call records no graph.
    batch = encoder(frames)
    with torch.no_grad():
        return model(batch["x"])


def score_with_module(encoder: Encoder, frames):
    return encoder(frames)  # expect: TL303


def evaluate(model, step, net, loader):
    model.eval()
    net.eval()
    for frames in loader:
        score_with_step(model, step, frames)
        # score_with_module is evaluation code itself: its own forward carries the finding.
        score_with_module(net, frames)
