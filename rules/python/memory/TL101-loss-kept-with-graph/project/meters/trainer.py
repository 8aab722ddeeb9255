from meters.losses import SummedLoss


class Trainer:
    def __init__(self, model, optimizer, loss=SummedLoss()):
        self.model = model
        self.optimizer = optimizer
        self.loss = loss

    def train_batch(self, inputs, target):
        # `loss` is the meter object: backward() goes through it, get_loss() hands back a float.
        loss = self.loss
        loss.reset()
        for step, output in enumerate(self.model(inputs)):
            loss.add(output, target[:, step])
        self.model.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.get_loss()

    def train_epoch(self, batches):
        epoch_total = 0
        for inputs, target in batches:
            loss = self.train_batch(inputs.cuda(), target.cuda())
            epoch_total += loss
        return epoch_total
