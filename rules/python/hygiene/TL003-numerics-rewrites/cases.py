import math

import numpy as np
import torch
import torch as th
import torch.nn.functional as F
from torch import exp


def log_odds_terms(logits, delta_t, delta_q, alpha):
    probs = torch.sigmoid(logits)
    loss = torch.log(1 + delta_t) + alpha * torch.log(delta_q + 1.0)  # expect: TL003
    smooth = (1 + probs).log()  # expect: TL003
    return loss, smooth


def dpm_solver_step(sample, model_output, alpha_t, sigma_t, alpha_s, sigma_s):
    lambda_t = torch.log(alpha_t) - torch.log(sigma_t)
    lambda_s = torch.log(alpha_s) - torch.log(sigma_s)
    h = lambda_t - lambda_s
    x_t = sample - (alpha_t * (torch.exp(-h) - 1.0)) * model_output  # expect: TL003
    noise_scale = th.sqrt(th.exp(2 * h) - 1)  # expect: TL003
    bare = exp(h) - 1  # expect: TL003
    growth = h.exp() - 1  # expect: TL003
    return x_t, noise_scale, bare, growth


def layer_norm_manual(hidden, eps=1e-5):
    var = torch.var(hidden, dim=-1, keepdim=True, unbiased=False)
    inv_std = 1 / torch.sqrt(var + eps)  # expect: TL003
    inv_std2 = 1.0 / var.sqrt()  # expect: TL003
    return hidden * inv_std * inv_std2


def log_partition(scores):
    energies = F.linear(scores, scores)
    log_z = torch.log(torch.sum(torch.exp(energies), dim=-1, keepdim=True))  # expect: TL003
    log_z2 = torch.exp(energies).sum(1).log()  # expect: TL003
    return log_z, log_z2


# ---- negatives ----

def not_torch(x, rate):
    a = math.log(1 + x)
    b = np.log(1 + x)
    c = math.exp(rate) - 1
    d = np.exp(rate) - 1.0
    e = 1 / math.sqrt(x)
    return a, b, c, d, e


def other_constants(t):
    a = torch.log(2 + t)
    b = torch.exp(t) - 2
    c = 2 / torch.sqrt(t)
    d = torch.log(1 - t)
    e = 1 - torch.exp(t)
    return a, b, c, d, e


def no_dim_sum(energies):
    # Sums over every element: logsumexp needs a dim.
    a = torch.log(torch.sum(torch.exp(energies)))
    b = torch.log(torch.sum(torch.exp(energies), dim=None))
    c = torch.log(torch.sum(torch.exp(energies), keepdim=True))
    return a, b, c


def unknown_receivers(amount, rate):
    # Not known to be tensors (a Decimal has .exp() and .sqrt() too).
    return amount.exp() - 1, 1 / rate.sqrt(), (1 + rate).log()


def already_fused(x):
    return torch.log1p(x), torch.expm1(x), torch.rsqrt(x), torch.logsumexp(x, dim=1)


def log_sum_exp_shifted(x):
    # Shifted by the maximum first: every exponent is <= 0, nothing can overflow.
    x_max = x.data.max()
    a = torch.log(torch.sum(torch.exp(x - x_max), 1, keepdim=True)) + x_max
    b = torch.log(torch.exp(x - x.amax(dim=1, keepdim=True)).sum(dim=1)) + x.amax(dim=1)
    return a, b
