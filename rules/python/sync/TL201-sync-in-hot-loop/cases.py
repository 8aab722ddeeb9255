import math
import torch
import torch.nn.functional as F


def syncs_every_step(model, loader, optimizer, device):
    running_loss = 0.0
    correct = 0
    for step, (x, y) in enumerate(loader):
        x, y = x.to(device), y.to(device)
        optimizer.zero_grad()
        out = model(x)
        loss = F.cross_entropy(out, y)
        loss.backward()
        optimizer.step()
        running_loss += loss.item()  # expect: TL201
        correct += (out.argmax(1) == y).sum().item()  # expect: TL201
        preds = out.argmax(1).cpu().numpy()  # expect: TL201
        scores = out.detach().tolist()  # expect: TL201
        value = float(loss)  # the same value again: folded into the finding above
        print(loss)
        print(f"loss {loss:.4f}")
        if loss > 10:
            break


def each_form_reads(model, loader, optimizer, criterion, pbar, logger):
    for x, y in loader:
        optimizer.zero_grad()
        out = model(x)
        loss = criterion(out, y)
        loss.backward()
        optimizer.step()
        value = float(out.max())  # expect: TL201
        print(out.mean())  # expect: TL201
        print(f"loss {loss:.4f}")  # expect: TL201
        if out.min() > 10:  # expect: TL201
            break
        pbar.set_description("%g" % out.std())  # expect: TL201
        logger.info("norm {}".format(out.norm()))  # expect: TL201


def critic_updates_every_n_steps(netG, netD, loader, opt_g, opt_d, n_critic):
    for i, x in enumerate(loader):
        opt_d.zero_grad()
        d_loss = netD(x).mean() - netD(netG(x).detach()).mean()
        d_loss.backward()
        opt_d.step()
        if (i + 1) % n_critic == 0:
            # Training work, not periodic logging: every generator update syncs here.
            opt_g.zero_grad()
            g_loss = -netD(netG(x)).mean()
            g_loss.backward()
            opt_g.step()
            print(g_loss.item())  # expect: TL201


def nested_in_training_loop(model, loader, optimizer):
    for x in loader:
        optimizer.zero_grad()
        loss = model(x).mean()
        loss.backward()
        optimizer.step()
        for p in model.parameters():
            norm = p.grad.norm().item()  # expect: TL201


class AverageMeter:
    def __init__(self):
        self.total = 0.0

    def update(self, value):
        self.total += value.item()


def syncs_in_a_helper(model, loader, optimizer):
    meter = AverageMeter()
    for x, y in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        meter.update(loss)  # expect: TL201


def break_leaves_only_the_inner_loop(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        for p in model.parameters():
            if p.grad is None:
                print(loss.item())  # expect: TL201
                break


def train_two_domains(model, batches, optimizer, num_iters):
    # Each iteration trains on both domains: the inner loop is a handful of passes, the outer
    # one repeats them every step.
    for i in range(num_iters):
        for domain in ["photos", "sketches"]:
            x, y = next(batches[domain])
            loss = F.cross_entropy(model(x.cuda()), y.cuda())
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            print(domain, loss.item())  # expect: TL201


# ---- negatives ----

def identity_comparisons(model, loader, optimizer):
    for x in loader:
        optimizer.zero_grad()
        model(x).mean().backward()
        for p in model.parameters():
            if p.grad is not None:
                p.grad.mul_(0.5)
        optimizer.step()


def integer_arithmetic(model, loader, optimizer, log_every, total_steps):
    for step, x in enumerate(loader):
        optimizer.zero_grad()
        model(x).mean().backward()
        optimizer.step()
        if step % log_every == 0:
            pass
        if step + 1 >= total_steps:
            break
        for i in range(3):
            if i == step:
                pass


def periodic_logging(model, loader, optimizer, log_every=50):
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        if step % log_every == 0:
            print(f"step {step} loss {loss.item():.4f}")
        elif step == 0:
            print(loss)
        if (step + 1) % log_every == 0 and step > 0:
            print(float(loss))
        if step == len(loader) - 1:
            last = loss.item()


def after_inner_loop(model, loader, optimizer, epochs):
    for epoch in range(epochs):
        total = torch.zeros(())
        for x, y in loader:
            optimizer.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
            total += loss.detach()
        print(f"epoch {epoch}: {total.item():.3f}")


def python_numbers(model, loader, optimizer, scheduler):
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()
        scheduler.step()
        lr = float(scheduler.get_last_lr()[0])
        n = int(step / 2)
        print("step", step, "lr", lr)
        labels = y.tolist()
        if step > 100:
            break


def on_error_only(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        try:
            loss.backward()
        except RuntimeError:
            print("failed at loss", loss.item())
            raise
        optimizer.step()


def not_a_training_loop(model, loader):
    with torch.no_grad():
        for x, y in loader:
            print(model(x).argmax(1).tolist())  # expect: TL304


def train_one_epoch(model, loader, optimizer):
    total = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        total += loss.detach()
    return total.item()


def run_epochs(model, loader, optimizer, epochs):
    # The helper's own loop is the hot one; once per epoch, its one sync at the end is fine.
    model = model.to("cuda")
    for epoch in range(epochs):
        train_one_epoch(model, loader, optimizer)


def read_on_the_way_out(model, loader, optimizer, max_steps):
    # Each of these branches ends the loop: the read in it happens at most once (the test
    # itself reads the tensor every step).
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        if not torch.isfinite(loss):  # expect: TL201
            raise RuntimeError(f"loss diverged: {loss.item()}")
        loss.backward()
        optimizer.step()
        if step == max_steps:
            print("final loss", loss.item())
            break
        if step > 2 * max_steps:
            final = loss.item()
            return final


def periodic_flag(model, loader, val_loader, optimizer, eval_every):
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        is_eval_step = eval_every > 0 and step % eval_every == 0
        if is_eval_step:
            with torch.no_grad():
                total = 0.0
                for vx, vy in val_loader:
                    total += F.cross_entropy(model(vx), vy).item()


def optimise_until(model, target, optimizer, loss_fn):
    # The loop's condition needs the value on the host: the read is the point.
    value = 0.0
    while value < 0.99:
        optimizer.zero_grad()
        out = -loss_fn(model(target), target)
        value = -out.item()
        out.backward()
        optimizer.step()


def timed_steps(model, loader, optimizer, meter):
    # Each step is synchronized on purpose (to time it): the reads beside the wait add none.
    for x, y in loader:
        t0 = time.time()
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        torch.cuda.synchronize()
        meter.update(loss.item(), time.time() - t0)


def read_then_wait(model, loader, optimizer, synchronize):
    for x, y in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        loss_f = loss.item()  # one wait per step, with the synchronize() below
        synchronize()
        print(loss_f)


def read_then_more_work(model, loader, optimizer):
    # The read waits in the middle of the step: the backward queued after it is a second wait.
    for x, y in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(x), y)
        seen = loss.item()  # expect: TL201
        loss.backward()
        optimizer.step()
        torch.cuda.synchronize()  # expect: TL202
        print(seen)


def guards_on_tensor_values(model, loader, optimizer, criterion):
    # A tensor's truth is read on the host: the test waits for the step's work.
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        if not torch.isfinite(loss).all():  # expect: TL201
            raise RuntimeError("loss is not finite")
        if torch.isnan(out := model(x)).any():  # expect: TL201
            continue
        loss.backward()
        optimizer.step()


def guards_on_host_values(model, loader, optimizer, criterion, grads_ok):
    # Questions about the process, the device or a Python value read no tensor.
    for x, y in loader:
        optimizer.zero_grad()
        if torch.cuda.is_available():
            x, y = x.cuda(), y.cuda()
        if torch.is_tensor(y) and torch.is_grad_enabled():
            loss = criterion(model(x), y)
        if torch.distributed.is_initialized():
            torch.distributed.barrier()
        if grads_ok(model):
            loss.backward()
        optimizer.step()


def scales_by_batch_size(model, loader, optimizer, args):
    # Named after the loss, but about it: a Python scale and weight, read freely. A loss
    # function's call still gives a loss.
    loss_fn = torch.nn.MSELoss()
    for x, y in loader:
        loss_scale = get_loss_scale(x, args)
        if loss_scale != 1.0:
            x = x * loss_scale
        loss_weight = args.loss_weight
        loss = loss_fn(model(x), y) * loss_weight
        if loss > 10:  # expect: TL201
            print("large loss")
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()


def train_with_library_scaler(model, loader, optimizer, loss_scaler):
    # timm's NativeScaler: a helper we cannot see, handed the loss and the optimizer, steps.
    criterion = torch.nn.CrossEntropyLoss()
    for x, y in loader:
        loss = criterion(model(x), y)
        loss_value = loss.item()  # expect: TL201
        optimizer.zero_grad()
        loss_scaler(loss, optimizer, clip_grad=1.0, parameters=model.parameters())
        print(loss_value)


def report_learning_rate(optimizer, schedule, steps):
    # Handed the optimizer but no loss: a learning-rate helper, not a training step.
    for step in range(steps):
        set_lr(optimizer, schedule(step))
        lr = torch.tensor(optimizer.param_groups[0]["lr"], device="cuda")
        print(lr.item())


class TrainLoop:
    # The sync is two helpers down and reads the loop's own gradients: no tensor is handed in.
    # run_step is one training step, so what it runs (optimize, then log_grad_norm) runs every
    # step: the read is reported where it is, not at the call.
    def __init__(self, model, data, opt, meter):
        self.model, self.data, self.opt, self.meter = model, data, opt, meter
        self.params = list(model.parameters())
        self.step = 0

    def run_loop(self, steps):
        while self.step < steps:
            batch, cond = next(self.data)
            self.run_step(batch, cond)
            if self.step % 100 == 0:
                self.log_grad_norm()
                self.report()
            self.report()
            self.step += 1

    def run_step(self, batch, cond):
        self.model(batch, cond).mean().backward()
        self.optimize()

    def optimize(self):
        self.log_grad_norm()
        self.opt.step()
        self.opt.zero_grad()

    def log_grad_norm(self):
        sqsum = 0.0
        for p in self.params:
            sqsum += (p.grad ** 2).sum().item()  # expect: TL201
        print(sqsum)

    def report(self):
        # Reads what its meter holds: nothing says it is a device tensor.
        print(self.meter.total.item())


def gradient_penalty_step(loader, discriminator, d_optimizer):
    # torch.autograd.grad returns tensors: the penalty read every step is a device read.
    for real in loader:
        real = real.requires_grad_(True)
        scores = discriminator(real)
        grad = torch.autograd.grad(outputs=scores.sum(), inputs=real, create_graph=True)[0]
        penalty = (grad.view(grad.size(0), -1).norm(2, dim=1) ** 2).mean()
        penalty.backward()
        print(penalty.item())  # expect: TL201
        d_optimizer.step()
        d_optimizer.zero_grad()


def loss_scaler_printed(x, w, optimizer, DynamicLossScaler):
    # A capitalised callee is a class: its call constructs a loss scaler, not a loss value, and
    # printing the scaler's Python float reads nothing from the device.
    loss_scaler = DynamicLossScaler()
    for t in range(500):
        loss = x.mm(w).sum() * loss_scaler.loss_scale
        print('Iter {} loss scale: {}'.format(t, loss_scaler.loss_scale))
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()


# What a call returns comes from PyTorch's own stubs: `torch.finfo(...)` builds a finfo object
# whose fields are Python floats, `x.size()` and `x.is_cuda` are metadata, not values on the
# device; `torch.zeros_like(x)` lives beside x and `.tolist()` of it is a read.
def reads_python_values_of_the_api(model, loader, optimizer, criterion):
    for x, y in loader:
        optimizer.zero_grad()
        out = model(x)
        loss = criterion(out, y)
        loss.backward()
        optimizer.step()
        floor = float(torch.finfo(out.dtype).min)
        width = int(out.size(1))
        on_gpu = bool(out.is_cuda)
        print(floor, width, on_gpu)
        mask = torch.zeros_like(out)
        counts = mask.sum(0).tolist()  # expect: TL201


# `Variable(x)` is x (the pre-0.4 wrapper); `nn.L1Loss().cuda()` is still the loss module, so
# what it computes is a loss on the device, backpropagated or not.
def wrapped_values(model, loader, optimizer, device):
    from torch.autograd import Variable
    criterion = torch.nn.MSELoss().cuda()
    aux_criterion = torch.nn.L1Loss().to(device)
    for x, y in loader:
        x = Variable(x.to(device))
        y = Variable(y.to(device))
        optimizer.zero_grad()
        out = model(x)
        loss = criterion(out, y)
        aux = aux_criterion(out, y)
        loss.backward()
        optimizer.step()
        target = y.detach().cpu().numpy()  # expect: TL201
        monitored = float(aux)  # expect: TL201
        shape = x.shape


class Experiment:
    # A test of a setting fixed in __init__ runs on every pass or on none: not a periodic guard.
    # A test of a counter the loop advances is.
    def __init__(self, args, model, optimizer, criterion):
        self.args, self.model, self.optimizer, self.criterion = args, model, optimizer, criterion
        self.step = 0

    def train(self, loader):
        for x, y in loader:
            out, aux_out = self.model(x)
            loss = self.criterion(out, y)
            aux = self.criterion(aux_out, y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            if self.args.stacks == 2:
                print("aux", float(aux))  # expect: TL201
            if self.step == 100:
                print("loss at step 100", float(loss))
            self.step += 1


def step_with_logs(batch, model, criterion, optimizer, totals):
    # Runs every step (the loop below calls it before its own step): iterating the dict a
    # criterion hands back beside its loss gives the dict's keys, Python strings.
    loss, count, logs = criterion(model, batch)
    optimizer.backward(loss)
    for k in logs:
        totals[f"train/{k}"] += logs[k]
    return loss


def fit_with_logs(loader, model, criterion, optimizer):
    totals = {}
    for batch in loader:
        optimizer.zero_grad()
        step_with_logs(batch, model, criterion, optimizer, totals)
        optimizer.step()
    return totals


class Forecaster(torch.nn.Module):
    # `_, loss = self.infer(...)`: the second element of what infer returns is the loss, a
    # device tensor; the count beside it is a Python number.
    def __init__(self, net, criterion):
        super().__init__()
        self.net, self.criterion = net, criterion

    def forward(self, x):
        return self.net(x)

    def infer(self, inputs, targets):
        forecast = self(inputs)
        return forecast, self.criterion(forecast, targets), len(targets)

    def fit(self, loader, optimizer, device):
        epoch_loss, seen = 0.0, 0
        for inputs, targets in loader:
            optimizer.zero_grad()
            _, loss, count = self.infer(inputs.to(device), targets.to(device))
            loss.backward()
            optimizer.step()
            epoch_loss += loss.item()  # expect: TL201
            seen += int(count)
        return epoch_loss / seen


def reads_a_host_copy(model, loader, optimizer, criterion, histogram):
    for x, y in loader:
        optimizer.zero_grad()
        out = model(x)
        loss = criterion(out, y)
        loss.backward()
        optimizer.step()
        pred = out.argmax(1).to("cpu")  # expect: TL201
        histogram.add(pred.numpy())  # the copy above already waited: this reads host memory


def one_hot_labels_of_the_host_batch(model, loader, optimizer, criterion, encode):
    # `.numpy()` raises on a device tensor: the labels are the loader's host batch, never moved.
    for images, labels in loader:
        optimizer.zero_grad()
        targets = encode(labels.numpy())
        loss = criterion(model(images.cuda()), targets)
        loss.backward()
        optimizer.step()


class ScaledBackward:
    def __init__(self):
        self._scaler = torch.amp.GradScaler("cuda")

    def __call__(self, loss, optimizer):
        self._scaler.scale(loss).backward()
        self._scaler.step(optimizer)
        self._scaler.update()


class LossRecorder:
    def __init__(self):
        self.values = []

    def __call__(self, loss, optimizer):
        self.values.append(loss.detach())


def epoch_with_backward_in_a_handed_object(model, loader, optimizer, loss_scaler):
    # Every caller hands a ScaledBackward: calling it runs backward and steps.
    for x, y in loader:
        loss = F.cross_entropy(model(x), y)
        loss_value = loss.item()  # expect: TL201
        loss_scaler(loss, optimizer)
        optimizer.zero_grad()


def evaluate_with_a_handed_recorder(model, loader, optimizer, record):
    # The handed object only records: the loop trains nothing.
    for x, y in loader:
        loss = F.cross_entropy(model(x), y)
        print(loss.item())
        record(loss, optimizer)


def run_epochs(model, loader, optimizer):
    loss_scaler = ScaledBackward()
    recorder = LossRecorder()
    for _ in range(3):
        epoch_with_backward_in_a_handed_object(model, loader, optimizer, loss_scaler)
        evaluate_with_a_handed_recorder(model, loader, optimizer, recorder)


def reads_summed_loss_terms(model, criterion, loader, optimizer, weights):
    # The criterion returns a dict of loss terms: a comprehension over its items, and the sum of
    # its values, are device tensors too; its keys are names.
    for x, y in loader:
        terms = criterion(model(x), y)
        loss = terms["total"]
        weighted = {name: value.detach() * weights[name] for name, value in terms.items()}
        logged = sum(weighted.values()).item()  # expect: TL201
        print([name for name in terms.keys()])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def reduce_terms(terms, world_size):
    if world_size < 2:
        return terms
    with torch.no_grad():
        stacked = torch.stack(list(terms.values()))
        torch.distributed.all_reduce(stacked)
        return dict(zip(terms.keys(), stacked / world_size))


def count_terms(terms):
    return len(terms)


def logs_reduced_loss_terms(model, criterion, loader, optimizer, world_size):
    # On one process the helper hands back the dict it was given: its values are device tensors.
    for x, y in loader:
        terms = criterion(model(x), y)
        reduced = reduce_terms(terms, world_size)
        logged = sum(reduced.values()).item()  # expect: TL201
        print(count_terms(terms))
        loss = sum(terms.values())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def formats_running_means(model, loader, optimizer, pbar, device):
    mean_terms = torch.zeros(3, device=device)
    for i, (x, y) in enumerate(loader):
        loss, terms = model(x.to(device))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        mean_terms = (mean_terms * i + terms.detach()) / (i + 1)
        pbar.set_description(("%10s" + "%10.4g" * 3) % ("train", *mean_terms))  # expect: TL201
        pbar.set_postfix_str(("%10s" * 2) % ("train", x.shape[0]))


def finetune_two_heads(model, x, y, optimizer):
    # Two passes in all, not two per step of a loop around them.
    for head in ["coarse", "fine"]:
        loss = F.cross_entropy(model(x.cuda(), head=head), y.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print(head, loss.item())


def clipped_norm_checked(model, loader, optimizer, max_norm, lr):
    for x, y in loader:
        loss = F.cross_entropy(model(x.cuda()), y.cuda())
        optimizer.zero_grad()
        loss.backward()
        # The total norm is a device tensor; the math module converts it with float().
        grad_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        if math.isnan(grad_norm):  # expect: TL201
            continue
        optimizer.step()
        scale = math.sqrt(lr)  # a Python number: no read
        print(math.floor(scale))


def as_number(value):
    if isinstance(value, torch.Tensor):
        return value.item()
    return value


def maybe_number(value, verbose):
    if verbose:
        return value.item()
    return value


def logs_through_type_dispatch(model, loader, optimizer, verbose):
    history = []
    for x, y in loader:
        loss = F.cross_entropy(model(x.cuda()), y.cuda())
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        # The branch a tensor takes reads it; the flag-guarded read depends on the caller.
        history.append(as_number(loss))  # expect: TL201
        history.append(maybe_number(loss.detach(), verbose))
