"""Train the feature classifier, then fine-tune its head."""
import argparse
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

from data import make_loaders
from evaluate import evaluate, predict, test_accuracy, validate
from model import Classifier
from utils import AverageMeter, log_metrics, set_seed


def train(model, train_loader, val_loader, optimizer, device, epochs, log_every=50):
    criterion = nn.CrossEntropyLoss()
    last_batch_losses = []
    batch_time = AverageMeter("batch_time")
    step = 0
    for epoch in range(epochs):
        model.train()
        epoch_losses = []
        all_logits = []
        running_loss = 0.0
        end = time.perf_counter()
        for x, y in train_loader:
            x = x.to(device, non_blocking=True)
            y = y.to(device, non_blocking=True)

            optimizer.zero_grad()
            logits = model(x)
            loss = criterion(logits, y)
            loss.backward()
            optimizer.step()

            epoch_losses.append(loss)
            all_logits.append(logits)
            running_loss += loss.item()
            if step % log_every == 0:
                log_metrics(step, {"train/loss": loss.item()})
            batch_time.update(time.perf_counter() - end)
            end = time.perf_counter()
            step += 1

        last_batch_losses.append(loss.item())
        mean_loss = torch.stack(epoch_losses).mean().item()
        confidence = torch.cat(all_logits).softmax(dim=-1).amax(dim=-1).mean().item()
        val_loss, val_acc = validate(model, val_loader)
        log_metrics(step, {
            "epoch": epoch,
            "train/mean_loss": mean_loss,
            "train/running_loss": running_loss / len(train_loader),
            "train/confidence": confidence,
            "val/loss": val_loss,
            "val/acc": val_acc,
        })
        print(batch_time)
    return last_batch_losses


def train_with_accumulation(model, loader, optimizer, device, epochs, accum_steps=4):
    criterion = nn.CrossEntropyLoss()
    history = []
    model.train()
    for epoch in range(epochs):
        for step, (x, y) in enumerate(loader):
            x, y = x.to(device), y.to(device)
            loss = criterion(model(x), y) / accum_steps
            loss.backward()
            history.append(loss.detach())
            if (step + 1) % accum_steps == 0:
                optimizer.step()
                optimizer.zero_grad()
    return torch.stack(history).mul(accum_steps).mean().item()


def finetune_head(model, loader, device, epochs=1, lr=1e-3):
    model.freeze_backbone()
    optimizer = torch.optim.SGD(model.head.parameters(), lr=lr, momentum=0.9)
    model.train()
    for epoch in range(epochs):
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            logits = model(x)
            loss = F.cross_entropy(logits, y, label_smoothing=0.1)
            loss.backward()
            optimizer.step()
    return model


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default="data/features.pt")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--batch-size", type=int, default=128)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--accum-steps", type=int, default=1)
    parser.add_argument("--num-classes", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    set_seed(args.seed)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    train_loader, val_loader, test_loader = make_loaders(args.data, args.batch_size)
    in_dim = train_loader.dataset[0][0].numel()

    model = Classifier(in_dim, args.num_classes).to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)

    if args.accum_steps > 1:
        train_with_accumulation(model, train_loader, optimizer, device,
                                args.epochs, args.accum_steps)
    else:
        train(model, train_loader, val_loader, optimizer, device, args.epochs)

    finetune_head(model, train_loader, device)
    print(f"val acc after fine-tuning: {evaluate(model, val_loader, device):.4f}")
    print(f"test acc: {test_accuracy(model, test_loader, device):.4f}")

    x, _ = next(iter(test_loader))
    probs = predict(model, x[:8].to(device))
    print(probs.argmax(dim=-1).tolist())
    torch.save(model.state_dict(), "classifier.pt")


if __name__ == "__main__":
    main()
