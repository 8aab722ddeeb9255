# reduced from rosinality/style-based-gan-pytorch@b6898ed train.py:145
import torch
from torch import autograd


def train(loader, generator, discriminator, d_optimizer, n_iter):
    grad_loss_val = 0
    for i in range(n_iter):
        real_image = next(loader).requires_grad_(True)
        discriminator.zero_grad()
        real_scores = discriminator(real_image)
        real_predict = -real_scores.mean()
        real_predict.backward(retain_graph=True)
        grad_real = autograd.grad(outputs=real_scores.sum(), inputs=real_image, create_graph=True)[0]
        grad_penalty = (grad_real.view(grad_real.size(0), -1).norm(2, dim=1) ** 2).mean()
        grad_penalty = 10 / 2 * grad_penalty
        grad_penalty.backward()
        grad_loss_val = grad_penalty.item()  # expect: TL201
        d_optimizer.step()
