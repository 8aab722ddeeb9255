# reduced from SeanNaren/deepspeech.pytorch@77aa36a train.py:204
import torch
import torch.nn as nn


def main(model, train_loader, test_loader, criterion, decoder, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=3e-4, momentum=0.9)
    for epoch in range(epochs):
        model.train()
        for inputs, targets, sizes in train_loader:
            out = model(inputs)
            loss = criterion(out, targets, sizes)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()

        total_wer = 0
        with torch.no_grad():
            for inputs, targets, sizes in test_loader:
                out = model(inputs)  # expect: TL304
                out = out.transpose(0, 1)
                total_wer += decoder.wer(out, targets)
