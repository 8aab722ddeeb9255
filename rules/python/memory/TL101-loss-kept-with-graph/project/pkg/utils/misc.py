import torch


def smart_inference_mode(enabled=True):
    # A decorator factory that enters inference mode (or no_grad on old versions).
    def decorate(fn):
        return (torch.inference_mode if enabled else torch.no_grad)()(fn)
    return decorate


class NativeScaler:
    def __init__(self):
        self._scaler = torch.cuda.amp.GradScaler()  # expect: TL002

    def __call__(self, loss, optimizer, parameters=None):
        self._scaler.scale(loss).backward()
        self._scaler.step(optimizer)
        self._scaler.update()


class Meter:
    def __init__(self):
        self.total = 0.0

    def update(self, value):
        self.total += value.item()
