import functools

import torch
import torch.nn as nn
import torch.nn.functional as F


def train_with_activation_log(model, loader, optimizer, device):
    activations = []

    def save_activation(module, inputs, output):
        activations.append(output)

    model.layer4.register_forward_hook(save_activation)  # expect: TL104
    model.train()
    for images, labels in loader:
        images, labels = images.to(device), labels.to(device)
        optimizer.zero_grad()
        loss = F.cross_entropy(model(images), labels)
        loss.backward()
        optimizer.step()
    return activations


def train_with_gradient_log(net, loader, opt, criterion):
    grad_history = []
    net.fc.weight.register_hook(lambda grad: grad_history.append(grad))  # expect: TL104
    for inputs, targets in loader:
        opt.zero_grad()
        criterion(net(inputs), targets).backward()
        opt.step()
    return grad_history


def train_with_named_features(backbone, head, loader, optimizer, criterion):
    features = {"stem": [], "block3": []}

    def keep(name):
        def hook(module, inputs, output):
            features[name].append(output)
        return hook

    backbone.stem.register_forward_hook(keep("stem"))  # expect: TL104
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(head(backbone(x)), y)
        loss.backward()
        optimizer.step()


def train_with_partial_hook(model, loader, optimizer, criterion):
    grads_in = []

    def record(tag, module, grad_input, grad_output):
        grads_in.append(grad_output[0])

    model.classifier.register_full_backward_hook(functools.partial(record, "cls"))  # expect: TL104
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()


# ---- negatives ----

def train_detached_copies(model, loader, optimizer, criterion):
    activations = []

    def save_activation(module, inputs, output):
        activations.append(output.detach().cpu())

    model.layer4.register_forward_hook(save_activation)
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()


def train_cleared_each_step(model, loader, optimizer, criterion, weight):
    # Feature regularisation: the hook's outputs are needed with their graph this step and
    # the list is emptied before the next one.
    feats = []
    model.encoder.register_forward_hook(lambda m, i, o: feats.append(o))
    for x, y in loader:
        feats.clear()
        optimizer.zero_grad()
        out = model(x)
        loss = criterion(out, y) + weight * sum(f.pow(2).mean() for f in feats)
        loss.backward()
        optimizer.step()


def train_rebound_each_step(model, loader, optimizer, criterion):
    store = {"feats": []}

    def hook(module, inputs, output):
        store["feats"].append(output)

    model.encoder.register_forward_hook(hook)
    for x, y in loader:
        store["feats"] = []
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()


def train_last_value_only(student, teacher, loader, optimizer, criterion):
    # Distillation: the latest feature map is replaced on every forward, not collected.
    captured = {}

    def hook(module, inputs, output):
        captured["student"] = output

    student.layer3.register_forward_hook(hook)
    for x, y in loader:
        optimizer.zero_grad()
        logits = student(x)
        with torch.no_grad():
            teacher_feat = teacher.features(x)
        loss = criterion(logits, y) + F.mse_loss(captured["student"], teacher_feat)
        loss.backward()
        optimizer.step()


def train_bounded_buffer(model, loader, optimizer, criterion, keep_last):
    recent = []

    def hook(module, inputs, output):
        recent.append(output)
        if len(recent) > keep_last:
            recent.pop(0)

    model.fc.register_forward_hook(hook)
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()


def extract_features(model, loader):
    # No training loop: collecting features over a dataset is the point.
    features = []
    handle = model.avgpool.register_forward_hook(lambda m, i, o: features.append(o.flatten(1)))
    model.eval()
    with torch.no_grad():
        for x, _ in loader:
            model(x)
    handle.remove()
    return torch.cat(features)


def train_with_hook_handled_by_helper(model, loader, optimizer, criterion, reset_buffers):
    buffers = []
    model.fc.register_forward_hook(lambda m, i, o: buffers.append(o))
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
        reset_buffers(buffers)


class FeatureTap(nn.Module):
    def __init__(self, backbone):
        super().__init__()
        self.backbone = backbone
        self.taps = []
        backbone.layer2.register_forward_hook(self._tap)

    def _tap(self, module, inputs, output):
        self.taps.append(output)

    def forward(self, x):
        self.taps = []
        out = self.backbone(x)
        return out, self.taps


if __name__ == "__main__":
    net = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    hidden_outputs = []

    def log_hidden(module, inputs, output):
        hidden_outputs.append(output)

    net[1].register_forward_hook(log_hidden)  # expect: TL104
    for _ in range(100):
        x, y = torch.randn(8, 16), torch.randint(0, 4, (8,))
        opt.zero_grad()
        F.cross_entropy(net(x), y).backward()
        opt.step()
