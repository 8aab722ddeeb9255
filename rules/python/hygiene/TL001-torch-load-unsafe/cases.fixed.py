import io
import pickle
import tempfile

import numpy as np
import torch
import torch as th
import torch.nn as nn
import yaml
from torch import load as torch_load


class Classifier(nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.fc = nn.Linear(512, num_classes)

    def forward(self, features):
        return self.fc(features)

    def load(self, path):
        # A project method named `load`: not torch.load.
        return self.fc.load_state_dict(torch.load(path, weights_only=True))


def resume(args, classifier, optimizer):
    checkpoint = torch.load(args.resume, map_location="cpu", weights_only=True)  # expect: TL001
    classifier.load_state_dict(checkpoint["model"])
    optimizer.load_state_dict(checkpoint["optimizer"])
    return checkpoint["epoch"]


def load_pretrained(classifier, ckpt_path, device):
    state_dict = th.load(ckpt_path, map_location=device, weights_only=True)  # expect: TL001
    classifier.load_state_dict(state_dict)
    backbone = torch_load(ckpt_path + ".backbone", weights_only=True)  # expect: TL001
    return backbone


def load_full_model(model_file):
    # Explicitly unpickles whatever the file holds, from a path the caller chooses.
    return torch.load(model_file, weights_only=False)  # expect: TL001


def load_multi_line(path):
    return torch.load(  # expect: TL001
        path,
        map_location=lambda storage, loc: storage, weights_only=True,
    )


def load_with_dill(path, dill):
    # weights_only=True would reject the custom pickle module: reported, no fix.
    return torch.load(path, pickle_module=dill)  # expect: TL001


def fetch_embeddings(session, url):
    response = session.get(url)
    return torch.load(io.BytesIO(response.content), weights_only=True)  # expect: TL001


def upgrade_checkpoints(files, migrate):
    # Loads a user's file first, then rewrites it: not a round trip of trusted data.
    for file in files:
        checkpoint = torch.load(file, map_location="cpu", weights_only=True)  # expect: TL001
        migrate(checkpoint)
        torch.save(checkpoint, file)


def cache_dir_checkpoint(cache_dir, step):
    return torch.load(f"{cache_dir}/step_{step}.pt", weights_only=False)  # expect: TL001


# ---- negatives ----

def explicit_weights_only(path, trust_remote, device):
    a = torch.load(path, map_location=device, weights_only=True)
    b = torch.load(path, weights_only=not trust_remote)
    return a, b


def literal_path_trusted(device):
    # A fixed, literal file shipped with the project and loaded on purpose.
    anchors = torch.load("assets/anchors.pt", map_location=device, weights_only=False)
    priors = torch.load(f="assets/priors.pt", weights_only=False)
    return anchors, priors


def passthrough(path, **kwargs):
    # `weights_only` may be in kwargs: the caller decides.
    return torch.load(path, **kwargs)


def broadcast_object(obj, is_src, broadcast):
    buffer = io.BytesIO()
    if is_src:
        torch.save(obj, buffer)
    data = broadcast(buffer.getvalue())
    buffer = io.BytesIO(data)
    return torch.load(buffer)


def deep_copy_via_bytes(module):
    buf = io.BytesIO()
    torch.save(module, buf)
    buf.seek(0)
    return torch.load(buf, weights_only=False)


def load_into_temp_file(checkpoint, classifier):
    with tempfile.NamedTemporaryFile(delete=False) as tmp:
        torch.save(checkpoint, tmp.name)
        classifier.load_state_dict(torch.load(tmp.name))


def other_loads(path, config_file, repo):
    arr = np.load(path + ".npy")
    with open(config_file) as f:
        cfg = yaml.safe_load(f)
    with open(path + ".pkl", "rb") as f:
        meta = pickle.load(f)
    hub_model = torch.hub.load(repo, "resnet18", pretrained=True)
    return arr, cfg, meta, hub_model


def load_on_any_torch(path, weights_only=True):
    try:
        return torch.load(path, map_location="cpu", weights_only=weights_only)
    except TypeError:
        # torch < 1.13 has no `weights_only`: the fallback must omit it.
        if not weights_only:
            return torch.load(path, map_location="cpu")
        raise


def load_by_version(path, has_weights_only):
    if has_weights_only:
        state = torch.load(path, weights_only=True)
    else:
        state = torch.load(path)
    return state


def load_with_allow_list(path):
    # Written for the weights-only unpickler: the allow-list only means something there.
    with torch.serialization.safe_globals([torch.nn.Linear, torch.nn.Conv2d]):
        return torch.load(path)


def second_stage_switched_off(device):
    classify = False
    if classify:
        return torch.load("weights/resnet101.pt", map_location=device)
    if False:
        return torch.load("weights/resnet50.pt")


# A module-level flag is not a constant: `exec(open("configurator.py").read())` rebinds it.
resume = False
exec(open("configurator.py").read())
if resume:
    checkpoint = torch.load(out_dir + "/ckpt.pt", weights_only=True)  # expect: TL001


def triaged_with_bandit(path):
    # Bandit's B614 is this check: its nosec comment means someone already triaged the load.
    a = torch.load(path, weights_only=False)  # nosec B614
    b = torch.load(path, weights_only=False)  # nosec
    c = torch.load(path, weights_only=False)  # nosec B301  # expect: TL001
    return a, b, c
