import torch


def without_grad(fn):
    """Runs the wrapped function with gradients off."""

    def run(*args, **kwargs):
        with torch.no_grad():
            return fn(*args, **kwargs)

    return run


def timed(fn):
    """Wraps without changing the grad mode: its body records graphs as usual."""

    def run(*args, **kwargs):
        return fn(*args, **kwargs)

    return run
