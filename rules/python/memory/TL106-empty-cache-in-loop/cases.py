import gc

import torch
import torch.nn.functional as F
from torch.cuda import empty_cache


def clears_cache_every_step(model, loader, optimizer, device):
    model.train()
    for images, labels in loader:
        images, labels = images.to(device), labels.to(device)
        optimizer.zero_grad()
        logits = model(images)
        loss = F.cross_entropy(logits, labels)
        loss.backward()
        optimizer.step()
        del logits, loss
        gc.collect()
        torch.cuda.empty_cache()  # expect: TL106


def clears_before_the_forward(net, train_loader, opt, scaler, epochs):
    for epoch in range(epochs):
        for step, batch in enumerate(train_loader):
            empty_cache()  # expect: TL106
            with torch.autocast("cuda", dtype=torch.bfloat16):
                loss = net(batch["pixel_values"].cuda()).mean()
            scaler.scale(loss).backward()
            scaler.step(opt)
            scaler.update()
            opt.zero_grad(set_to_none=True)


def only_on_cuda_machines(unet, vae, dataloader, optimizer, noise_scheduler):
    for batch in dataloader:
        with torch.no_grad():
            latents = vae.encode(batch["pixel_values"]).latent_dist.sample()
        if torch.cuda.is_available():
            torch.cuda.empty_cache()  # expect: TL106
        noise = torch.randn_like(latents)
        timesteps = torch.randint(0, 1000, (latents.shape[0],), device=latents.device)
        noisy = noise_scheduler.add_noise(latents, noise, timesteps)
        loss = F.mse_loss(unet(noisy, timesteps), noise)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()


def other_backends(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()
        torch.xpu.empty_cache()  # expect: TL106


def in_the_critic_update(netG, netD, loader, opt_g, opt_d, n_critic):
    for i, real in enumerate(loader):
        opt_d.zero_grad()
        d_loss = netD(netG(real).detach()).mean() - netD(real).mean()
        d_loss.backward()
        opt_d.step()
        if (i + 1) % n_critic == 0:
            # A training branch, not a periodic one: every generator update clears the cache.
            opt_g.zero_grad()
            g_loss = -netD(netG(real)).mean()
            g_loss.backward()
            opt_g.step()
            torch.cuda.empty_cache()  # expect: TL106


# ---- negatives ----

def periodic_clear(model, loader, optimizer, clear_every=100):
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
        if step % clear_every == 0:
            torch.cuda.empty_cache()


def on_out_of_memory(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        try:
            F.cross_entropy(model(x), y).backward()
        except torch.cuda.OutOfMemoryError:
            optimizer.zero_grad(set_to_none=True)
            torch.cuda.empty_cache()
            continue
        optimizer.step()


def under_memory_pressure(model, loader, optimizer, limit_bytes):
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
        if torch.cuda.memory_reserved() > limit_bytes:
            torch.cuda.empty_cache()


def once_per_epoch(model, loader, val_loader, optimizer, epochs):
    for epoch in range(epochs):
        model.train()
        for x, y in loader:
            optimizer.zero_grad()
            F.cross_entropy(model(x), y).backward()
            optimizer.step()
        torch.cuda.empty_cache()
        model.eval()
        with torch.no_grad():
            for x, y in val_loader:
                model(x)


def before_and_after_training(model, loader, optimizer):
    torch.cuda.empty_cache()
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
    torch.cuda.empty_cache()


def after_validation(model, loader, optimizer, run_validation, validation_epochs, epochs):
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            F.cross_entropy(model(x), y).backward()
            optimizer.step()
        if epoch % validation_epochs == 0:
            pipeline = run_validation(model)
            del pipeline
            torch.cuda.empty_cache()


def free_models_between_sweeps(configs, build_model):
    # A loop over configurations, not a training loop.
    for cfg in configs:
        net = build_model(cfg)
        del net
        torch.cuda.empty_cache()


def at_the_last_step(model, loader, optimizer):
    for i, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
        if i == len(loader) - 1:
            torch.cuda.empty_cache()


def benchmark_attention(qkv, grad_out, do_bench):
    # The backward runs inside a lambda the benchmark calls: a loop over three kernels to time,
    # not a training loop; the cache is emptied between them on purpose.
    causal = lambda: F.scaled_dot_product_attention(*qkv, is_causal=True)
    plain = lambda: F.scaled_dot_product_attention(*qkv)
    times = []
    for attn in (causal, plain):
        out = attn()
        times.append(do_bench(lambda: out.backward(grad_out, retain_graph=True)))
        del out
        torch.cuda.empty_cache()
    return times
