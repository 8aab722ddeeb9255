import time

import torch
import torch.nn.functional as F


def forward_time_ms(model, inputs):
    inputs = inputs.cuda()
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    output = model(inputs)
    end.record()
    return output, start.elapsed_time(end)  # expect: TL703


def attention_time_ms(q, k, v, iters=10):
    start_event = torch.cuda.Event(enable_timing=True)
    end_event = torch.cuda.Event(enable_timing=True)
    start_event.record()
    for _ in range(iters):
        F.scaled_dot_product_attention(q, k, v)
    end_event.record()
    elapsed = start_event.elapsed_time(end_event) / iters  # expect: TL703
    return elapsed


def synchronized_before_the_stop_event(step_fn):
    begin = torch.cuda.Event(enable_timing=True)
    finish = torch.cuda.Event(enable_timing=True)
    begin.record()
    step_fn()
    torch.cuda.synchronize()
    finish.record()  # recorded after the wait: nothing waits for it
    return begin.elapsed_time(finish)  # expect: TL703


def per_iteration_lists(layer, x, runs=5):
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(runs)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(runs)]
    for i in range(runs):
        starts[i].record()
        layer(x)
        ends[i].record()
    return [s.elapsed_time(e) for s, e in zip(starts, ends)]  # expect: TL703


# ---- negatives ----

def event_synchronize(model, inputs):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    model(inputs)
    end.record()
    end.synchronize()
    return start.elapsed_time(end)


def device_synchronize(model, inputs):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    model(inputs)
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end)


def stream_synchronize(model, inputs, stream):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    with torch.cuda.stream(stream):
        start.record()
        model(inputs)
        end.record()
    torch.cuda.current_stream().synchronize()
    stream.synchronize()
    return start.elapsed_time(end)


def polls_until_done(model, inputs):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    model(inputs)
    end.record()
    while not end.query():
        pass
    return start.elapsed_time(end)


def item_waits_too(model, inputs):
    start = torch.cuda.Event(enable_timing=True)
    end = torch.cuda.Event(enable_timing=True)
    start.record()
    loss = model(inputs).sum()
    end.record()
    value = loss.item()
    return value, start.elapsed_time(end)


def lists_synchronized(layer, x, runs=5):
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(runs)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(runs)]
    for i in range(runs):
        starts[i].record()
        layer(x)
        ends[i].record()
    torch.cuda.synchronize()
    return [s.elapsed_time(e) for s, e in zip(starts, ends)]


class PhaseTimer:
    def __init__(self):
        self.start_event = torch.cuda.Event(enable_timing=True)
        self.end_event = torch.cuda.Event(enable_timing=True)

    def stop(self):
        self.end_event.record()

    def millis(self):
        # Recorded in another method: the caller decides when to wait.
        return self.start_event.elapsed_time(self.end_event)


class StepClock:
    """A host-side stand-in with the same method names as a CUDA event."""

    def record(self):
        self.at = time.perf_counter()

    def elapsed_time(self, other):
        return (other.at - self.at) * 1000


def host_clock_objects(model, inputs):
    begin, finish = StepClock(), StepClock()
    begin.record()
    model(inputs)
    finish.record()
    return begin.elapsed_time(finish)
