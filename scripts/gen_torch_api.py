#!/usr/bin/env python3
"""Writes torchlint's model of PyTorch's API (analyzer/python/knowledge/torch_api.txt).

The facts come from PyTorch's own type stubs and sources, read as text with `ast` (torch is
never imported): what each `torch.*` function and each tensor method returns, which functions
are factories that honour `device=`, which are losses, and the classes of `torch.nn`,
`torch.optim` and `torch.utils.data`. What stubs cannot say (which calls wait for the device,
which results carry no autograd history) comes from the hand-written overlay beside the output.

    scripts/gen_torch_api.py [--torch DIR] [--check]

`--check` compares instead of writing and exits 1 when the file is out of date.
"""
import argparse
import ast
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
KNOWLEDGE = ROOT / "analyzer" / "python" / "knowledge"
OUTPUT = KNOWLEDGE / "torch_api.txt"
OVERLAY = KNOWLEDGE / "overlay.txt"

PYTHON_TYPES = {"Number", "_int", "_float", "_bool", "_complex", "int", "float", "bool", "complex", "str",
                "builtins.bool", "builtins.int", "builtins.float", "Size", "_size", "List", "Tuple"}


def find_torch(explicit):
    candidates = [pathlib.Path(explicit)] if explicit else [
        pathlib.Path(p) / "torch" for p in sys.path if p] + [pathlib.Path("/usr/lib/python3/dist-packages/torch")]
    for c in candidates:
        if (c / "_C" / "_VariableFunctions.pyi").is_file():
            return c
    sys.exit("gen_torch_api: PyTorch's stubs not found (install python3-torch, or give --torch DIR)")


def torch_version(torch_dir):
    text = (torch_dir / "version.py").read_text()
    m = re.search(r"__version__\s*=\s*['\"]([^'\"+]+)", text)
    return m.group(1) if m else "unknown"


def returns_of(annotation):
    """The kind of value an annotation describes: tensor, python, none, object or unknown."""
    if annotation is None:
        return "unknown"
    text = ast.unparse(annotation).replace("torch.", "").replace("typing.", "")
    if text in ("Any", "Optional[Any]"):
        return "unknown"
    if text == "None":
        return "none"
    if text == "Tensor" or text.startswith("Optional[Tensor"):
        return "tensor"
    outer = text.split("[", 1)[0]
    inner = text[len(outer) + 1:-1] if "[" in text else ""
    if outer in ("Tuple", "List", "tuple", "list", "Sequence") and inner:
        parts = {p.strip() for p in inner.split(",") if p.strip() != "..."}
        if parts and all(p == "Tensor" for p in parts):
            return "tensor"
        if parts and all(returns_of(ast.parse(p, mode="eval").body) == "python" for p in parts):
            return "python"
        return "unknown"
    if outer in PYTHON_TYPES:
        return "python"
    if text.startswith("namedtuple_") or "return_types" in text:
        return "tensor"
    return "object"


def joined(kinds):
    kinds = set(kinds) - {"unknown"}
    return kinds.pop() if len(kinds) == 1 else "unknown"


def parameters(fn):
    a = fn.args
    return a.posonlyargs + a.args + a.kwonlyargs + ([a.vararg] if a.vararg else [])


def is_tensor_parameter(p):
    return p.annotation is not None and ast.unparse(p.annotation).replace("torch.", "") in ("Tensor", "Optional[Tensor]")


def device_placement(overloads):
    """`factory`: builds a tensor on the host unless given `device=`; `like`: on its input's device."""
    shapes = set()
    for fn in overloads:
        params = [p for p in parameters(fn) if p.arg not in ("self", "out")]
        has_device = any(p.arg == "device" for p in params)
        tensor_inputs = [p for p in params if is_tensor_parameter(p)]
        if not has_device:
            shapes.add("")
        elif not tensor_inputs:
            shapes.add("factory")
        elif params and is_tensor_parameter(params[0]):
            shapes.add("like")
        else:
            shapes.add("")
    return shapes.pop() if len(shapes) == 1 else ""


def functions_in(tree):
    """Module-level (or class-level) functions by name, overloads together."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            out.setdefault(node.name, []).append(node)
    return out


def describe_functions(found, prefix, entries):
    for name, overloads in found.items():
        kind = joined(returns_of(fn.returns) for fn in overloads)
        known = entries.get(("function", prefix + name))
        if kind == "unknown":
            continue  # absent: unknown, or what a namespace line of the overlay says
        if known and known["returns"] == kind:
            continue  # the stubs read first keep their facts
        attrs = {"returns": kind}
        placement = device_placement(overloads) if kind == "tensor" else ""
        if placement:
            attrs[placement] = True
        # torch.nn.functional's losses are the functions that take a `reduction`.
        if prefix == "torch.nn.functional." and any(p.arg == "reduction" for fn in overloads for p in parameters(fn)):
            attrs["loss"] = True
        entries[("function", prefix + name)] = attrs


def read(path):
    return ast.parse(path.read_text(), filename=str(path))


def tensor_methods(torch_dir, entries):
    c = read(torch_dir / "_C" / "__init__.pyi")
    base = next(n for n in c.body if isinstance(n, ast.ClassDef) and n.name in ("_TensorBase", "TensorBase"))
    methods = {}
    for node in base.body:
        if isinstance(node, ast.FunctionDef):
            methods.setdefault(node.name, []).append(node)
    tensor = next(n for n in read(torch_dir / "_tensor.py").body if isinstance(n, ast.ClassDef) and n.name == "Tensor")
    for node in tensor.body:
        if isinstance(node, ast.FunctionDef) and node.name not in methods:
            methods[node.name] = [node]
    for node in base.body:  # `shape: Size`, `grad: Optional[Tensor]`
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            entries[("attribute", node.target.id)] = {"returns": returns_of(node.annotation)}
    for name, overloads in methods.items():
        if name.startswith("_") and not (name.startswith("__") and name.endswith("__")):
            continue
        entries[("method", name)] = {"returns": joined(returns_of(fn.returns) for fn in overloads)}
    # The classes of torch/_C (finfo, device, Generator, ...): calling one builds that object.
    for node in c.body:
        if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            entries.setdefault(("function", "torch." + node.name), {"returns": "object"})


def module_methods(torch_dir, entries):
    """nn.Module's methods that return the module itself (`-> T`): `.cuda()`, `.to()`, `.eval()`."""
    module = next(n for n in read(torch_dir / "nn" / "modules" / "module.py").body
                  if isinstance(n, ast.ClassDef) and n.name == "Module")
    for node in module.body:
        if isinstance(node, ast.FunctionDef) and node.returns is not None and ast.unparse(node.returns) == "T":
            entries[("module-method", node.name)] = {"returns": "self"}


def class_bases(path):
    """Every class of a source file: name -> the names of its bases (last segment)."""
    out = {}
    for node in read(path).body:
        if isinstance(node, ast.ClassDef):
            out[node.name] = [ast.unparse(b).split(".")[-1].split("[")[0] for b in node.bases]
    return out


def subclasses(classes, roots):
    """The classes that derive from any of `roots`, through the other classes of the same table."""
    found = set(roots)
    changed = True
    while changed:
        changed = False
        for name, bases in classes.items():
            if name not in found and any(b in found for b in bases):
                found.add(name)
                changed = True
    return found


def library_classes(torch_dir, entries, exported):
    modules = {}
    for f in sorted((torch_dir / "nn" / "modules").glob("*.py")):
        modules.update(class_bases(f))
    module_names = subclasses(modules, {"Module"})
    losses = subclasses(modules, {"_Loss"})
    dropout = subclasses(modules, {"_DropoutNd"})
    batch_norm = subclasses(modules, {"_BatchNorm"})
    for name in sorted(module_names):
        if name.startswith("_") or name not in exported["torch.nn"]:
            continue
        attrs = {"returns": "object", "module": True}
        if name in losses:
            attrs["loss"] = True
        if name in dropout:
            attrs["dropout"] = True
        if name in batch_norm:
            attrs["batch-norm"] = True
        entries[("class", "torch.nn." + name)] = attrs
    optim = {}
    for f in sorted((torch_dir / "optim").glob("*.py")):
        optim.update(class_bases(f))
    for name in sorted(subclasses(optim, {"Optimizer"})):
        if not name.startswith("_") and name in exported["torch.optim"]:
            entries[("class", "torch.optim." + name)] = {"returns": "object", "optimizer": True}
    schedulers = class_bases(torch_dir / "optim" / "lr_scheduler.py")
    schedulers.update(class_bases(torch_dir / "optim" / "swa_utils.py"))
    for name in sorted(subclasses(schedulers, {"_LRScheduler", "LRScheduler"})):
        if not name.startswith("_"):
            entries[("class", "torch.optim.lr_scheduler." + name)] = {"returns": "object", "scheduler": True}
    data = {}
    for f in ("dataloader.py", "sampler.py", "distributed.py"):
        p = torch_dir / "utils" / "data" / f
        if p.is_file():
            data.update(class_bases(p))
    for name in sorted(subclasses(data, {"Sampler"})):
        if not name.startswith("_"):
            entries[("class", "torch.utils.data." + name)] = {"returns": "object", "sampler": True}
    entries[("class", "torch.utils.data.DataLoader")] = {"returns": "object", "loader": True}


def exported_names(torch_dir):
    """The names `torch.nn` and `torch.optim` export (their modules' `from .x import A, B`)."""
    out = {}
    for package, path in (("torch.nn", torch_dir / "nn" / "modules" / "__init__.py"),
                          ("torch.optim", torch_dir / "optim" / "__init__.py")):
        names = set()
        for node in ast.walk(read(path)):
            if isinstance(node, ast.ImportFrom):
                names.update(a.asname or a.name for a in node.names)
        out[package] = names
    return out


def apply_overlay(entries):
    """Overlay lines: `KIND NAME ATTR...` (an attribute `returns=K` or a flag); `#` comments."""
    for lineno, line in enumerate(OVERLAY.read_text().splitlines(), 1):
        line = line.split("#", 1)[0].split()
        if not line:
            continue
        if len(line) < 3 or line[0] not in ("function", "method", "attribute", "module-method", "class", "namespace"):
            sys.exit(f"{OVERLAY}:{lineno}: expected `function|method|attribute|class|namespace NAME ATTR...`")
        attrs = entries.setdefault((line[0], line[1]), {"returns": "unknown"})
        for a in line[2:]:
            key, _, value = a.partition("=")
            attrs[key] = value or True
        # A tensor method that keeps no graph, waits for the device, ... does so as torch.NAME too.
        if line[0] == "method" and ("function", "torch." + line[1]) in entries:
            twin = entries[("function", "torch." + line[1])]
            for key in ("no-graph", "reads-host"):
                if key in attrs:
                    twin[key] = True


def render(entries, version):
    lines = [
        "# torchlint's model of PyTorch's API: what each call returns and does. Generated by",
        f"# scripts/gen_torch_api.py from torch {version}'s stubs and knowledge/overlay.txt. Do not edit.",
        "# KIND NAME returns=KIND [flags]. Flags: factory (host unless device=), like (its input's",
        "# device), reads-host (waits for the device), on-host (the result lives in host memory),",
        "# no-graph (no autograd history), passes-through (gives back its first argument), loss, module,",
        "# dropout, batch-norm, optimizer, scheduler, sampler, loader, accelerator (its instances place",
        "# models and batches on a GPU). A module-method returns=self gives back the module it is called on.",
        f"version {version}",
    ]
    for (kind, name), attrs in sorted(entries.items()):
        parts = [kind, name, "returns=" + attrs.get("returns", "unknown")]
        parts += sorted(k if v is True else f"{k}={v}" for k, v in attrs.items() if k != "returns")
        lines.append(" ".join(parts))
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--torch", help="the torch package folder (default: the one Python finds)")
    ap.add_argument("--check", action="store_true", help="exit 1 if the committed file is out of date")
    args = ap.parse_args()
    torch_dir = find_torch(args.torch)
    entries = {}
    describe_functions(functions_in(read(torch_dir / "_C" / "_VariableFunctions.pyi")), "torch.", entries)
    describe_functions(functions_in(read(torch_dir / "functional.py")), "torch.", entries)
    for source in ("nn/functional.pyi", "nn/functional.py", "_C/_nn.pyi"):
        if (torch_dir / source).is_file():
            describe_functions(functions_in(read(torch_dir / source)), "torch.nn.functional.", entries)
    # Gradient clipping returns the total norm, a device tensor (`torch.nn.utils.clip_grad_norm_`).
    if (torch_dir / "nn/utils/clip_grad.py").is_file():
        describe_functions(functions_in(read(torch_dir / "nn/utils/clip_grad.py")), "torch.nn.utils.", entries)
    tensor_methods(torch_dir, entries)
    module_methods(torch_dir, entries)
    library_classes(torch_dir, entries, exported_names(torch_dir))
    apply_overlay(entries)
    text = render(entries, torch_version(torch_dir))
    if args.check:
        current = OUTPUT.read_text() if OUTPUT.is_file() else ""
        recorded = re.search(r"^version (\S+)$", current, re.M)
        if recorded and recorded.group(1) != torch_version(torch_dir):
            print(f"{OUTPUT.relative_to(ROOT)} was generated from torch {recorded.group(1)}; {torch_dir} is torch "
                  f"{torch_version(torch_dir)}: give --torch DIR of that version, or regenerate", file=sys.stderr)
            return 1
        if current != text:
            print(f"{OUTPUT.relative_to(ROOT)} is out of date: run scripts/gen_torch_api.py", file=sys.stderr)
            return 1
        return 0
    OUTPUT.write_text(text)
    print(f"wrote {OUTPUT.relative_to(ROOT)}: {len(entries)} entries from torch {torch_version(torch_dir)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
