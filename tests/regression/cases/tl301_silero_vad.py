# reduced from snakers4/silero-vad@55ba6e2 tuning/utils.py:244
import torch


def train(loader, encoder_layer, decoder, criterion, optimizer, device):
    decoder.train()
    with torch.enable_grad():
        for x, targets, masks in loader:
            x = x.to(device)
            targets = targets.to(device)
            masks = masks.to(device)
            outs = []
            state = torch.zeros(0)
            for i in range(0, x.shape[1], 512):
                out = encoder_layer(x[:, i:i + 512])
                out, state = decoder(out, state)
                outs.append(out)
            stacked = torch.cat(outs, dim=2).squeeze(1)
            loss = (criterion(stacked, targets) * masks).mean()
            loss.backward()
            optimizer.step()  # expect: TL301
