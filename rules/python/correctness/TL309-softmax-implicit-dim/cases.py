import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.functional import log_softmax


class AuxClassifier(nn.Module):
    def __init__(self, in_features, n_classes):
        super().__init__()
        self.aux_layer = nn.Sequential(nn.Linear(in_features, n_classes), nn.Softmax())  # expect: TL309
        self.log_probs = nn.LogSoftmax()  # expect: TL309
        self.gate = torch.nn.Softmax(dim=None)  # expect: TL309

    def forward(self, features):
        return self.aux_layer(features)


def token_probabilities(lm, tokens):
    logits = lm(tokens)
    probs = F.softmax(logits)  # expect: TL309
    logp = log_softmax(logits, dtype=torch.float32)  # expect: TL309
    weights = F.softmin(torch.cdist(logits, logits))  # expect: TL309
    return probs, logp, weights


def serve(model, tensor):
    return torch.nn.functional.softmax(model(tensor)).argmax()  # expect: TL309


# ---- negatives ----

class Attention(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)
        self.softmax = nn.Softmax(dim=-1)
        self.log_softmax = nn.LogSoftmax(1)
        self.spatial = nn.Softmax2d()

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = self.softmax(q @ k.transpose(-2, -1))
        return attn @ v


def explicit_dims(logits, edge_weights, *args, **kwargs):
    a = F.softmax(logits, dim=-1)
    b = F.softmax(logits, 1)
    c = F.log_softmax(logits, dim=1, dtype=torch.float32)
    d = torch.softmax(edge_weights, dim=0)
    e = logits.softmax(-1)
    f = logits.log_softmax(dim=2)
    g = F.softmax(*args)
    h = F.softmax(logits, **kwargs)
    return a, b, c, d, e, f, g, h


def other_frameworks(tf, logits):
    return tf.nn.softmax(logits)
