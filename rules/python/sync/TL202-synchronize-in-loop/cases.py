import time

import torch
import torch.nn.functional as F


def synchronizes_every_step(model, loader, optimizer, device):
    model.train()
    for images, targets in loader:
        images, targets = images.to(device, non_blocking=True), targets.to(device, non_blocking=True)
        optimizer.zero_grad()
        loss = F.cross_entropy(model(images), targets)
        loss.backward()
        optimizer.step()
        torch.cuda.synchronize()  # expect: TL202


def on_a_given_device(net, train_loader, opt, scaler, device, epochs):
    for epoch in range(epochs):
        for step, batch in enumerate(train_loader):
            with torch.autocast("cuda", dtype=torch.float16):
                loss = net(batch["input_ids"].to(device), labels=batch["labels"].to(device)).loss
            scaler.scale(loss).backward()
            scaler.step(opt)
            scaler.update()
            opt.zero_grad(set_to_none=True)
            torch.cuda.synchronize(device)  # expect: TL202


def through_the_current_stream(encoder, decoder, loader, optimizer):
    for src, tgt in loader:
        optimizer.zero_grad()
        loss = F.nll_loss(decoder(encoder(src), tgt), tgt)
        loss.backward()
        torch.cuda.current_stream().synchronize()  # expect: TL202
        optimizer.step()


def before_the_checkpoint_check(model, loader, optimizer, save_every, save):
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()
        torch.cuda.synchronize()  # expect: TL202
        if step % save_every == 0:
            save(model)


# ---- negatives ----

def periodic_throughput(model, loader, optimizer, log_every=100):
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
        if step % log_every == 0:
            torch.cuda.synchronize()


def timed_steps(model, loader, optimizer, batch_time):
    end = time.time()
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
        torch.cuda.synchronize()
        batch_time.update(time.time() - end)
        end = time.time()


def timed_with_events(model, loader, optimizer):
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    times = []
    for x, y in loader:
        start.record()
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
        stop.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(stop))
    return times


def benchmark_forward_backward(model, example, steps=50):
    t0 = time.perf_counter()
    for _ in range(steps):
        model(example).sum().backward()
        torch.cuda.synchronize()
    return (time.perf_counter() - t0) / steps


def through_a_logging_iterator(model, data_loader, optimizer, metric_logger, print_freq, header):
    # The logger's generator reads the clock around each step.
    for samples, targets in metric_logger.log_every(data_loader, print_freq, header):
        optimizer.zero_grad()
        F.cross_entropy(model(samples), targets).backward()
        optimizer.step()
        torch.cuda.synchronize()
        metric_logger.update(lr=optimizer.param_groups[0]["lr"])


def copies_back_to_pinned_memory(model, loader, optimizer, host_buffer):
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        out = model(x)
        F.mse_loss(out, y).backward()
        optimizer.step()
        host_buffer[step].copy_(out.detach(), non_blocking=True)
        torch.cuda.synchronize()


def once_before_and_after(model, loader, optimizer):
    torch.cuda.synchronize()
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
    torch.cuda.synchronize()


def once_per_epoch(model, loader, optimizer, epochs):
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            F.cross_entropy(model(x), y).backward()
            optimizer.step()
        torch.cuda.synchronize()


def inference_loop(model, loader):
    model.eval()
    with torch.no_grad():
        for x in loader:
            model(x)
            torch.cuda.synchronize()


def side_stream(model, loader, optimizer, copy_stream):
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
        copy_stream.synchronize()


def enumerated_logging_iterator(model, data_loader, optimizer, metric_logger, header):
    for it, (samples, targets) in enumerate(metric_logger.log_every(data_loader, 20, header)):
        optimizer.zero_grad()
        F.cross_entropy(model(samples), targets).backward()
        optimizer.step()
        torch.cuda.synchronize()


def imported_clock(model, loader, optimizer, log):
    from time import perf_counter
    for x, y in loader:
        start = perf_counter()
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
        torch.cuda.synchronize()
        log(perf_counter() - start)


def warm_up(model, x, labels):
    # A warm-up of three literal iterations: the synchronisation is paid three times.
    for _ in range(3):
        loss = F.mse_loss(model(x), labels)
        loss.backward()
        torch.cuda.synchronize()
