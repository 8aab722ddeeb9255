import copy

import numpy as np
import torch
from torch import nn


def truncate(net, depth):
    # Derived from the model it is handed: the pretrained weights stay.
    if depth > 0:
        return nn.Sequential(*list(net.children())[:depth])
    return copy.deepcopy(net)


def layer_features(images, backbone, depth):
    """Activations of one layer for every batch of `images`."""
    net = truncate(backbone, depth)
    feats = []
    for batch, _ in images:
        out = net(batch)  # expect: TL303, TL304
        feats.extend(out.detach().numpy())
    return np.array(feats)


def embed_all(encoder, batches):
    vectors = []
    for batch in batches:
        vectors.append(encoder(batch).detach().cpu())  # expect: TL303, TL304
    return torch.cat(vectors)


# ---- negatives ----

def features_under_no_grad(images, net):
    net.eval()
    feats = []
    with torch.no_grad():
        for batch, _ in images:
            feats.extend(net(batch).numpy())
    return feats


def fit(net, batches, optimizer):
    # Training: the output feeds a loss; the detached copy is only kept for display.
    for batch, target in batches:
        out = net(batch)
        loss = ((out - target) ** 2).mean()
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        last = out.detach()


def raw_outputs(net, batches):
    # The outputs are kept with their graph: a caller may backpropagate through them.
    return [net(batch) for batch in batches]


def shapes(net, items):
    # `items` is no data loader at any call site: a list of shapes to probe.
    sizes = []
    for shape in items:
        sizes.append(net(torch.zeros(shape)).detach().shape)
    return sizes
