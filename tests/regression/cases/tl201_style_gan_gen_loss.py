# reduced from rosinality/style-based-gan-pytorch@b6898ed train.py:206
import torch
import torch.nn.functional as F


def train(loader, generator, discriminator, g_optimizer, d_optimizer, n_iter):
    gen_loss_val = 0
    for i in range(n_iter):
        real_image = next(loader)
        discriminator.zero_grad()
        real_predict = F.softplus(-discriminator(real_image)).mean()
        fake_image = generator(torch.randn(real_image.size(0), 512))
        fake_predict = F.softplus(discriminator(fake_image.detach())).mean()
        (real_predict + fake_predict).backward()
        d_optimizer.step()

        generator.zero_grad()
        predict = discriminator(generator(torch.randn(real_image.size(0), 512)))
        loss = F.softplus(-predict).mean()
        gen_loss_val = loss.item()  # expect: TL201
        loss.backward()
        g_optimizer.step()
