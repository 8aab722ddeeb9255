import contextlib
import time
import timeit
from time import perf_counter as clock

import torch
import torch.nn.functional as F
import torchvision

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


def time_forward(classifier, images):
    images = images.to(device)
    start = time.perf_counter()
    logits = classifier(images)
    elapsed = time.perf_counter() - start  # expect: TL701
    return logits, elapsed


def time_matmul(n=4096):
    a = torch.randn(n, n, device="cuda")
    b = torch.randn(n, n, device="cuda")
    t0 = clock()
    c = a @ b
    t1 = clock()
    return c, t1 - t0  # expect: TL701


def time_repeated_calls(resnet, batch, iters=50):
    resnet = resnet.cuda()
    batch = batch.cuda()
    for _ in range(3):
        resnet(batch)
    torch.cuda.synchronize()
    tic = time.time()
    for _ in range(iters):
        features = resnet(batch)
    print(f"{(time.time() - tic) / iters * 1000:.2f} ms/iter")  # expect: TL701
    return features


def time_train_step(net, optimizer, inputs, targets):
    inputs, targets = inputs.cuda(), targets.cuda()
    begin = time.monotonic()
    optimizer.zero_grad()
    loss = F.cross_entropy(net(inputs), targets)
    loss.backward()
    optimizer.step()
    step_time = time.monotonic() - begin  # expect: TL701
    return step_time


def per_iteration_latency(encoder, tokens, runs=10):
    tokens = tokens.to(device)
    latencies = []
    for _ in range(runs):
        t0 = timeit.default_timer()
        hidden = encoder(tokens)
        latencies.append(timeit.default_timer() - t0)  # expect: TL701
    return hidden, latencies


def timeit_a_lambda(model, x):
    model = model.to(device)
    x = x.to(device)
    return timeit.timeit(lambda: model(x), number=100)  # expect: TL701


@torch.no_grad()
def eval_with_per_batch_timing(model, loader):
    model.eval()
    infer_time = 0.0
    for images, labels in loader:
        images = images.to(device)  # a blocking copy: waits for the previous batch's work
        start_time = time.time()
        preds = model(images)
        infer_time += time.time() - start_time  # expect: TL701
        _, predicted = preds.max(1)
    return infer_time


@torch.no_grad()
def token_latencies(decoder, tokens, steps):
    decoder.eval()
    tokens = tokens.cuda()
    last = time.perf_counter()
    for _ in range(steps):
        logits = decoder(tokens)
        latency = time.perf_counter() - last  # expect: TL701
        # The wait below is outside every window: the time the GPU still needed is lost.
        print(f"{latency * 1000:.1f} ms, top logit {logits.max().item():.2f}")
        last = time.perf_counter()


# ---- negatives ----

def synchronized_before_read(model, x):
    x = x.to(device)
    torch.cuda.synchronize()
    start = time.perf_counter()
    out = model(x)
    torch.cuda.synchronize()
    return out, time.perf_counter() - start


def item_is_the_last_step(model, optimizer, x, y):
    x, y = x.cuda(), y.cuda()
    t0 = time.time()
    loss = F.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    value = loss.item()
    return value, time.time() - t0


def result_moved_to_host(detector, frames):
    frames = frames.cuda()
    t0 = time.perf_counter()
    boxes = detector(frames).cpu().numpy()
    dt = time.perf_counter() - t0
    return boxes, dt


def printing_a_device_tensor_waits(model, x):
    x = x.cuda()
    t0 = time.time()
    out = model(x)
    print(f"max logit {out.max()}")
    return time.time() - t0


def event_synchronize_waits(model, x):
    x = x.cuda()
    done = torch.cuda.Event()
    t0 = time.time()
    out = model(x)
    done.record()
    done.synchronize()
    return out, time.time() - t0


def time_sync():
    if torch.cuda.is_available():
        torch.cuda.synchronize()
    return time.time()


def helper_clock_that_syncs(model, x):
    x = x.cuda()
    t1 = time_sync()
    pred = model(x)
    t2 = time_sync()
    return pred, t2 - t1


def data_loading_time(model, loader, optimizer, data_meter):
    end = time.time()
    for images, target in loader:
        images = images.cuda(non_blocking=True)
        data_time = time.time() - end
        loss = F.cross_entropy(model(images), target.cuda(non_blocking=True))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        data_meter.update(data_time)
        end = time.time()


def batch_time_carried_to_next_window(model, loader, optimizer):
    # Each window starts where the last one ended: the time the GPU still needs after one
    # read is charged to the next window, so the running average is right.
    end = time.time()
    for images, target in loader:
        images = images.cuda()
        loss = F.cross_entropy(model(images), target.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        batch_time = time.time() - end
        end = time.time()
        print(batch_time)


def whole_epoch_wall_clock(model, loader, optimizer):
    start = time.time()
    for x, y in loader:
        x, y = x.cuda(), y.cuda()
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
    epoch_seconds = time.time() - start
    return epoch_seconds


def running_total_since_start(model, loader, optimizer):
    start = time.time()
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        F.cross_entropy(model(x.cuda()), y.cuda()).backward()
        optimizer.step()
        elapsed = time.time() - start
        print(step, elapsed)


def cpu_only_branch(model, x, device_type):
    if device_type == "cpu":
        start = time.time()
        model(x)
        return time.time() - start
    return None


def unknown_pipeline_call(pipe, prompt):
    pipe = pipe.to(device)
    t0 = time.time()
    image = pipe(prompt).images[0]
    t1 = time.time()
    return image, t1 - t0


def loading_weights(path):
    t0 = time.time()
    model = torchvision.models.resnet50()
    model.load_state_dict(torch.load(path, map_location="cpu", weights_only=True))
    print(f"loaded in {time.time() - t0:.1f}s")
    return model


def condition_on_device_tensor(decoder, tokens, eos_id):
    tokens = tokens.cuda()
    t0 = time.time()
    for _ in range(64):
        next_token = decoder(tokens)[:, -1].argmax(-1)
        tokens = torch.cat([tokens, next_token[:, None]], dim=1)
        if (next_token == eos_id).all():
            break
    return tokens, time.time() - t0


def compiled_helper_synchronizes(x):
    def loss_and_backward(inp):
        out = (inp * 2).sum()
        out.backward()
        torch.cuda.synchronize()

    x = x.cuda().requires_grad_()
    t0 = time.perf_counter()
    loss_and_backward(x)
    return time.perf_counter() - t0


def cpu_numbers():
    t0 = time.time()
    total = sum(i * i for i in range(10_000))
    return total, time.time() - t0


# ---- timer helpers of the file ----

_tic = 0.0


def tic():
    global _tic
    _tic = time.perf_counter()


def toc():
    return time.perf_counter() - _tic


class CudaTimer:
    def __init__(self, name):
        self.name = name

    def __enter__(self):
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc):
        torch.cuda.synchronize()
        print(self.name, time.perf_counter() - self.start)


class Stopwatch:
    def start(self):
        self.begin = time.time()

    def stop(self):
        return time.time() - self.begin


@contextlib.contextmanager
def timed(label):
    t0 = time.perf_counter()
    yield
    print(label, time.perf_counter() - t0)


@contextlib.contextmanager
def synced_timed(label):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    yield
    torch.cuda.synchronize()
    print(label, time.perf_counter() - t0)


def helpers_around_gpu_work(vae, latents):
    latents = latents.to(device)
    tic()
    decoded = vae(latents)
    print(f"decode {toc():.3f}s")  # expect: TL701
    watch = Stopwatch()
    watch.start()
    decoded = vae(latents)
    seconds = watch.stop()  # expect: TL701
    with CudaTimer("decode"):
        decoded = vae(latents)
    with timed("decode"):  # expect: TL701
        decoded = vae(latents)
    with synced_timed("decode"):
        decoded = vae(latents)
    return decoded, seconds
