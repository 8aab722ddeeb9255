import numpy as np
import torch
import torch.nn.functional as F


def timesteps(n, batch_size, latents, device):
    for i in range(n):
        t_i = torch.tensor(i / n, dtype=latents.dtype, device=device)
        timestep = torch.tensor(t_i, dtype=latents.dtype, device=device).repeat(batch_size)  # expect: TL314
        yield timestep


def copy_weights(model, x):
    logits = model(x)
    frozen = torch.tensor(logits)  # expect: TL314
    mask = torch.tensor(torch.zeros(4, 4), dtype=torch.bool)  # expect: TL314
    return frozen, mask


def from_numpy_twice(array):
    t = torch.from_numpy(array)
    return torch.tensor(t, dtype=torch.float32)  # expect: TL314


def loss_value(pred, target):
    return torch.tensor(F.mse_loss(pred, target))  # expect: TL314


# ---- negatives ----

def from_python_values(array: np.ndarray, labels, scores):
    a = torch.tensor(array)
    b = torch.tensor([1, 2, 3])
    c = torch.tensor(labels, dtype=torch.long)
    d = torch.tensor(3.5)
    e = torch.tensor([s.item() for s in scores])
    return a, b, c, d, e


def list_of_scalars(loss_a, loss_b):
    return torch.tensor([loss_a.item(), loss_b.item()])


def sizes_and_limits(x, dtype):
    n = torch.tensor(x.size(0))
    shape = torch.tensor(x.shape)
    low = torch.tensor(torch.finfo(dtype).min)
    return n, shape, low


def collate(batch):
    targets = [item[1] for item in batch]
    if isinstance(targets[0], torch.Tensor):
        targets = torch.stack(targets)
    else:
        targets = torch.tensor(targets, dtype=torch.int64)
    return targets


def as_tensor_is_fine(x):
    t = torch.zeros(3)
    return torch.as_tensor(t), t.clone().detach()


class SpamDataset(torch.utils.data.Dataset):
    # `self.data` is the dataset's table, not a tensor's `.data`.
    def __init__(self, data):
        self.data = data

    def __getitem__(self, index):
        label = self.data.iloc[index]["Label"]
        return torch.tensor(label, dtype=torch.long)


def copy_of_parameter_data(model):
    return [torch.tensor(p.data) for p in model.parameters()]  # expect: TL314


def flags(batch, device):
    # `batch` is a device tensor at its call site below, but `batch is None` is a Python bool.
    empty = batch is None
    return torch.tensor(empty, device=device)


def send_flags(device):
    return flags(torch.ones(4, device=device), device)
