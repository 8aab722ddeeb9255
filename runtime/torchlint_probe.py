"""torchlint's runtime probe: measures one loop of a program, one sample per iteration.

`torchlint confirm` writes this file into a temporary copy of the project, rewrites the head of
the flagged loop (on the same line, so line numbers stay true) and runs

    python3 torchlint_probe.py SCRIPT ARGS...

    for x, y in loader:            ->  for x, y in __torchlint_probe__.loop((loader), "train.py:27"):
    while step < n:                ->  while __torchlint_probe__.tick("train.py:27") and (step < n):

Each sample is a JSON line in $TORCHLINT_PROBE_OUT, taken at the head of an iteration (so it
describes the program after the previous one). After $TORCHLINT_PROBE_WARMUP +
$TORCHLINT_PROBE_STEPS iterations the probe writes its last line and ends the process with
os._exit: user code cannot catch that, and the program's exit handlers are skipped.

Metrics ($TORCHLINT_PROBE_METRICS, comma-separated; each costs only when asked for):
  heap    glibc heap in use (mallinfo2: small blocks + mmapped blocks), after gc.collect()
  graph   live tensors that hold an autograd graph, and the distinct graph nodes they reach
  saved   bytes saved for backward (saved_tensors_hooks), cumulative
  syncs   operations that read a tensor on the host (would wait for the GPU), cumulative, with
          those whose output shape depends on the values (boolean-mask indexing, nonzero...);
          on CUDA also torch.cuda.set_sync_debug_mode warnings and a CUPTI counter
  cpu     this thread's CPU time, cumulative
  modes   per top-level module call: whether its output differs between two identical calls,
          and from the same module in eval mode (dropout, batch-norm statistics)
  trainmode  top-level module calls with gradients on whose dropout/batch-norm layers are in eval mode
  calls   calls whose cost is per call, cumulative, by name: top-level module calls (Net.forward),
          Module.to/.cuda/.cpu, torch.cuda.empty_cache/.synchronize (looked up after the loop
          starts: a name imported before it is not seen), batches a DataLoader yields (from the
          import of torch.utils.data, so those loaded before the loop count); on CUDA also
          cudaMalloc calls
  ops     ATen operations that do work (each is a kernel launch on a GPU; views such as `t`,
          `view`, `detach` are metadata only and not counted) and the bytes of the new tensors
          they return (in-place results excluded), cumulative
  copies  host-to-device copies, their bytes, and those from pageable (not pinned) host memory,
          cumulative
  update  how far the parameters of the modules called at top level in the loop moved since the
          previous sample (L2 norm of the change), and how many parameter tensors moved; the L2 norm
          of the gradients each optimizer step applies, and the steps; cumulative
  lr      the learning rate (first parameter group) of the latest optimizer step, and the steps
  order   passes over a DistributedSampler, and those in the same order as its previous pass,
          cumulative
  peak    the most bytes held at once by tensors that operations created and the program still
          references, since the previous sample (a tensor is released when its Python object is)
  keys    calls of Module.load_state_dict, the keys they ignored (missing or unexpected) and the
          parameter values left as they were, cumulative (watched from the moment torch is
          imported: the load usually comes before the loop)
CUDA (when the program uses it): memory allocated, the peak since the previous sample, and
CUDA-event time between iteration heads (read at the end, never by synchronising per step).

$TORCHLINT_PROBE_VARIANT makes the fixed twin of a finding whose fix is not a text edit:
  no-grad     each iteration of the loop runs under torch.no_grad()
  eval-mode   modules called at top level in the loop are put in eval mode first
  train-mode  modules called at top level are put back in train mode at each iteration head
"""
import builtins
import ctypes
import functools
import gc
import json
import os
import runpy
import sys
import time
import traceback
import warnings

_OUT = None
_STEPS = int(os.environ.get("TORCHLINT_PROBE_STEPS", "20"))
_WARMUP = int(os.environ.get("TORCHLINT_PROBE_WARMUP", "3"))
_METRICS = set(filter(None, os.environ.get("TORCHLINT_PROBE_METRICS", "heap,graph").split(",")))
_VARIANT = os.environ.get("TORCHLINT_PROBE_VARIANT", "")

_torch = None
_started = False
_samples = 0
_segment = 0
_in_loop = False
_cuda = False
_events = []
_counters = {"syncs": 0, "saved": 0, "sync_warnings": 0, "modes_differ": 0, "eval_differ": 0,
             "top_calls": 0, "train_in_eval": 0, "ops": 0, "op_bytes": 0, "update": 0.0,
             "h2d_copies": 0, "h2d_bytes": 0, "pageable_copies": 0, "moved": 0, "opt_steps": 0,
             "sampler_passes": 0, "repeated_orders": 0, "loads": 0, "ignored_keys": 0,
             "unloaded_values": 0, "grad_norm": 0.0, "grad_steps": 0}
_last_lr = None  # the learning rate of the latest optimizer step (the lr metric)
_live = {"bytes": 0, "peak": 0}  # the peak metric
_cupti = None
_sync_ops = {}  # which operations read tensors on the host, and how often (in the last record)
_calls = {}     # calls whose cost is per call, by name (the calls metric)


def _write(record):
    _OUT.write(json.dumps(record) + "\n")
    _OUT.flush()


# ---- heap ---------------------------------------------------------------------------------
class _MallInfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
                 "uordblks", "fordblks", "keepcost")]


_mallinfo2 = None
try:
    _libc = ctypes.CDLL(None)
    _mallinfo2 = _libc.mallinfo2
    _mallinfo2.restype = _MallInfo2
except (OSError, AttributeError):
    _mallinfo2 = None


def _heap_in_use():
    if _mallinfo2 is None:
        return None
    info = _mallinfo2()
    return int(info.uordblks + info.hblkhd)


# ---- autograd graph -------------------------------------------------------------------------
def _graph_counts():
    torch = _torch
    roots = []
    with warnings.catch_warnings():  # isinstance on some deprecated module attributes warns
        warnings.simplefilter("ignore")
        for obj in gc.get_objects():
            try:
                if isinstance(obj, torch.Tensor) and obj.grad_fn is not None:
                    roots.append(obj.grad_fn)
            except Exception:
                pass
    seen, keep, stack = set(), [], list(roots)
    while stack:
        fn = stack.pop()
        if fn is None or id(fn) in seen:
            continue
        seen.add(id(fn))
        keep.append(fn)  # keeps ids unique while walking
        for nxt, _ in getattr(fn, "next_functions", ()):
            stack.append(nxt)
    return len(roots), len(seen)


# ---- host reads (would-sync operations) ---------------------------------------------------------
# `.to(device)` is left out: on a CPU run it cannot tell a copy to the host from one to the GPU.
_SYNC_METHODS = {"item", "tolist", "numpy", "cpu", "__bool__", "__float__", "__int__", "__index__",
                 "__format__", "__repr__", "__str__", "nonzero", "masked_select", "unique",
                 "__array__", "argwhere"}


def _torch_dir():
    return os.path.dirname(_torch.__file__) + os.sep


def _count_sync(name):
    _counters["syncs"] += 1
    _sync_ops[name] = _sync_ops.get(name, 0) + 1


def _make_sync_mode():
    from torch.overrides import TorchFunctionMode
    # Reads inside torch itself (an optimizer's step counter, a CPU tensor in a GPU run too)
    # are not the program's: only calls made from code outside the torch package count.
    torch_dir = _torch_dir()

    class SyncCounter(TorchFunctionMode):
        depth = 0

        def __torch_function__(self, func, types, args=(), kwargs=None):
            name = getattr(func, "__name__", "")
            outer = SyncCounter.depth == 0
            if outer and _reads_on_host(name, args, kwargs) and _called_by_program(torch_dir):
                _count_sync(name)
            SyncCounter.depth += 1
            try:
                return func(*args, **(kwargs or {}))
            finally:
                SyncCounter.depth -= 1

    return SyncCounter()


def _reads_on_host(name, args, kwargs):
    # One-argument torch.where is nonzero: the output's shape depends on the values.
    return name in _SYNC_METHODS or (name == "where" and len(args) == 1 and not kwargs)


def _is_mask(indices):
    return any(isinstance(i, _torch.Tensor) and i.dtype in (_torch.bool, _torch.uint8) for i in indices)


# torch's dispatch plumbing between a Tensor method and a function or dispatch mode.
_PLUMBING = ("overrides.py", "_tensor.py", "_tensor_str.py", "_python_dispatch.py", "_ops.py")


def _called_by_program(torch_dir):
    frame = sys._getframe(2)
    while frame is not None:
        name = frame.f_code.co_filename
        plumbing = name == __file__ or (name.startswith(torch_dir) and name.endswith(_PLUMBING))
        if not plumbing:
            return not name.startswith(torch_dir)
        frame = frame.f_back
    return True


def _count_sync_warning(message, category, filename, lineno, file=None, line=None):
    if "synchroniz" in str(message):
        _counters["sync_warnings"] += 1
        return
    _show_warning(message, category, filename, lineno, file, line)


_show_warning = warnings.showwarning


def _keep_sync_warnings_visible():
    # Programs often silence warnings; the sync-debug ones must still reach the counter.
    if not warnings.filters or warnings.filters[0][1] is None or \
            warnings.filters[0][1].pattern != ".*synchroniz":
        warnings.filterwarnings("always", message=".*synchroniz")
    if warnings.showwarning is not _count_sync_warning:
        warnings.showwarning = _count_sync_warning


# ---- calls and operations -----------------------------------------------------------------------
# Calls whose cost is per call whatever they are given: device-wide ones (on a GPU, each waits for
# queued work or hands memory back to the driver) and moves of a whole model.
_DEVICE_WIDE = ("cuda.empty_cache", "cuda.synchronize", "xpu.empty_cache", "xpu.synchronize",
                "mps.empty_cache", "mps.synchronize")
_MODEL_MOVES = ("to", "cuda", "cpu")
_call_depth = 0


def _count_call(name):
    _calls[name] = _calls.get(name, 0) + 1


def _counting(fn, name_of):
    """`fn`, counting its outermost calls (a move inside another move is one call)."""
    @functools.wraps(fn)
    def counted(*args, **kwargs):
        global _call_depth
        if _call_depth == 0:
            _count_call(name_of(args))
        _call_depth += 1
        try:
            return fn(*args, **kwargs)
        finally:
            _call_depth -= 1
    return counted


def _count_calls():
    torch = _torch
    for path in _DEVICE_WIDE:
        owner, attr = path.split(".")
        module = getattr(torch, owner, None)
        if module is not None and callable(getattr(module, attr, None)):
            setattr(module, attr, _counting(getattr(module, attr), lambda args, p=path: "torch." + p))
    for attr in _MODEL_MOVES:
        method = getattr(torch.nn.Module, attr)
        setattr(torch.nn.Module, attr, _counting(method, lambda args, a=attr: type(args[0]).__name__ + "." + a))


def _count_batches(dataloader_module):
    """Each batch a DataLoader yields (loaded, transformed, collated) is a call: from the moment
    torch.utils.data is imported, so that batches loaded before the loop count too. The call
    that ends the pass (StopIteration) yields no batch and is not counted."""
    iterator = dataloader_module._BaseDataLoaderIter
    next_batch = iterator.__next__

    @functools.wraps(next_batch)
    def counted(self):
        batch = next_batch(self)
        _count_call("DataLoader.__next__")
        return batch
    iterator.__next__ = counted


def _make_dispatch_counter():
    from torch.utils._python_dispatch import TorchDispatchMode
    torch_dir = _torch_dir()
    index = _torch.ops.aten.index.Tensor
    copies = _copy_ends()

    class DispatchCounter(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            out = func(*args, **(kwargs or {}))
            if "ops" in _METRICS and _launches_work(func):
                _counters["ops"] += 1
                _counters["op_bytes"] += _new_bytes(func, out)
            if "peak" in _METRICS:
                _track_live(func, out)
            if "copies" in _METRICS and func in copies:
                _count_copy(*copies[func](args, out))
            # Indexing by a boolean mask: the output's shape depends on the values. Seen here,
            # below Tensor.__getitem__, which older torch does not pass to function modes.
            if "syncs" in _METRICS and func is index and _is_mask(args[1]) and _called_by_program(torch_dir):
                _count_sync("boolean-mask index")
            return out

    return DispatchCounter()


_launches = {}


def _launches_work(func):
    """Whether an operation does work (a kernel on a GPU): not a view of its input (`t`, `view`,
    `detach`: metadata only) and not the profiler's bookkeeping."""
    known = _launches.get(func)
    if known is None:
        returns = func._schema.returns
        view = bool(returns) and all(r.alias_info is not None and not r.alias_info.is_write for r in returns)
        known = not view and func.namespace != "profiler"
        _launches[func] = known
    return known


def _release(nbytes):
    _live["bytes"] -= nbytes


def _track_live(func, out):
    """Counts the new tensors an operation returns as held until their Python objects go."""
    import weakref
    for t in _new_tensors(func, out):
        nbytes = t.numel() * t.element_size()
        _live["bytes"] += nbytes
        _live["peak"] = max(_live["peak"], _live["bytes"])
        weakref.finalize(t, _release, nbytes)


def _copy_ends():
    """The operations that copy between devices, each with how to find (source, destination)."""
    aten = _torch.ops.aten
    return {aten._to_copy.default: lambda args, out: (args[0], out),
            aten.copy_.default: lambda args, out: (args[1], args[0])}


def _count_copy(source, destination):
    torch = _torch
    if not (isinstance(source, torch.Tensor) and isinstance(destination, torch.Tensor)):
        return
    if source.device.type != "cpu" or destination.device.type == "cpu":
        return
    _counters["h2d_copies"] += 1
    _counters["h2d_bytes"] += source.numel() * source.element_size()
    if not source.is_pinned():
        _counters["pageable_copies"] += 1


def _new_tensors(func, out):
    """The new tensors an operation returns (not views, not in-place results)."""
    returns = func._schema.returns
    outs = out if isinstance(out, (tuple, list)) else (out,)
    pairs = [(returns[0], t) for t in outs] if len(returns) == 1 else zip(returns, outs)
    return [t for r, t in pairs if r.alias_info is None and isinstance(t, _torch.Tensor)]


def _new_bytes(func, out):
    return sum(t.numel() * t.element_size() for t in _new_tensors(func, out))


# ---- modules -------------------------------------------------------------------------------------
_depth = 0
_rechecking = False
_checked_this_step = False
_top_modules = []


_mode_layers = {}


def _mode_dependent(module):
    """The layers whose output depends on train/eval mode (walked once per module)."""
    found = _mode_layers.get(id(module))
    if found is None:
        nn = _torch.nn
        kinds = (nn.modules.dropout._DropoutNd, nn.modules.batchnorm._BatchNorm,
                 nn.modules.instancenorm._InstanceNorm)
        found = [m for m in module.modules() if isinstance(m, kinds)]
        _mode_layers[id(module)] = found
    return found


def _same(a, b):
    torch = _torch
    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
        return a.shape == b.shape and bool(torch.equal(a, b))
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        return all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        return all(_same(a[k], b[k]) for k in a)
    return True  # nothing comparable


def _pre_hook(module, inputs):
    global _depth
    if _rechecking:
        return None
    if _depth == 0:
        if module not in _top_modules:
            _top_modules.append(module)
        if _VARIANT == "eval-mode":
            module.eval()
        _counters["top_calls"] += 1
        if "calls" in _METRICS:
            _count_call(type(module).__name__ + ".forward")
        if "trainmode" in _METRICS and _torch.is_grad_enabled():
            if any(not m.training for m in _mode_dependent(module)):
                _counters["train_in_eval"] += 1
    _depth += 1
    return None


def _post_hook(module, inputs, output):
    global _depth, _rechecking, _checked_this_step
    if _rechecking:
        return None
    _depth -= 1
    if _depth == 0 and "modes" in _METRICS and not _checked_this_step and _mode_dependent(module):
        _checked_this_step = True
        _recheck(module, inputs, output)
    return None


def _recheck(module, inputs, output):
    """Calls a copy of the module twice on the same input, and once more in eval mode."""
    global _rechecking
    import copy
    torch = _torch
    _rechecking = True
    try:
        twin = copy.deepcopy(module)
        with torch.no_grad():
            first = twin(*inputs)
            second = twin(*inputs)
            if not _same(first, second):
                _counters["modes_differ"] += 1
            twin.eval()
            if not _same(twin(*inputs), output if module.training else first):
                _counters["eval_differ"] += 1
    except Exception:
        pass
    finally:
        _rechecking = False


# ---- parameter updates ---------------------------------------------------------------------------
_previous_parameters = {}  # id(parameter) -> (parameter, its value at the previous sample)


def _parameter_update():
    """The L2 norm of how far the parameters of the modules called in the loop moved since the
    previous sample: what the optimizer steps in between did to the weights."""
    torch = _torch
    squared = 0.0
    with torch.no_grad():
        for module in _top_modules:
            for p in module.parameters():
                key = id(p)
                seen = _previous_parameters.get(key)
                if seen is not None and seen[0] is p and seen[1].shape == p.shape:
                    change = float((p.detach().float() - seen[1]).pow(2).sum())
                    squared += change
                    # Moved: by more than rounding (a bias before a batch-norm has a gradient of
                    # zero up to rounding, and momentum spreads that rounding over steps).
                    _counters["moved"] += change > 1e-12 * float(seen[1].pow(2).sum()) + 1e-30
                _previous_parameters[key] = (p, p.detach().float().clone())
    return squared ** 0.5


# ---- learning rates ------------------------------------------------------------------------------
def _record_lr(optimizer):
    global _last_lr
    groups = getattr(optimizer, "param_groups", None)
    if groups and "lr" in groups[0]:
        _last_lr = float(groups[0]["lr"])
        _counters["opt_steps"] += 1


def _record_grad_norm(optimizer):
    """The L2 norm of the gradients a step is about to apply: gradients never cleared add up
    (step k applies k steps' gradients), which an optimizer that normalises them (Adam) hides
    from the weight change."""
    squared = 0.0
    with _torch.no_grad():
        for group in getattr(optimizer, "param_groups", ()):
            for p in group.get("params", ()):
                if getattr(p, "grad", None) is not None:
                    squared += float(p.grad.detach().float().pow(2).sum())
    _counters["grad_norm"] += squared ** 0.5
    _counters["grad_steps"] += 1


def _before_optimizer_step(optimizer):
    if "lr" in _METRICS:
        _record_lr(optimizer)
    if "update" in _METRICS:
        _record_grad_norm(optimizer)


def _watch_optimizer_steps():
    """Each optimizer step records the learning rate it runs with (what a scheduler set before
    it): a global step hook where torch has one (2.0+), else the step of each optimizer alive
    when the loop starts, wrapped on the instance (a scheduler has wrapped it there already)."""
    optim = _torch.optim
    register = getattr(getattr(optim, "optimizer", None), "register_optimizer_step_pre_hook", None)
    if register is not None:
        register(lambda optimizer, args, kwargs: _before_optimizer_step(optimizer))
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        optimizers = [o for o in gc.get_objects() if isinstance(o, optim.Optimizer)]
    for optimizer in optimizers:
        step = optimizer.step

        def recorded(*args, _step=step, _optimizer=optimizer, **kwargs):
            _before_optimizer_step(_optimizer)
            return _step(*args, **kwargs)
        optimizer.step = recorded


# ---- sample order --------------------------------------------------------------------------------
_previous_order = {}  # id(sampler) -> the order of its previous pass


def _watch_sampler_order():
    sampler = _torch.utils.data.distributed.DistributedSampler
    original = sampler.__iter__

    @functools.wraps(original)
    def iterated(self):
        order = list(original(self))
        _counters["sampler_passes"] += 1
        if _previous_order.get(id(self)) == order:
            _counters["repeated_orders"] += 1
        _previous_order[id(self)] = order
        return iter(order)
    sampler.__iter__ = iterated


# ---- checkpoint loads ----------------------------------------------------------------------------
def _watch_state_dict_loads(module_class):
    original = module_class.load_state_dict

    @functools.wraps(original)
    def load(self, state_dict, *args, **kwargs):
        result = original(self, state_dict, *args, **kwargs)
        _counters["loads"] += 1
        missing = list(getattr(result, "missing_keys", ()))
        _counters["ignored_keys"] += len(missing) + len(getattr(result, "unexpected_keys", ()))
        own = self.state_dict()
        _counters["unloaded_values"] += sum(own[k].numel() for k in missing if k in own)
        return result
    module_class.load_state_dict = load


def _when_imported(name, then):
    module = sys.modules.get(name)
    if module is not None:
        then(module)
    else:
        sys.meta_path.insert(0, _AfterImport(name, then))


class _AfterImport:
    """Calls `then(module)` once `name` is imported (by the program, before the loop)."""

    def __init__(self, name, then):
        self.name, self.then = name, then

    def find_spec(self, fullname, path, target=None):
        if fullname != self.name:
            return None
        import importlib.machinery
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return spec
        loader_exec = spec.loader.exec_module

        def exec_module(module):
            loader_exec(module)
            sys.meta_path.remove(self)
            self.then(module)
        spec.loader.exec_module = exec_module
        return spec


# ---- sampling ------------------------------------------------------------------------------------
def _start():
    global _torch, _started, _cuda, _cupti
    _started = True
    import torch
    _torch = torch
    _cuda = torch.cuda.is_available() and torch.cuda.is_initialized()
    _write({"probe": 1, "torch": torch.__version__, "python": sys.version.split()[0],
            "device": "cuda" if _cuda else "cpu",
            "gpu": torch.cuda.get_device_name() if _cuda else None,
            "heap": _mallinfo2 is not None})
    if "syncs" in _METRICS:
        _make_sync_mode().__enter__()
        if _cuda:
            torch.cuda.set_sync_debug_mode(1)
            lib = os.environ.get("TORCHLINT_CUPTI_LIB")
            if lib:
                try:
                    _cupti = ctypes.CDLL(lib)
                    _cupti.torchlint_cupti_syncs.restype = ctypes.c_ulonglong
                    if _cupti.torchlint_cupti_start() != 0:
                        _cupti = None
                except (OSError, AttributeError):
                    _cupti = None
    if "saved" in _METRICS:
        def pack(tensor):
            _counters["saved"] += tensor.numel() * tensor.element_size()
            # Not the tensor itself: a saved output would hold its own graph node, a cycle
            # through C++ that gc cannot free (the probe would leak what it measures).
            return tensor.detach()
        torch.autograd.graph.saved_tensors_hooks(pack, lambda tensor: tensor).__enter__()
    if "calls" in _METRICS:
        _count_calls()
    if {"ops", "syncs", "copies", "peak"} & _METRICS:
        _make_dispatch_counter().__enter__()
    if {"lr", "update"} & _METRICS:
        _watch_optimizer_steps()
    if "order" in _METRICS:
        _watch_sampler_order()
    if {"modes", "trainmode", "calls", "update"} & _METRICS or _VARIANT in ("eval-mode", "train-mode"):
        torch.nn.modules.module.register_module_forward_pre_hook(_pre_hook)
        torch.nn.modules.module.register_module_forward_hook(_post_hook)


# The counters a metric writes into each sample as they stand (cumulative).
_COUNTERS_OF = {"ops": ("ops", "op_bytes"), "copies": ("h2d_copies", "h2d_bytes", "pageable_copies"),
                "lr": ("opt_steps",), "order": ("sampler_passes", "repeated_orders"),
                "keys": ("loads", "ignored_keys", "unloaded_values")}


def _sample(site, last):
    global _samples, _checked_this_step
    torch = _torch
    if "syncs" in _METRICS and _cuda:
        _keep_sync_warnings_visible()
    record = {"i": _samples, "seg": _segment}
    if last:
        record["last"] = True
    if "heap" in _METRICS or "graph" in _METRICS:
        gc.collect()
    if "heap" in _METRICS:
        record["heap"] = _heap_in_use()
    if "graph" in _METRICS:
        record["graph_tensors"], record["graph_nodes"] = _graph_counts()
    if "saved" in _METRICS:
        record["saved"] = _counters["saved"]
    if "syncs" in _METRICS:
        record["syncs"] = _counters["syncs"]
        if _cuda:
            record["sync_warnings"] = _counters["sync_warnings"]
            if _cupti is not None:
                record["cupti_syncs"] = int(_cupti.torchlint_cupti_syncs())
    if "cpu" in _METRICS:
        record["cpu"] = time.thread_time()
    if "modes" in _METRICS:
        record["modes_differ"] = _counters["modes_differ"]
        record["eval_differ"] = _counters["eval_differ"]
        record["top_calls"] = _counters["top_calls"]
    if "trainmode" in _METRICS:
        record["train_in_eval"] = _counters["train_in_eval"]
        record["top_calls"] = _counters["top_calls"]
    if "calls" in _METRICS:
        record.update(("call:" + name, n) for name, n in _calls.items())
        stats = torch.cuda.memory_stats() if _cuda else {}
        if "num_device_alloc" in stats:  # newer torch only
            record["device_allocs"] = stats["num_device_alloc"]
    for metric, keys in _COUNTERS_OF.items():
        if metric in _METRICS:
            record.update((key, _counters[key]) for key in keys)
    if "update" in _METRICS:
        _counters["update"] += _parameter_update()
        record["update"] = _counters["update"]
        record["moved"] = _counters["moved"]
        record["grad_norm"] = _counters["grad_norm"]
        record["grad_steps"] = _counters["grad_steps"]
    if "lr" in _METRICS and _last_lr is not None:
        record["lr"] = _last_lr
    if "peak" in _METRICS:
        record["peak_bytes"] = _live["peak"]
        _live["peak"] = _live["bytes"]
    if _cuda:
        record["cuda_alloc"] = torch.cuda.memory_allocated()
        record["cuda_peak"] = torch.cuda.max_memory_allocated()
        torch.cuda.reset_peak_memory_stats()
        event = torch.cuda.Event(enable_timing=True)
        event.record()
        _events.append((_segment, event))
    _write(record)
    _samples += 1
    _checked_this_step = False
    if _samples > _WARMUP + _STEPS:
        _finish("steps")


def _finish(reason, status=0, error=None):
    record = {"end": reason, "status": status, "samples": _samples}
    if _sync_ops:
        record["sync_ops"] = _sync_ops
    if error:
        record["error"] = error[-2000:]
    if _cuda and _torch is not None:
        try:
            _torch.cuda.synchronize()
            record["event_ms"] = [
                [seg, a.elapsed_time(b)] for (seg, a), (seg_b, b) in zip(_events, _events[1:]) if seg == seg_b]
        except Exception as exc:  # noqa: BLE001 - a broken CUDA context ends the measurement
            record["event_error"] = str(exc)
    _write(record)
    _OUT.close()
    os._exit(status)


def _before_iteration(site):
    global _in_loop
    if not _started:
        _start()
    if _VARIANT == "train-mode":
        for module in _top_modules:
            module.train()
    _sample(site, False)


class _Probe:
    """What the rewritten loop head calls (installed as a builtin, so no import is inserted)."""

    @staticmethod
    def loop(iterable, site):
        global _segment
        first = True
        for item in iterable:
            if first:
                _segment += 1
                first = False
            _before_iteration(site)
            if _VARIANT == "no-grad":
                with _torch.no_grad():
                    yield item
            else:
                yield item
        if not first:
            _sample(site, True)  # the end of the last iteration of this run of the loop

    _while_runs = {}

    @staticmethod
    def tick(site):
        global _segment
        frame = sys._getframe(1)
        key = (id(frame), site)
        if _Probe._while_runs.get(site) != key:
            _Probe._while_runs[site] = key
            _segment += 1
        _before_iteration(site)
        return True


def main():
    global _OUT
    _OUT = open(os.environ["TORCHLINT_PROBE_OUT"], "a", encoding="utf-8")
    builtins.__torchlint_probe__ = _Probe
    # What happens before the loop too: checkpoint loads, batches loaded to count them.
    if "keys" in _METRICS:
        _when_imported("torch.nn.modules.module", lambda m: _watch_state_dict_loads(m.Module))
    if "calls" in _METRICS:
        _when_imported("torch.utils.data.dataloader", _count_batches)
    if len(sys.argv) < 2:
        _finish("error", 2, "usage: torchlint_probe.py SCRIPT [ARGS...]")
    script = sys.argv[1]
    sys.argv = sys.argv[1:]
    sys.path[0] = os.path.dirname(os.path.abspath(script))
    status, error = 0, None
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as exc:
        code = exc.code
        status = code if isinstance(code, int) else (0 if code is None else 1)
    except BaseException:  # noqa: BLE001 - reported to torchlint, which says why
        status, error = 1, traceback.format_exc()
    _finish("exit", status, error)


if __name__ == "__main__":
    main()
