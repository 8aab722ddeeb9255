import torch

from rebound.network import Tagger
from rebound.wrappers import all_reduce_gradients


def load_model(distributed):
    model = Tagger().cuda()
    if distributed:
        model = all_reduce_gradients(model)
    return model


def restore(path, model, optimizer):
    state = torch.load(path, weights_only=True)
    model.load_state_dict(state["model"])
    optimizer.load_state_dict(state["optimizer"])
    return model, optimizer, state["step"]


def train(loader, checkpoint=None, distributed=False, log_every=100):
    model = load_model(distributed)
    optimizer = torch.optim.Adam(model.parameters())
    step = 0
    if checkpoint is not None:
        # The name is rebound to what it already held.
        model, optimizer, step = restore(checkpoint, model, optimizer)
    for batch in loader:
        model.zero_grad()
        tokens, mask = model.parse_batch(batch)
        loss = model(tokens, mask).pow(2).mean()
        loss.backward()
        optimizer.step()
        step += 1
        if step % log_every == 0:
            print(model.describe(batch))
