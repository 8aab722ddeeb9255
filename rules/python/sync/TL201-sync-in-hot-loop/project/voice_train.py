import torch

from voice import Decoder


def fit(loader, device, distributed=False):
    # `voice` re-exports Decoder from voice/nets.py: calling the instance runs that forward,
    # also through DistributedDataParallel, whose call runs the module it wraps.
    decoder = Decoder().to(device)
    if distributed:
        decoder = torch.nn.parallel.DistributedDataParallel(decoder)
    optimizer = torch.optim.SGD(decoder.parameters(), lr=0.1)
    for x in loader:
        loss = decoder(x.to(device)).pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
