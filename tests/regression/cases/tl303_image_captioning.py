# reduced from sgrvinod/a-PyTorch-Tutorial-to-Image-Captioning@b3b8263 train.py:259
import torch


def train(train_loader, encoder, decoder, criterion, decoder_optimizer):
    decoder.train()
    encoder.train()
    for imgs, caps, caplens in train_loader:
        imgs = encoder(imgs)
        scores, targets = decoder(imgs, caps, caplens)
        loss = criterion(scores, targets)
        decoder_optimizer.zero_grad()
        loss.backward()
        decoder_optimizer.step()


def validate(val_loader, encoder, decoder, criterion):
    decoder.eval()
    if encoder is not None:
        encoder.eval()
    hypotheses = list()
    for imgs, caps, caplens in val_loader:
        if encoder is not None:
            with torch.no_grad():
                imgs = encoder(imgs)
        scores, targets = decoder(imgs, caps, caplens)  # expect: TL303
        hypotheses.extend(scores.argmax(-1).tolist())
    return hypotheses
