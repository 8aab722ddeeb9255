import torch.nn.functional as F


class Criterion:
    def compute_loss(self, outputs, target):
        return F.cross_entropy(outputs, target)


def step_loss(criterion, model, inputs, target):
    # Named like a loss, and the method it names returns one with its graph.
    return criterion.compute_loss(model(inputs), target)


def train(model, optimizer, batches):
    criterion = Criterion()
    history = []
    for inputs, target in batches:
        loss = step_loss(criterion, model, inputs, target)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        history.append(loss)  # expect: TL101
    return history
