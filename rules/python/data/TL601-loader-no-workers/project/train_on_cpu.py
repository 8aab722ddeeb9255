# Nothing here places work on a GPU: workers would compete with the training process for
# the same cores.
import torch


def main(args, model, optimizer, hub_dataset, augment):
    hub_dataset.set_transform(lambda examples: {"pixels": [augment(i) for i in examples["image"]]})
    loader = torch.utils.data.DataLoader(hub_dataset, batch_size=16, shuffle=True)
    for epoch in range(args.epochs):
        for batch in loader:
            loss = model(batch["pixels"]).mean()
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
