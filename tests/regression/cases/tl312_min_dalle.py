# reduced from kuprel/min-dalle@9d6b6dc min_dalle/min_dalle_torch.py:5
import numpy
from torch import LongTensor, FloatTensor
import torch
torch.no_grad()  # expect: TL312


def encode_torch(text_tokens: LongTensor, config: dict, params: dict) -> FloatTensor:
    encoder = DalleBartEncoderTorch(
        layer_count=config['encoder_layers'],
        embed_count=config['d_model'],
    )
    encoder_state = encoder(text_tokens)
    del encoder
    return encoder_state
