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
        value = float(loss)  # expect: TL201
        print(loss)  # expect: TL201
        print(f"loss {loss:.4f}")  # expect: TL201
        if loss > 10:  # expect: TL201
            break


def nested_in_training_loop(model, loader, optimizer):
    for x in loader:
        optimizer.zero_grad()
        loss = model(x).mean()
        loss.backward()
        optimizer.step()
        for p in model.parameters():
            norm = p.grad.norm().item()  # expect: TL201


# ---- negatives ----

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
            print(model(x).argmax(1).tolist())
