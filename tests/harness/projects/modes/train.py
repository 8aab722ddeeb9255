"""A training script that misbehaves on request: how confirm copes with programs that hang,
exit early, crash or never reach the loop. `python train.py MODE`."""
import sys
import time

import torch
import torch.nn as nn

mode = sys.argv[1] if len(sys.argv) > 1 else "run"
torch.manual_seed(0)
model = nn.Linear(8, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batches = 2 if mode == "short" else 60
loader = [(torch.randn(4, 8), torch.randint(0, 2, (4,))) for _ in range(batches)]
if mode == "hang":
    time.sleep(600)
if mode == "exit":
    sys.exit(3)
if mode == "crash":
    raise RuntimeError("the data folder is empty")


def train():
    losses = []
    for x, y in loader:
        loss = nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss)
    return losses


if __name__ == "__main__":
    if mode != "skip":
        train()
    with open("trained.txt", "w") as out:  # a file the program writes: never in the user's tree
        out.write("done\n")
