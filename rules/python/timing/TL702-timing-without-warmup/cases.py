import time

import torch
import torch.nn.functional as F
import torchvision


@torch.no_grad()
def main():
    resnet = torchvision.models.resnet50().cuda().eval()
    images = torch.randn(32, 3, 224, 224, device="cuda")
    with torch.autocast("cuda"):
        torch.cuda.synchronize()
        start = time.perf_counter()
        for _ in range(50):  # expect: TL702
            resnet(images)
        torch.cuda.synchronize()
        print(f"{(time.perf_counter() - start) / 50 * 1000:.2f} ms")

    compiled = torch.compile(resnet)
    begin = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    begin.record()
    for _ in range(20):  # expect: TL702
        compiled(images)
    end.record()
    torch.cuda.synchronize()
    print(begin.elapsed_time(end) / 20)


def attention_benchmark(batch=8, heads=16, seq=2048, dim=64):
    q, k, v = (torch.randn(batch, heads, seq, dim, device="cuda", dtype=torch.float16) for _ in range(3))
    torch.cuda.synchronize()
    t0 = time.time()
    for _ in range(100):  # expect: TL702
        out = F.scaled_dot_product_attention(q, k, v)
    torch.cuda.synchronize()
    return out, (time.time() - t0) / 100


def decode_throughput(checkpoint, tokens):
    decoder = torch.jit.load(checkpoint).cuda()
    tokens = tokens.cuda()
    t_start = time.time()
    with torch.no_grad():
        for _ in range(20):  # expect: TL702
            decoder(tokens)
    torch.cuda.synchronize()
    return 20 / (time.time() - t_start)


@torch.no_grad()
def measure(net, batch, iters=30):
    torch.cuda.synchronize()
    begin = time.perf_counter()
    for _ in range(iters):  # expect: TL702
        net(batch)
    torch.cuda.synchronize()
    return (time.perf_counter() - begin) / iters


@torch.no_grad()
def report(checkpoint):
    net = torch.jit.load(checkpoint).cuda().eval()
    batch = torch.randn(16, 3, 224, 224, device="cuda")
    print(measure(net, batch))


# ---- negatives ----

def warmed_up_first(model, x, iters=100):
    x = x.cuda()
    for _ in range(3):
        model(x)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(iters):
        model(x)
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / iters


def skips_first_iterations(net, x, iters=100):
    x = x.cuda()
    for i in range(iters):
        if i == 10:
            torch.cuda.synchronize()
            t0 = time.perf_counter()
        net(x)
    torch.cuda.synchronize()
    return time.perf_counter() - t0


def one_untimed_call(encoder, tokens):
    tokens = tokens.cuda()
    encoder(tokens)
    torch.cuda.synchronize()
    tic = time.time()
    for _ in range(10):
        encoder(tokens)
    torch.cuda.synchronize()
    return time.time() - tic


def run_benchmark(fn, x, n):
    torch.cuda.synchronize()
    tic = time.perf_counter()
    for _ in range(n):
        fn(x)
    torch.cuda.synchronize()
    return (time.perf_counter() - tic) / n


def compare(model, x):
    x = x.cuda()
    run_benchmark(model, x, 5)  # the first call warms up the second
    return run_benchmark(model, x, 50)


def time_layer(layer, x, iters):
    torch.cuda.synchronize()
    begin = time.perf_counter()
    for _ in range(iters):
        layer(x)
    torch.cuda.synchronize()
    return (time.perf_counter() - begin) / iters


def report_layer(layer, x):
    layer(x)  # the caller runs it once before timing
    return time_layer(layer, x, 100)


def epoch_over_a_loader(model, loader, optimizer):
    start = time.time()
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x.cuda()), y.cuda()).backward()
        optimizer.step()
    torch.cuda.synchronize()
    return time.time() - start


def host_only_loop(values):
    t0 = time.time()
    total = 0
    for v in values:
        total += v * v
    return total, time.time() - t0


def probe_epochs():
    # Timed each epoch: from the second epoch on, the same head has run before; the first
    # epoch's time is a progress line, not a benchmark.
    device = torch.device("cuda")
    feats, labels, epochs, bs = load()
    head = ProbeHead(10).to(device)
    opt = torch.optim.AdamW(head.parameters())
    for epoch in range(epochs):
        t0 = time.time()
        for i in range(0, feats.shape[0], bs):
            x = feats[i:i + bs].to(device)
            loss = F.cross_entropy(head(x), labels[i:i + bs].to(device))
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(f"epoch {epoch}: {time.time() - t0:.1f}s")


def compare_implementations(impls, x):
    x = x.cuda()
    for name, fn in impls:  # a new function each pass: each timing starts from its first call
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(100):  # expect: TL702
            fn(x)
        torch.cuda.synchronize()
        print(name, time.perf_counter() - t0)


def compile_each_mode(model, x):
    x = x.cuda()
    for mode in ("default", "max-autotune"):
        compiled = torch.compile(model, mode=mode)  # compiled again each pass
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(100):  # expect: TL702
            compiled(x)
        torch.cuda.synchronize()
        print(mode, time.perf_counter() - t0)
