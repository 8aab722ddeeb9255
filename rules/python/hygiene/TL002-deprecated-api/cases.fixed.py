"""Fixture for TL002: deprecated and removed PyTorch API.

Mentioning `torch.solve(B, A)` or `torch.cuda.amp.autocast()` in a docstring is not a use.
"""
import math
import warnings

import numpy as np
import scipy.linalg
import torch
import torch as th
import torch.nn as nn
import torch.nn.functional as F
from torch.cuda import amp
from torch.nn.utils import weight_norm  # expect: TL002
from torch import cholesky as old_cholesky, linalg  # expect: TL002
from torch.utils.data._utils.collate import default_collate  # expect: TL002
from functorch import vmap, jacrev  # expect: TL002
from functorch import (
    jvp,  # expect: TL002
    vjp,  # expect: TL002
)
from functorch.compile import memory_efficient_fusion
from torch.nn.utils.parametrizations import spectral_norm

try:
    from torch.func import functional_call
except ImportError:  # torch < 2.0
    from functorch import make_functional as functional_call

if hasattr(torch.nn.attention, "sdpa_kernel"):
    from torch.nn.attention import sdpa_kernel
else:
    from torch.backends.cuda import sdp_kernel as sdpa_kernel


# ---------------------------------------------------------------- linear algebra

def gaussian_log_likelihood(cov, residual):
    chol = th.linalg.cholesky(cov)  # expect: TL002
    whitened = torch.triangular_solve(residual, chol, upper=False).solution  # expect: TL002
    return -0.5 * (whitened ** 2).sum() - chol.diagonal().log().sum()


def least_squares(design, targets):
    solution, _ = torch.solve(targets, design)  # expect: TL002
    return solution


def orthogonalize(weight):
    q, r = torch.qr(weight)  # expect: TL002
    u, s, v = torch.svd(weight)  # expect: TL002
    return q * torch.sign(torch.diagonal(r)), s


def spectral_features(gram):
    eigvals, eigvecs = torch.symeig(gram, eigenvectors=True)  # expect: TL002
    return eigvals, eigvecs


def chain(a, b, c):
    return torch.chain_matmul(a, b, c)  # expect: TL002


def sinusoid_table(positions, inv_freq):
    return torch.outer(positions, inv_freq)  # expect: TL002


def inclusive_steps(n):
    return torch.range(0, n - 1)  # expect: TL002


def normalize_rows(features):
    return features / torch.norm(features, dim=1, keepdim=True)  # expect: TL002


def cholesky_of(cov):
    return old_cholesky(cov)


def current_linear_algebra(a, b, cov):
    # The replacements, and same-named functions of other libraries.
    x = torch.linalg.solve(a, b)
    q, r = torch.linalg.qr(a)
    chol = linalg.cholesky(cov)
    n = torch.linalg.vector_norm(x, dim=-1)
    u, s, vh = torch.linalg.svd(a, full_matrices=False)
    outer = torch.outer(x[0], x[1])
    steps = torch.arange(0, 10)
    q_np, _ = np.linalg.qr(a.cpu().numpy())
    x_np = scipy.linalg.solve(a.cpu().numpy(), b.cpu().numpy())
    return x, q, r, chol, n, u, s, vh, outer, steps, q_np, x_np


def svd_compat(a):
    # Version-gated: the deprecated call only runs where the replacement is missing.
    if hasattr(torch, "linalg"):
        u, s, vh = torch.linalg.svd(a, full_matrices=False)
        return u, s, vh.mH
    return torch.svd(a)


def range(start, stop):
    # A project function that happens to be called `range`.
    return list(builtins_range(start, stop))


def builtins_range(start, stop):
    return [start + i for i in [0, 1, 2] if start + i < stop]


def first_steps(n):
    warnings.warn("torch.range is deprecated; this helper uses the project's own range")
    return range(0, n)


def fills_dtype(func):
    # Functions recognised by identity (a set, a dictionary's keys), never called from there.
    constructors = {torch.empty, torch.arange, torch.range}
    renames = {torch.range: "arange"}
    return func in constructors or func in renames


class Projector(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.head = weight_norm(nn.Linear(dim, dim))
        self.last = nn.utils.weight_norm(nn.Linear(dim, dim))  # expect: TL002
        self.clean = nn.utils.parametrizations.weight_norm(nn.Linear(dim, dim))
        self.spectral = spectral_norm(nn.Linear(dim, dim))
        self.up = nn.UpsamplingBilinear2d(scale_factor=2)  # expect: TL002
        self.resize = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=True)

    def norm(self, x):
        return x / x.norm(dim=-1, keepdim=True)

    def forward(self, x):
        y = self.norm(self.proj(x))
        y = F.interpolate(y, scale_factor=2)  # expect: TL002
        z = F.interpolate(y, scale_factor=2, mode="nearest")
        return self.last(self.head(z))


# ---------------------------------------------------------------- mixed precision

def make_scaler(use_amp):
    return torch.cuda.amp.GradScaler(enabled=use_amp)  # expect: TL002


def make_default_scaler():
    return torch.amp.GradScaler("cuda")  # expect: TL002


def make_cpu_context():
    return th.amp.autocast("cpu")  # expect: TL002


def make_scaler_compat(device):
    if hasattr(torch.amp, "GradScaler"):
        return torch.amp.GradScaler(device)
    return torch.cuda.amp.GradScaler()


def make_scaler_compat_try(device):
    try:
        return torch.amp.GradScaler(device=device)
    except AttributeError:
        return torch.cuda.amp.GradScaler()


def pick_scaler(new_torch):
    return torch.amp.GradScaler("cuda") if new_torch else torch.cuda.amp.GradScaler()


def is_legacy_scaler(scaler):
    return isinstance(scaler, torch.cuda.amp.GradScaler)


def unwrap(scaler: torch.cuda.amp.GradScaler) -> torch.cuda.amp.GradScaler:
    return scaler


def amp_context(precision):
    if precision == "native":
        return torch.cuda.amp.autocast  # expect: TL002
    return torch.autocast(device_type="cuda", dtype=torch.bfloat16)


def train(model, loader, optimizer, criterion, use_amp):
    scaler = torch.amp.GradScaler("cuda", enabled=use_amp)
    model.train()
    for images, labels in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.amp.autocast("cuda"):  # expect: TL002
            loss = criterion(model(images), labels)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()


def train_bf16(model, loader, optimizer, criterion):
    for images, labels in loader:
        optimizer.zero_grad()
        with amp.autocast(enabled=True, dtype=torch.bfloat16):  # expect: TL002
            loss = criterion(model(images), labels)
        loss.backward()
        optimizer.step()


def train_current(model, loader, optimizer, criterion):
    for images, labels in loader:
        optimizer.zero_grad()
        with torch.amp.autocast("cuda", dtype=torch.bfloat16):
            loss = criterion(model(images), labels)
        loss.backward()
        optimizer.step()


class ScaledGelu(torch.autograd.Function):
    @staticmethod
    @torch.amp.custom_fwd(device_type="cuda")  # expect: TL002
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return F.gelu(x)

    @staticmethod
    @torch.amp.custom_bwd(device_type="cuda")  # expect: TL002
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        cdf = 0.5 * (1.0 + torch.erf(x / math.sqrt(2.0)))
        return grad_out * cdf


def attention(q, k, v):
    with torch.backends.cuda.sdp_kernel(enable_flash=True, enable_math=False):  # expect: TL002
        return F.scaled_dot_product_attention(q, k, v)


# ---------------------------------------------------------------- deprecated signatures

class LegacyAdam(torch.optim.Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps))

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad = p.grad
                state = self.state[p]
                if not state:
                    state["exp_avg"] = torch.zeros_like(p)
                    state["exp_avg_sq"] = torch.zeros_like(p)
                exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
                exp_avg.mul_(beta1).add_(1 - beta1, grad)  # expect: TL002
                exp_avg_sq.mul_(beta2).addcmul_(1 - beta2, grad, grad)  # expect: TL002
                denom = exp_avg_sq.sqrt().add_(group["eps"])
                p.addcdiv_(-group["lr"], exp_avg, denom)  # expect: TL002


class CurrentAdam(torch.optim.Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps))

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad = p.grad
                state = self.state[p]
                if not state:
                    state["exp_avg"] = torch.zeros_like(p)
                    state["exp_avg_sq"] = torch.zeros_like(p)
                exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
                exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
                exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
                denom = exp_avg_sq.sqrt().add_(group["eps"])
                p.addcdiv_(exp_avg, denom, value=-group["lr"])


class RunningSum:
    def __init__(self):
        self.total = 0.0
        self.count = 0

    def add_(self, value, n):
        self.total += value * n
        self.count += n
        return self

    def merge(self, other):
        return self.add_(other.total, other.count)


def sgd_update(params, lr):
    # the non-in-place scalar-first overloads: a negated scalar first, or a known tensor
    for p in params:
        new_p = p.data.add(-lr, p.grad)  # expect: TL002
        p.data.copy_(new_p)
    base = torch.zeros(3, device="cuda")
    return base.sub(0.5, torch.ones(3))  # expect: TL002


def meters(loader):
    # `add` of the project's own classes: not the tensor overload
    meter = AverageMeter()
    seen = set()
    for batch, n in loader:
        meter.add(batch, n)
        seen.add(n)
    return meter


def grn(x, gamma, beta):
    # torch.addcmul(input, tensor1, tensor2) is the current signature
    gx = torch.norm(x, p=2, dim=(1, 2), keepdim=True)  # expect: TL002
    return torch.addcmul(beta, gamma, x * gx) + x


def huber_loss(pred, target, delta=1.0, size_average=True):
    # A project loss with its own `size_average` parameter.
    err = (pred - target).abs()
    loss = torch.where(err < delta, 0.5 * err ** 2, delta * (err - 0.5 * delta))
    return loss.mean() if size_average else loss.sum()


def losses(logits, labels, recon, images, boxes, box_targets):
    ce = F.cross_entropy(logits, labels, size_average=False)  # expect: TL002
    bce = F.binary_cross_entropy(recon, images, reduction="sum")
    box = huber_loss(boxes, box_targets, size_average=False)
    return ce + bce + box


criterion_sum = nn.CrossEntropyLoss(size_average=False)  # expect: TL002
criterion_current = nn.CrossEntropyLoss(reduction="sum")


# ---------------------------------------------------------------- other deprecated helpers

def collate(batch):
    return default_collate(batch)


def per_sample_grads(loss_fn, params, inputs, targets):
    return vmap(jacrev(loss_fn), in_dims=(None, 0, 0))(params, inputs, targets)


def per_sample_grads_module(loss_fn, params, inputs, targets):
    import functorch

    return functorch.vmap(functorch.grad(loss_fn), in_dims=(None, 0, 0))(params, inputs, targets)  # expect: TL002


def per_sample_grads_current(loss_fn, params, inputs, targets):
    return torch.func.vmap(torch.func.grad(loss_fn), in_dims=(None, 0, 0))(params, inputs, targets)


def check_close(actual, expected):
    torch.testing.assert_close(actual, expected)  # expect: TL002
    torch.testing.assert_close(actual, expected)


def use_double_precision():
    torch.set_default_tensor_type(torch.DoubleTensor)  # expect: TL002


def fuse(model):
    return memory_efficient_fusion(model)


def fused_attention(q, k, v):
    with sdpa_kernel():
        return F.scaled_dot_product_attention(q, k, v)


def functional_forward(model, params, x):
    return functional_call(model, params, (x,))


# ---- torchvision ----

def build_backbones(num_classes, args):
    import torchvision
    from torchvision import models
    from torchvision.models import resnet50
    from torchvision.models.detection import fasterrcnn_resnet50_fpn

    encoder = torchvision.models.resnet18(pretrained=True)  # expect: TL002
    scratch = models.vgg16(num_classes=num_classes, pretrained=False)  # expect: TL002
    student = resnet50(pretrained=args.pretrained)  # expect: TL002
    detector = fasterrcnn_resnet50_fpn(pretrained_backbone=True, num_classes=num_classes)  # expect: TL002
    # The current API, other libraries' `pretrained=` and the project's own builders.
    teacher = models.resnet50(weights=models.ResNet50_Weights.IMAGENET1K_V1)
    fresh = models.resnet50(weights=None)
    timm_model = timm.create_model("resnet50", pretrained=True)
    hub_model = torch.hub.load("pytorch/vision", "resnet50", pretrained=True)
    mine = build_model(pretrained=True)
    return encoder, scratch, student, detector, teacher, fresh, timm_model, hub_model, mine


def image_transforms():
    import torchvision.transforms.v2 as v2
    from torchvision import transforms

    legacy = v2.Compose([v2.Resize(224), v2.ToTensor()])  # expect: TL002
    current = v2.Compose([v2.Resize(224), v2.ToImage(), v2.ToDtype(torch.float32, scale=True)])
    classic = transforms.Compose([transforms.Resize(224), transforms.ToTensor()])
    return legacy, current, classic


def evaluate_old_style(model, loader):
    from torch.autograd import Variable
    for x, y in loader:
        x = Variable(x, volatile=True)  # expect: TL002
        y = torch.autograd.Variable(y)
        yield model(x), y  # expect: TL303, TL304
