import torch
import torch.nn as nn


def evaluate(model, loader):
    model.eval()
    correct = 0
    with torch.no_grad():
        for x, y in loader:
            correct += (model(x).argmax(1) == y).sum().item()
    return correct


def train_only_once_in_train_mode(model, loader, val_loader, optimizer, criterion, epochs):
    model.train()
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
        model.eval()  # expect: TL305
        evaluate(model, val_loader)


def periodic_validation_through_a_helper(net, loader, val_loader, opt, bce):
    net.train()
    for step, (x, y) in enumerate(loader):
        opt.zero_grad()
        bce(net(x), y).backward()
        opt.step()
        if step % 500 == 0:
            evaluate(net, val_loader)  # expect: TL305


def train_mode_off(model, loader, val_loader, optimizer, criterion):
    for epoch in range(10):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
        model.train(False)  # expect: TL305
        evaluate(model, val_loader)


# ---- negatives ----

def train_at_top_of_epoch(model, loader, val_loader, optimizer, criterion):
    for epoch in range(10):
        model.train()
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
        evaluate(model, val_loader)


def restored_after_validation(model, loader, val_loader, optimizer, criterion):
    model.train()
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
        if step % 100 == 0:
            evaluate(model, val_loader)
            model.train()


def train_one_epoch(model, loader, optimizer, criterion):
    model.train()
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()


def epochs_through_helpers(model, loader, val_loader, optimizer, criterion):
    for epoch in range(10):
        train_one_epoch(model, loader, optimizer, criterion)
        evaluate(model, val_loader)


def evaluate_and_restore(model, loader):
    model.eval()
    with torch.no_grad():
        total = sum(model(x).sum().item() for x, _ in loader)
    model.train()
    return total


def helper_that_restores(model, loader, val_loader, optimizer, criterion):
    model.train()
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
        if step % 100 == 0:
            evaluate_and_restore(model, val_loader)


def frozen_teacher(student, teacher: nn.Module, loader, optimizer, kl):
    student.train()
    for x, _ in loader:
        teacher.eval()
        with torch.no_grad():
            target = teacher(x)
        optimizer.zero_grad()
        kl(student(x), target).backward()
        optimizer.step()


def eval_after_training(model, loader, val_loader, optimizer, criterion):
    model.train()
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
    model.eval()
    evaluate(model, val_loader)


def ema_model_stays_in_eval(model, ema_model, loader, optimizer, criterion):
    model.train()
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
        ema_model.update_parameters(model)
        ema_model.eval()


def evaluation_loop_without_training(model, loaders):
    for loader in loaders:
        model.eval()
        evaluate(model, loader)


def closures_over_one_model(model, optim, train_data, eval_data, eval_steps):
    # Both closures see `model` of the enclosing function: the evaluation one leaves it in eval.
    def train_epoch():
        model.train()
        for step, batch in enumerate(train_data):
            optim.zero_grad()
            model(batch).sum().backward()
            optim.step()
            if step % eval_steps == 0:
                eval_epoch()  # expect: TL305

    @torch.no_grad()
    def eval_epoch():
        model.eval()
        for batch in eval_data:
            model(batch)

    train_epoch()


def closure_with_its_own_model(model, optim, train_data, build_scorer):
    # The nested helper switches a model it builds itself, not the one trained here.
    def score():
        scorer = build_scorer()
        scorer.eval()

    def train_epoch():
        for batch in train_data:
            optim.zero_grad()
            model(batch).sum().backward()
            optim.step()
            score()

    train_epoch()


def influence_scores(model, test_instances, params):
    # Gradients computed to be read (influence, saliency), in eval mode on purpose: nothing is
    # updated, so no later step trains in eval mode.
    scores = []
    for instance in test_instances:
        model.eval()
        model.zero_grad()
        loss = model(**instance)["loss"]
        scores.append(torch.autograd.grad(loss, params))
    return scores


def denoising_loss(scorenet, x, sigma):
    noisy = x + sigma * torch.randn_like(x)
    return ((scorenet(noisy) - x) ** 2).mean()


def teacher_targets(teacher, x):
    with torch.no_grad():
        return teacher(x)


def score_matching_with_periodic_test(score, loader, test_batch, optimizer):
    # The model runs inside the loss helper it is handed to: the loop trains it.
    score.train()
    for step, (x, _) in enumerate(loader):
        loss = denoising_loss(score, x, 0.1)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step % 100 == 0:
            score.eval()  # expect: TL305
            with torch.no_grad():
                print(denoising_loss(score, test_batch, 0.1).item())


def distill_with_teacher_in_eval(student, teacher, loader, optimizer):
    # The helper runs the teacher under no_grad: it only makes targets and may stay in eval mode.
    student.train()
    for x, _ in loader:
        teacher.eval()
        targets = teacher_targets(teacher, x)
        loss = nn.functional.mse_loss(student(x), targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def validation_outputs(model, batch):
    model.eval()
    with torch.no_grad():
        return model(batch[0])


def train_step_then_validate(model, batch, val_batch, optimizer, criterion):
    model.train()
    optimizer.zero_grad()
    criterion(model(batch[0]), batch[1]).backward()
    optimizer.step()
    return validation_outputs(model, val_batch)


def epochs_of_a_step_that_restores_train_mode(model, batches, val_batch, optimizer, criterion):
    # The step leaves eval mode behind, but switches back to train before its own backward.
    for batch in batches:
        train_step_then_validate(model, batch, val_batch, optimizer, criterion)


class BatchTrainer:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def _train_batch(self, x, y):
        self.optimizer.zero_grad()
        loss = nn.functional.cross_entropy(self.model(x), y)
        loss.backward()
        self.optimizer.step()
        return loss.detach()

    def validate(self, batches):
        self.model.eval()
        with torch.no_grad():
            return [self.model(x) for x, _ in batches]

    def fit(self, loader, val_batches, validate_every):
        # The step helper trains `self.model`; validating switches that same model to eval.
        self.model.train()
        for i, (x, y) in enumerate(loader):
            self._train_batch(x, y)
            if i % validate_every == 0:
                self.validate(val_batches)  # expect: TL305


def finetune_with_closures(build, loader, val_loader, eval_steps):
    # `model` belongs to the enclosing function: both closures switch and run the one object.
    model = build()
    optimizer = torch.optim.Adam(model.parameters())

    def train_epoch():
        model.train()
        for step, (x, y) in enumerate(loader):
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
            if step % eval_steps == 0:
                eval_epoch()  # expect: TL305

    @torch.no_grad()
    def eval_epoch():
        model.eval()
        for x, _ in val_loader:
            model(x)

    for _ in range(3):
        train_epoch()


def finetune_with_a_private_eval_copy(build, loader, val_loader, eval_steps):
    # The closure evaluates a model it builds itself: the trained one keeps its mode.
    model = build()
    optimizer = torch.optim.Adam(model.parameters())

    def train_epoch():
        model.train()
        for step, (x, y) in enumerate(loader):
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
            if step % eval_steps == 0:
                eval_copy()

    @torch.no_grad()
    def eval_copy():
        copy = build()
        copy.load_state_dict(model.state_dict())
        copy.eval()
        for x, _ in val_loader:
            copy(x)

    for _ in range(3):
        train_epoch()
