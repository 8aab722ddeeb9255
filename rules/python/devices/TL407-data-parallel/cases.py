import torch
import torch.nn as nn
from torch.nn import DataParallel
from torch.nn.parallel import DistributedDataParallel, data_parallel

from .wrappers import DataParallel as ShardedDataParallel


def build_model(arch_fn, num_gpus, device):
    model = arch_fn()
    if num_gpus > 1:
        model = nn.DataParallel(model, device_ids=list(range(num_gpus)))  # expect: TL407
    return model.to(device)


def build_features(model, gpu):
    if gpu is None:
        model.features = torch.nn.DataParallel(model.features)  # expect: TL407
        model.cuda()
    return model


def wrap_by_name(module, devices):
    return DataParallel(module=module, device_ids=devices)  # expect: TL407


def functional_forward(encoder, images, devices):
    return data_parallel(encoder, images, device_ids=devices)  # expect: TL407


# ---- negatives ----

def unwrap(model):
    if isinstance(model, (nn.DataParallel, DistributedDataParallel)):
        return model.module
    return model.module if type(model) is torch.nn.DataParallel else model


def wrap_distributed(model, local_rank):
    return DistributedDataParallel(model.cuda(local_rank), device_ids=[local_rank])


def wrap_project_class(model, mesh):
    # A project's own class that happens to be named DataParallel.
    return ShardedDataParallel(model, mesh)
