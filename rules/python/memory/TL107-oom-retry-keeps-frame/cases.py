import gc
import os

import torch


def forward_with_fallback(net, batch):
    try:
        return net(batch)
    except torch.cuda.OutOfMemoryError:
        torch.cuda.empty_cache()
        half = batch.shape[0] // 2
        return torch.cat([net(batch[:half]), net(batch[half:])])  # expect: TL107


def run_step(step_fn, batch):
    return step_fn(batch)


class Runner:
    def infer(self, batch, chunk=None):
        try:
            return self.encoder(batch)
        except RuntimeError as err:
            if "out of memory" not in str(err):
                raise
            return self.infer(batch, chunk=batch.shape[0] // 2)  # expect: TL107


def train_batch(model, batch):
    return model(batch).sum()


def loop(model, loader):
    for batch in loader:
        try:
            train_batch(model, batch)
        except torch.OutOfMemoryError:
            print("OOM, retrying")
            train_batch(model, batch[: len(batch) // 2])  # expect: TL107


# --- negatives ---

def retry_after(net, batch):
    oom = False
    try:
        return net(batch)
    except torch.cuda.OutOfMemoryError:
        oom = True
    if oom:
        torch.cuda.empty_cache()
        return net(batch[: batch.shape[0] // 2])


def log_only(net, batch, log):
    try:
        return net(batch)
    except RuntimeError as err:
        if "out of memory" in str(err):
            log.warning("skipping batch: %s", err)
            torch.cuda.empty_cache()
            return None
        raise


def other_error(net, batch, fallback):
    try:
        return net(batch)
    except ValueError:
        return fallback(batch)


def global_rank():
    return int(os.environ.get("RANK", 0))


def eval_with_rank_log(net, batch, log):
    # The try body's callee appears again in the handler, but only to format the message.
    try:
        if global_rank() == 0:
            log.info("evaluating")
        return net(batch)
    except RuntimeError as err:
        if "out of memory" in str(err):
            log.debug(f"Rank {global_rank()} OOM'd")
            print("rank", global_rank(), "ran out of memory")
            return None
        raise


OOM_EXCEPTION = torch.cuda.OutOfMemoryError


class Decoder:
    # The handler catches the project's alias of the OOM error and decodes again, tiled: the
    # tiled method runs the same `self.vae.decode` in a lambda.
    def decode_tiled(self, z):
        decode_fn = lambda tile: self.vae.decode(tile).float()
        return tile_map(z, decode_fn)

    def report_oom(self, z):
        log_memory(z.shape)

    def decode(self, z):
        try:
            return self.vae.decode(z).float()
        except OOM_EXCEPTION:
            self.report_oom(z)
            return self.decode_tiled(z)  # expect: TL107


def forward_any(net, batch):
    # Two retries in one handler: one problem, one finding (at the first).
    try:
        return net(batch)
    except torch.cuda.OutOfMemoryError:
        if batch.shape[0] > 1:
            return net(batch[: batch.shape[0] // 2])  # expect: TL107
        return net(batch[:1])


def reset_cuda_memory():
    gc.collect()
    torch.cuda.empty_cache()


def eval_step(net, batch, log):
    # The same project function in the try body and the handler, but it only frees memory.
    try:
        out = net(batch)
        reset_cuda_memory()
        return out
    except RuntimeError as err:
        if "out of memory" in str(err):
            log.warning("OOM during eval")
            reset_cuda_memory()
        return None
