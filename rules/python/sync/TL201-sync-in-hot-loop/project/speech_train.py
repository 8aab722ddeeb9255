from speech_build import build


def train(loader, device):
    # `build` returns the Aligner as the first element of a tuple: calling `model` runs its
    # forward every step, with device tensors for `frames` and `durations`.
    model, optimizer = build(device)
    for frames, durations, lengths in loader:
        out, total, mask = model(frames.to(device), durations.to(device), lengths)
        loss = out.pow(2).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
