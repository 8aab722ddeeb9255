import torch
import torch.nn as nn


def freeze_backbone(model: nn.Module):
    for param in model.backbone.parameters():
        param.require_grad = False  # expect: TL313
    for name, p in model.named_parameters():
        if name.startswith("head"):
            p.requires_grads = True  # expect: TL313


def freeze_embeddings(encoder):
    encoder.embed.weight.require_grad = False  # expect: TL313
    encoder.embed.bias.require_grads = False  # expect: TL313


def make_noise(batch_size, device):
    noise = torch.randn(batch_size, 128, device=device)
    noise.require_grad = True  # expect: TL313
    return noise


class Adversary:
    def __init__(self, shape):
        self.delta = torch.zeros(shape)

    def reset(self, shape):
        delta = torch.zeros(shape)
        delta.required_grad = True  # expect: TL313
        return delta


# ---- negatives ----

def freeze_correctly(model):
    for param in model.backbone.parameters():
        param.requires_grad = False
    model.head.requires_grad_(True)
    model.head.weight.requires_grad = True


class LayerConfig:
    def __init__(self, require_grad=True):
        self.require_grad = require_grad


def configure(args, cfg):
    args.require_grad = False
    cfg.model.require_grad = True
    return cfg.model.require_grad


def probe(t):
    try:
        t.require_grad_(False)  # raises AttributeError at once: not silent
    except AttributeError:
        pass


class PositionalEncoding(nn.Module):
    def __init__(self, embed_dim, max_len=100):
        super().__init__()
        pe = torch.zeros(max_len, embed_dim).float()
        pe.require_grad = False  # expect: TL313
        self.register_buffer("pe", pe)


def freeze_all(base_models):
    for base_model in base_models:
        for index, param in enumerate(base_model.parameters()):
            param.require_grad = False  # expect: TL313


def masked_target(sae, ratings):
    target = ratings.clone()
    target.require_grad = False  # expect: TL313
    return sae(ratings), target


def options(parser):
    opts = parser.parse_args()
    opts.require_grad = True
    return opts
