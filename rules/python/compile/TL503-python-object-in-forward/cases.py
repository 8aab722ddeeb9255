import tiktoken
import torch
import torch.nn as nn
import torch.nn.functional as F
from transformers import AutoTokenizer


def get_tokenizer(name, extra_special_tokens=None):
    tokenizer = AutoTokenizer.from_pretrained(name, use_fast=True)
    tokenizer.pad_token = tokenizer.eos_token
    return tokenizer


class PatchTokenizer(nn.Module):
    """A ViT patch embedding some code bases call a tokenizer: a module, traced fine."""

    def __init__(self, patch, dim):
        super().__init__()
        self.proj = nn.Conv2d(3, dim, patch, patch)

    def forward(self, images):
        return self.proj(images).flatten(2).transpose(1, 2)


class VisionLanguageModel(nn.Module):
    def __init__(self, cfg, tokenizer):
        super().__init__()
        self.vision = PatchTokenizer(cfg.patch, cfg.dim)
        self.embed = nn.Embedding(cfg.vocab_size, cfg.dim)
        self.head = nn.Linear(cfg.dim, cfg.vocab_size)
        self.tokenizer = get_tokenizer(cfg.tokenizer_name)
        self.prompt_tokenizer = tokenizer
        self.bpe = tiktoken.get_encoding("gpt2")
        self.image_token_id = self.tokenizer.image_token_id  # cached at init: fine

    def _merge(self, input_ids, token_embd, image_embd):
        mask = input_ids == self.tokenizer.image_token_id  # expect: TL503
        token_embd = token_embd.clone()
        token_embd[mask] = image_embd.reshape(-1, image_embd.size(-1)).to(token_embd.dtype)
        return token_embd

    def forward(self, input_ids, images, targets=None):
        image_embd = self.vision(images)
        token_embd = self._merge(input_ids, self.embed(input_ids), image_embd)
        logits = self.head(token_embd)
        if targets is None:
            return logits
        pad = self.prompt_tokenizer.pad_token_id  # expect: TL503
        loss = F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=pad)
        vocab = len(self.tokenizer)  # expect: TL503
        return logits[..., :vocab], loss

    def fast_forward(self, input_ids, images):
        image_embd = self.vision(images)
        mask = input_ids == self.image_token_id  # the cached int: fine
        token_embd = self.embed(input_ids)
        token_embd[mask] = image_embd.reshape(-1, image_embd.size(-1))
        return self.head(token_embd)

    @torch.inference_mode()
    def generate(self, prompt, images, max_new_tokens=32):
        # Not compiled: only forward runs through the compiled module.
        input_ids = torch.tensor([self.bpe.encode(prompt)], device=images.device)
        for _ in range(max_new_tokens):
            nxt = self.forward(input_ids, images)[:, -1].argmax(-1, keepdim=True)
            input_ids = torch.cat([input_ids, nxt], dim=1)
        return self.tokenizer.decode(input_ids[0])


def build(cfg, tokenizer):
    model = VisionLanguageModel(cfg, tokenizer)
    return torch.compile(model)
