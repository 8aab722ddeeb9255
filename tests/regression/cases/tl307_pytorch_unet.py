# reduced from milesial/Pytorch-UNet@2f62e6b train.py:115
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import optim
from torch.utils.data import DataLoader


def train_model(model, device, epochs=5, batch_size=1, learning_rate=1e-5, amp=False,
                weight_decay=1e-8, momentum=0.999, gradient_clipping=1.0):
    train_loader = DataLoader(train_set, shuffle=True, batch_size=batch_size)
    optimizer = optim.RMSprop(model.parameters(), lr=learning_rate, weight_decay=weight_decay, momentum=momentum, foreach=True)
    grad_scaler = torch.cuda.amp.GradScaler(enabled=amp)  # torchlint: ignore[TL002]
    criterion = nn.CrossEntropyLoss() if model.n_classes > 1 else nn.BCEWithLogitsLoss()

    for epoch in range(1, epochs + 1):
        model.train()
        for batch in train_loader:
            images, true_masks = batch['image'], batch['mask']
            images = images.to(device=device, dtype=torch.float32, memory_format=torch.channels_last)
            true_masks = true_masks.to(device=device, dtype=torch.long)

            with torch.autocast(device.type if device.type != 'mps' else 'cpu', enabled=amp):
                masks_pred = model(images)
                loss = criterion(masks_pred, true_masks)

            optimizer.zero_grad(set_to_none=True)
            grad_scaler.scale(loss).backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), gradient_clipping)  # expect: TL307
            grad_scaler.step(optimizer)
            grad_scaler.update()
