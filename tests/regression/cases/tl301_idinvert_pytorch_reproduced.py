# reduced from Hsintien-Ng/idinvert_pytorch-reproduced@7b0ef1a training/training_loop_encoder.py:148
import torch
import torch.nn.functional as F


def training_loop(E, G, D, train_dataloader, max_epoch):
    optimizer_E = torch.optim.Adam(E.parameters(), lr=1e-4)
    optimizer_D = torch.optim.Adam(D.parameters(), lr=1e-4)
    for epoch in range(max_epoch):
        for step, x in enumerate(train_dataloader):
            z = E(x)
            x_rec = G(z)
            loss_real = F.softplus(-D(x)).mean()
            loss_fake = F.softplus(D(x_rec.detach())).mean()
            D_loss = loss_real + loss_fake
            D_loss.backward()
            optimizer_D.step()  # expect: TL301

            loss_pix = torch.mean((x - x_rec) ** 2)
            loss_adv = F.softplus(-D(x_rec)).mean()
            E_loss = loss_pix + 0.1 * loss_adv
            optimizer_E.zero_grad()
            E_loss.backward()
            optimizer_E.step()
