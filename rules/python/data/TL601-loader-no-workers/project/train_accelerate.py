# The Accelerator places the model and every batch on the GPU: this script trains on one.
import torch
from accelerate import Accelerator


def main(args, model, optimizer, hub_dataset, augment):
    accelerator = Accelerator(gradient_accumulation_steps=args.accumulate)
    hub_dataset.set_transform(lambda examples: {"pixels": [augment(i) for i in examples["image"]]})
    loader = torch.utils.data.DataLoader(hub_dataset, batch_size=16, shuffle=True)  # expect: TL601
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for epoch in range(args.epochs):
        for batch in loader:
            loss = model(batch["pixels"]).mean()
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
