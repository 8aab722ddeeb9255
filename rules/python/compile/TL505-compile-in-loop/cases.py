import torch
import torch.nn as nn
import torch.nn.functional as F


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(16, 64), nn.GELU(), nn.Linear(64, 4))

    def forward(self, x):
        return self.net(x)


def compiles_every_step(loader, device):
    model = MLP().to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for x, y in loader:
        compiled = torch.compile(model)  # expect: TL505
        optimizer.zero_grad()
        F.cross_entropy(compiled(x.to(device)), y.to(device)).backward()
        optimizer.step()


def rewraps_the_model(model, train_loader, optimizer, scaler, epochs):
    for epoch in range(epochs):
        for batch in train_loader:
            model = torch.compile(model, mode="max-autotune")  # expect: TL505
            with torch.autocast("cuda", dtype=torch.bfloat16):
                loss = model(batch["x"]).pow(2).mean()
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad()


def compiled_per_inference_batch(encoder, loader):
    encoder.eval()
    embeddings = []
    with torch.no_grad():
        for images in loader:
            embeddings.append(torch.compile(encoder)(images))  # expect: TL505
    return embeddings


def compiled_then_called(policy, observations):
    actions = []
    with torch.inference_mode():
        for obs in observations:
            fast_policy = torch.compile(policy, dynamic=True)  # expect: TL505
            actions.append(fast_policy(obs))
    return actions


# ---- negatives ----

def compiled_once(model, loader, optimizer):
    model = torch.compile(model)
    for x, y in loader:
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()


def compile_each_model_once(models, names, example):
    for name in names:
        models[name] = torch.compile(models[name])
        torch.compile(models[name])(example)
    return models


def compile_each_block(blocks):
    compiled = nn.ModuleList()
    for block in blocks:
        compiled.append(torch.compile(block, fullgraph=True))
    return compiled


def benchmark_configurations(configs, build_model, example, timer):
    results = []
    for cfg in configs:
        model = build_model(cfg).eval()
        fast = torch.compile(model)
        fast(example)
        results.append(timer(lambda: fast(example)))
    return results


def compile_submodules(pipeline, attrs):
    for attr in attrs:
        module = getattr(pipeline, attr, None)
        if not isinstance(module, nn.Module):
            continue
        setattr(pipeline, attr, torch.compile(module))


def compile_on_first_step(model, loader, optimizer):
    compiled = None
    for x, y in loader:
        if compiled is None:
            compiled = torch.compile(model)
        optimizer.zero_grad()
        F.cross_entropy(compiled(x), y).backward()
        optimizer.step()


def compile_after_warmup(model, loader, optimizer, warmup_steps):
    for step, (x, y) in enumerate(loader):
        if step == warmup_steps:
            model = torch.compile(model)
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()


def autotune_per_shape(shapes, safe_int_mm):
    # The function is defined anew in each pass (a new function object per shape): compiling
    # it there is compiling a different function each time.
    for x_shape, w_shape in shapes:

        def wrap_int_mm(x, w):
            return safe_int_mm(x.reshape(-1, x.shape[-1]), w)

        wrap_int_mm_opt = torch.compile(wrap_int_mm, mode="max-autotune")
        wrap_int_mm_opt(torch.randn(x_shape), torch.randn(w_shape))
