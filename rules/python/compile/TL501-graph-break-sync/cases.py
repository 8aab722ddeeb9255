import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

logger = logging.getLogger(__name__)


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        rms = x.pow(2).mean(-1, keepdim=True).add(self.eps).rsqrt()
        logger.debug("rms %s", rms.mean())  # expect: TL501
        return x * rms * self.weight


class Decoder(nn.Module):
    def __init__(self, vocab_size, dim, verbose=False):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim)
        self.norm = RMSNorm(dim)
        self.proj = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, vocab_size)
        self.verbose = verbose

    def forward(self, tokens, targets=None):
        h = self.embed(tokens)
        self.warn_cache(use_cache=True)
        h = self.norm(self.proj(h))
        print("hidden", h.shape)  # expect: TL501
        if not torch.compiler.is_compiling():
            print("eager step")  # runs only without torch.compile
        if self.verbose:
            print("norm", h.norm())  # debug flag: off in the compiled run
        logits = self.head(h)
        if targets is None:
            return logits
        loss = F.cross_entropy(logits.flatten(0, 1), targets.flatten())
        if torch.isnan(loss).any():  # expect: TL502
            raise RuntimeError(f"nan loss at {loss.item()}")  # error path
        self.last_loss = loss.item()  # expect: TL501
        return logits, loss

    def warn_cache(self, use_cache):
        if use_cache and self.training:
            logger.warning("use_cache=True is ignored while training")  # conditional warning
            use_cache = False
        return use_cache

    def generate(self, tokens, steps):
        # Not compiled: only `forward` runs through the compiled module.
        for _ in range(steps):
            nxt = self.forward(tokens)[:, -1].argmax(-1, keepdim=True)
            tokens = torch.cat([tokens, nxt], dim=1)
            print(tokens[0, -1].item())
        return tokens


decoder = torch.compile(Decoder(32000, 512))


@torch.compile(mode="max-autotune")
def top_k_ids(logits, k):
    values, ids = torch.topk(logits, k)
    kept = ids.tolist()  # expect: TL501
    logging.info("kept %d ids", len(kept))  # expect: TL501
    return values, kept


def sample(logits):
    probs = torch.softmax(logits, dim=-1)
    if torch.compiler.is_compiling():
        return torch.multinomial(probs, 1)
    print("sampling eagerly")  # after `if is_compiling(): return`: eager only
    return torch.multinomial(probs, 1)


@torch.compile
def decode_step(model, x):
    logits = model(x)
    token = sample(logits)
    scores = logits.softmax(-1).cpu().numpy()  # traced since PyTorch 2.1: no break
    return token, scores


def check_backend(name):
    logger.info("backend %s", name)  # reached only through a literal-argument call


@torch.compile
def scaled(x):
    check_backend("inductor")
    return x * 2


def report(values):
    # Not compiled: a plain helper.
    print(values.mean().item())
    logger.info("values %s", values.tolist())
