import contextlib

import torch
import torch.nn as nn
import torch.nn.functional as F


def evaluate(model, loader):
    model.eval()
    correct = 0
    for x, y in loader:
        logits = model(x)  # expect: TL303
        correct += (logits.argmax(1) == y).sum()
        logits = model(x)
    return correct


def run_validation(net, loader):
    net.eval()
    return [net(x) for x in loader]  # expect: TL303


def main(model, train_loader, val_loader, optimizer):
    for x in train_loader:
        optimizer.zero_grad()
        model(x).sum().backward()
        optimizer.step()
    model.eval()
    for x in val_loader:
        out = model(x)  # expect: TL303


# ---- negatives ----

@torch.no_grad()
def validate(model, loader):
    model.eval()
    return [model(x) for x in loader]


@torch.inference_mode
def predict(model, x):
    model.eval()
    return model(x)


def test(model, loader):
    model.eval()
    with torch.no_grad():
        return [model(x) for x in loader]


def evaluate_wrapped(model, loader):
    model.eval()
    return [model(x) for x in loader]


def fit(model, loader, val_loader, optimizer):
    for x in loader:
        optimizer.zero_grad()
        model(x).sum().backward()
        optimizer.step()
    with torch.no_grad():
        evaluate_wrapped(model, val_loader)


def validation_with_grad_on_purpose(model, loader, optimizer):
    model.eval()
    for x in loader:
        optimizer.zero_grad()
        model(x).sum().backward()


def infer_with_set_grad_enabled(model, x):
    model.eval()
    torch.set_grad_enabled(False)
    return model(x)


# ---- flow, not names ----

def score(classifier, val_loader):  # not named like evaluation: evaluates after eval()
    classifier.eval()
    hits = 0
    for x, y in val_loader:
        hits += (classifier(x).argmax(1) == y).sum()  # expect: TL303
    return hits


def run_validation(model, loader):
    model.eval()
    with torch.no_grad():
        for x, _ in loader:
            model(x)
    torch.set_grad_enabled(True)


def sibling_branch_does_not_cover(model, loader, fast):
    model.eval()
    if fast:
        torch.set_grad_enabled(False)
    else:
        for x, _ in loader:
            model(x)  # expect: TL303


def switched_off_before(model, loader):
    model.eval()
    torch.set_grad_enabled(False)
    for x, _ in loader:
        model(x)


def smoke_test():
    # Named like a test, but a fresh model fed random input: not an evaluation loop.
    net = nn.Linear(4, 2)
    for _ in range(2):
        print(net(torch.randn(1, 4)).shape)


def evaluate_tokenized(model, tokenizer, texts):
    model.eval()
    with torch.no_grad():
        for t in texts:
            batch = tokenizer(t, return_tensors="pt")
            model(**batch)


def adversarial_evaluation(model, loader, eps):
    model.eval()
    for x, y in loader:
        x.requires_grad_()
        loss = F.cross_entropy(model(x), y)
        grad, = torch.autograd.grad(loss, x)
        model(x + eps * grad.sign())


def log_validation(accelerator, unet, pipeline_cls, prompts):
    unet = accelerator.unwrap_model(unet)
    pipe = pipeline_cls(unet=unet)
    for p in prompts:
        pipe(p)


def predict_all(model, loader):
    return [infer_batch(model, x) for x, _ in loader]


@torch.no_grad()
def infer_batch(model, x):
    model.eval()
    return model(x)


def frozen_generator_metrics(G_ema, loader):
    G = G_ema.eval().requires_grad_(False)
    for z in loader:
        G(z)
    sampler = build_sampler(G_ema)
    sampler.eval().requires_grad_(False)
    for z in loader:
        sampler(z)


def run_epoch(model, loader, optimizer, criterion, is_train):
    # One function for both: with is_train False it evaluates, with gradient tracking on.
    model.train(is_train)
    for x, y in loader:
        loss = criterion(model(x), y)  # expect: TL303
        if is_train:
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def run_epoch_with_grad_mode(model, loader, optimizer, criterion, is_train):
    model.train(is_train)
    with torch.set_grad_enabled(is_train):
        for x, y in loader:
            loss = criterion(model(x), y)
            if is_train:
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()


def train_only_function(model, loader, optimizer, criterion, mode):
    model.train(mode)
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()


def run_task_eval(task_name, engine):
    # A class picked from a table of task classes: calling it builds the task, not a forward pass.
    import functools
    from tasks import MMLU, GSM8K
    task_module = {"mmlu": MMLU, "gsm8k": functools.partial(GSM8K, split="test")}[task_name]
    task = task_module()
    return engine.score(task)


def test_frozen_by_loop(model, loader, device):
    # Every parameter frozen and inputs that do not require grad: nothing is recorded.
    model.eval()
    for k, v in model.named_parameters():
        v.requires_grad = False
    outputs = []
    for x in loader:
        outputs.append(model(x.to(device)))
    return outputs


def test_head_still_trainable(net, loader):
    net.eval()
    for name, p in net.named_parameters():
        if "head" not in name:
            p.requires_grad = False  # the head still records a graph
    return [net(x) for x in loader]  # expect: TL303


class RestorationModel:
    def __init__(self):
        self.netG = nn.Sequential(nn.Conv2d(3, 3, 3), nn.Dropout())

    # The forward is shared: the training step backpropagates through what it computes, and
    # `test` runs it under no-grad. It is not evaluation code.
    def net_forward(self):
        self.E = self.netG(self.L)

    def optimize_parameters(self):
        self.optimizer.zero_grad()
        self.net_forward()
        loss = self.lossfn(self.E, self.H)
        loss.backward()
        self.optimizer.step()

    def test(self):
        self.netG.eval()
        with torch.no_grad():
            self.net_forward()
        self.netG.train()

    def validate(self, loader):
        self.netG.eval()
        scores = []
        for x in loader:
            scores.append(self.netG(x))  # expect: TL303
        self.netG.train()
        return scores


def count_activations(model, shape):
    model.eval()
    batch = torch.ones(()).new_empty((1, *shape))
    return model(batch)


def report(model):
    # Every parameter frozen before the only call: the callee records no graph.
    for p in model.parameters():
        p.requires_grad = False
    return count_activations(model, (3, 256, 256))


def flops_of(model, shape):
    example = torch.ones((1, *shape))
    return model(example)  # expect: TL303


def profile_model(model, shape):
    # The helper is evaluation code itself (its caller switches to eval first): the finding is
    # at its own forward call, not again at this call.
    model.eval()
    return flops_of(model, shape)


def get_model_fn(model, train=False):
    # A forward that picks its mode on a flag (eval in one branch, train in the other) is
    # handed to callers that backpropagate through it as well: they decide about gradients.
    def model_fn(x, labels):
        if not train:
            model.eval()
            return model(x, labels)
        else:
            model.train()
            return model(x, labels)

    return model_fn


def model_fn(model, batch, mode):
    # The eval switch sits under `if mode == EVAL:` and the forward runs in either mode (under
    # no_grad through a dictionary in eval): a forward that picks its mode, not evaluation code.
    if mode == "eval":
        model.eval()
    contexts = {"eval": torch.no_grad, "train": contextlib.nullcontext}
    with contexts[mode]():
        return model(batch)


class Net(nn.Module):
    def __init__(self, config):
        super().__init__()
        self.head = nn.LazyLinear(config.classes)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        return self.head(self.drop(x))


def init_model_fn(config):
    # A freshly built model run once on random input to initialise lazy layers.
    model = Net(config).eval()
    _ = model(torch.randn(2, 16))
    return model


def caption(config, weights, image):
    # Built fresh, but its trained weights are loaded before it runs: inference.
    encoder = Net(config).eval()
    encoder.load_state_dict(torch.load(weights, weights_only=True))
    return encoder(image)  # expect: TL303


def calibrate_and_fuse(model, example):
    model(example)  # expect: TL303
    return fuse_modules(model)


def convert_for_deploy(model, example):
    # The transform's result replaces the model it was handed: it rewrites the model, and its
    # own forward is reported where it runs, not again at this call.
    model.eval()
    model = calibrate_and_fuse(model, example)
    return model


class Distiller:
    def distill_loss(self, student, batch):
        # The teacher is switched to eval and run under no-grad; the student's forward in the
        # same function is training (its loss is returned for the caller's backward).
        student_out = student(batch)
        self.teacher.eval()
        with torch.no_grad():
            teacher_out = self.teacher(batch)
        return F.kl_div(student_out.log_softmax(-1), teacher_out.softmax(-1), reduction="batchmean")

    def kd_step(self, student, batch):
        # A model called after the teacher's switch is still another model: not evaluated.
        self.teacher.eval()
        with torch.no_grad():
            target = self.teacher(batch)
        return F.mse_loss(student(batch), target)


def rank_zero_only(fn):
    return fn


@rank_zero_only
def sample_images(pl_module, images):
    # A bare decorator is in the function's call table too (no call to read); the forward runs
    # under no-grad after the switch.
    with torch.no_grad():
        pl_module.eval()
        generated = pl_module(images)
        pl_module.train()
    return generated
