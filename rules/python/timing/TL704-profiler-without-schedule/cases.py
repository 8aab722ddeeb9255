import contextlib

import torch
import torch.nn.functional as F
from torch.profiler import ProfilerActivity, profile, schedule, tensorboard_trace_handler


def profile_training(model, train_loader, optimizer):
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:  # expect: TL704
        for images, labels in train_loader:
            optimizer.zero_grad()
            F.cross_entropy(model(images.cuda()), labels.cuda()).backward()
            optimizer.step()
            prof.step()
    prof.export_chrome_trace("trace.json")


def profile_generation(decoder, tokens, max_new_tokens):
    with torch.profiler.profile(record_shapes=True) as prof:  # expect: TL704
        for _ in range(max_new_tokens):
            next_token = decoder(tokens)[:, -1:].argmax(-1)
            tokens = torch.cat([tokens, next_token], dim=1)
            prof.step()
    return tokens, prof


def profile_started_by_hand(net, opt, data_loader):
    prof = torch.profiler.profile(activities=[ProfilerActivity.CUDA])  # expect: TL704
    prof.start()
    for step, (x, y) in enumerate(data_loader):
        opt.zero_grad()
        F.mse_loss(net(x), y).backward()
        opt.step()
        prof.step()
    prof.stop()


# ---- negatives ----

def scheduled(model, train_loader, optimizer):
    with profile(
        activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA],
        schedule=schedule(wait=1, warmup=1, active=3, repeat=1),
        on_trace_ready=tensorboard_trace_handler("./log"),
    ) as prof:
        for step, (images, labels) in enumerate(train_loader):
            optimizer.zero_grad()
            F.cross_entropy(model(images), labels).backward()
            optimizer.step()
            prof.step()
            if step >= 5:
                break


@torch.no_grad()
def a_few_calls(model, x):
    model.eval()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(3):
            model(x)
    print(prof.key_averages().table(sort_by="cuda_time_total"))


@torch.no_grad()
def one_forward(model, x):
    model.eval()
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        model(x)
    return prof


def legacy_profiler_one_step(model, x, y, optimizer):
    with torch.autograd.profiler.profile(use_cuda=True) as prof:
        optimizer.zero_grad()
        F.mse_loss(model(x), y).backward()
        optimizer.step()
    return prof


def stops_after_a_few_steps(model, train_loader, optimizer, profiling):
    with profile(activities=[ProfilerActivity.CUDA]) if profiling else contextlib.nullcontext() as prof:
        for step, (images, labels) in enumerate(train_loader):
            optimizer.zero_grad()
            F.cross_entropy(model(images), labels).backward()
            optimizer.step()
            if profiling and step == 5:
                break
    return prof


def profiled_only_when_asked(model, train_loader, optimizer, profiling):
    with profile(activities=[ProfilerActivity.CUDA]) if profiling else contextlib.nullcontext() as prof:  # expect: TL704
        for images, labels in train_loader:
            optimizer.zero_grad()
            F.cross_entropy(model(images), labels).backward()
            optimizer.step()
    return prof


def options_from_config(model, loader, optimizer, profiler_kwargs):
    with profile(**profiler_kwargs) as prof:
        for x, y in loader:
            optimizer.zero_grad()
            F.mse_loss(model(x), y).backward()
            optimizer.step()
            prof.step()


def a_few_prepared_steps(model, optimizer, prepared_batches):
    with profile(activities=[ProfilerActivity.CPU]) as prof:
        for x, y in prepared_batches:
            optimizer.zero_grad()
            F.mse_loss(model(x), y).backward()
            optimizer.step()
    return prof
