import torch
import torch.nn as nn
import torchvision


def load_pretrained(model: nn.Module, path):
    state_dict = torch.load(path, map_location="cpu", weights_only=True)
    model.load_state_dict(state_dict, strict=False)  # expect: TL311
    return model


def load_backbone(encoder, checkpoint):
    msg = encoder.load_state_dict(checkpoint["model"], strict=False)  # expect: TL311
    missing, unexpected = encoder.head.load_state_dict(checkpoint["head"], strict=False)  # expect: TL311
    encoder.proj.load_state_dict(checkpoint["proj"], strict=False, assign=True)  # expect: TL311


class Detector(nn.Module):
    def __init__(self, weights=None):
        super().__init__()
        self.backbone = torchvision.models.resnet18()
        if weights is not None:
            self.backbone.load_state_dict(torch.load(weights, weights_only=True), strict=False)  # expect: TL311


net = nn.Linear(4, 2)
net.load_state_dict(torch.load("net.pt", weights_only=True), strict=False)  # expect: TL311


# ---- negatives ----

def load_and_report(model, path):
    msg = model.load_state_dict(torch.load(path, weights_only=True), strict=False)
    print("Pretrained weights loaded with msg: {}".format(msg))


def load_and_check(model, state_dict):
    missing, unexpected = model.load_state_dict(state_dict, strict=False)
    assert not unexpected, unexpected
    return missing


def load_strict(model, state_dict, optimizer, opt_state):
    model.load_state_dict(state_dict)
    model.load_state_dict(state_dict, strict=True)
    optimizer.load_state_dict(opt_state)


def load_and_return(model, state_dict):
    return model.load_state_dict(state_dict, strict=False)


def discard_on_purpose(model, state_dict):
    _ = model.load_state_dict(state_dict, strict=False)


def keys_logged_later(model, state_dict, logger):
    incompatible = model.load_state_dict(state_dict, strict=False)
    if incompatible.missing_keys:
        logger.warning("missing keys: %s", incompatible.missing_keys)


def copy_from_sibling(controlnet, unet, original_state_dict, mapping):
    controlnet.conv_in.load_state_dict(unet.conv_in.state_dict(), strict=False)
    for src_key, dst_key in mapping.items():
        controlnet.load_state_dict({dst_key: original_state_dict[src_key]}, strict=False)
    controlnet.load_state_dict({k[6:]: v for k, v in original_state_dict.items()}, strict=False)  # expect: TL311


def transfer_matching(model, ckpt, logger):
    csd = {k: v for k, v in ckpt.items() if k in model.state_dict()}
    model.load_state_dict(csd, strict=False)
    logger.info(f"Transferred {len(csd)}/{len(model.state_dict())} items")


def resnet50_hub_entry(pretrained=True, **kwargs):
    # A hub entry point loading its own published release: the authors know the keys.
    backbone = ResNet50(**kwargs)
    if pretrained:
        url = "https://dl.example.org/release/resnet50.pth"
        checkpoint = torch.hub.load_state_dict_from_url(url, map_location="cpu")
        backbone.load_state_dict(checkpoint.get("state_dict", checkpoint), strict=False)
        head = torch.hub.load_state_dict_from_url(url="https://dl.example.org/release/head.pth")
        backbone.fc.load_state_dict(head, strict=False)
    return backbone


def finetune_from(args, model):
    # A URL the user passes can be any checkpoint: the dropped keys must be checked.
    checkpoint = torch.hub.load_state_dict_from_url(args.finetune, map_location="cpu")
    model.load_state_dict(checkpoint["model"], strict=False)  # expect: TL311


def sync_running_stats(module, all_reduce):
    # Built from the module's own keys: the ones left out are left out on purpose.
    states = {k: v for k, v in module.state_dict().items() if "running" in k}
    states = all_reduce(states)
    module.load_state_dict(states, strict=False)


def load_matching(model, ckpt, logger):
    # Compared with the model's own keys, mismatches reported before loading.
    matched = {}
    for k, v in model.state_dict().items():
        if k not in ckpt or ckpt[k].shape != v.shape:
            logger.warning(f"skip {k}")
            continue
        matched[k] = ckpt[k]
    model.load_state_dict(matched, strict=False)


def load_ckpt(model, ckpt, logger):
    own = model.state_dict()
    picked = {}
    for key, v in own.items():
        if key in ckpt and ckpt[key].shape == v.shape:
            picked[key] = ckpt[key]
        else:
            logger.warning(f"{key} not loaded")
    model.load_state_dict(picked, strict=False)


def finetune(model, path, out):
    model.load_state_dict(torch.load(path, weights_only=True), strict=False)  # expect: TL311
    state = model.state_dict()
    torch.save(state, out)


def fp32_twin(model_fp16, model_fp32):
    # Another module's weights, cast: the keys come from a model built in the same code.
    model_fp32.load_state_dict({k: v.float() for k, v in model_fp16.state_dict().items()}, strict=False)


def renamed(model, path):
    # A comprehension over a checkpoint file is still any checkpoint at all.
    model.load_state_dict({k.replace("module.", ""): v for k, v in torch.load(path, weights_only=True).items()}, strict=False)  # expect: TL311


def drop_head(model, path):
    # Keys removed on purpose: a new classifier head is trained from scratch.
    state_dict = torch.load(path, weights_only=True)
    for key in ("head.weight", "head.bias"):
        state_dict.pop(key, None)
    model.load_state_dict(state_dict, strict=False)


def drop_normalizer(model, path):
    sd = torch.load(path, weights_only=True)
    for key in [k for k in sd if "normalizer" in k]:
        del sd[key]
    state_dict = {}
    state_dict.update(sd)
    model.load_state_dict(state_dict, strict=False)


def drop_from_another(model, path, config):
    # Removing keys from some other dict says nothing about the checkpoint.
    config.pop("head", None)
    state_dict = torch.load(path, weights_only=True)
    model.load_state_dict(state_dict, strict=False)  # expect: TL311


def reload_own(model, store):
    # The module's own dict, filled in place and loaded back: its keys are the module's.
    own_sd = model.state_dict()
    store.fill(own_sd)
    model.load_state_dict(own_sd, strict=False)


def transfer(model, ckpt):
    # Another module's dict, from a checkpoint file: any checkpoint at all.
    csd = ckpt["model"].float().state_dict()
    csd = {k: v for k, v in csd.items() if not k.startswith("head")}
    model.load_state_dict(csd, strict=False)  # expect: TL311


def test_converted_weights_match(reference, converted_state_dict, x):
    # A test: the loaded model's output is compared with the reference, so a weight that did
    # not load fails the assertion.
    ours = Net()
    ours.load_state_dict(converted_state_dict, strict=False)
    ours_y = ours(x)["logits"].float()
    torch.testing.assert_close(ours_y, reference(x))


def test_loads_then_checks_something_else(path, x):
    ours = Net()
    ours.load_state_dict(torch.load(path, weights_only=True), strict=False)  # expect: TL311
    y = x * 2
    assert y.shape == x.shape
