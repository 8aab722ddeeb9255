import torch
from torch.utils.data import DataLoader

from features.activations import embed_all, features_under_no_grad, fit, layer_features, raw_outputs, shapes


def main(dataset, backbone, encoder, optimizer):
    pictures = DataLoader(dataset, batch_size=32)
    feats = layer_features(pictures, backbone, 3)
    vectors = embed_all(encoder, pictures)
    plain = features_under_no_grad(pictures, backbone)
    fit(backbone, pictures, optimizer)
    outs = raw_outputs(backbone, pictures)
    probe = shapes(backbone, [(1, 3, 8, 8), (1, 3, 16, 16)])
    torch.save((feats, vectors, plain, outs, probe), "features.pt")
