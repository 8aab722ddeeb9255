# reduced from nitrain/nitrain@473fde8 torchsample/modules/module_trainer.py:550
import torch
from torch.autograd import Variable


class ModuleTrainer(object):
    def __init__(self, model):
        self.model = model
        self._loss_fns = []
        self._optimizer = None

    def set_optimizer(self, optimizer, **kwargs):
        parameters = self.model.parameters()
        self._optimizer = optimizer(parameters, **kwargs)

    def fit_loader(self, loader, val_loader=None, nb_epoch=100, cuda_device=-1, verbose=1):
        self.model.train(mode=True)
        for epoch_idx in range(nb_epoch):
            for batch_idx, batch_data in enumerate(loader):
                input_batch = batch_data[0]
                target_batch = batch_data[1]
                if not isinstance(input_batch, (list, tuple)):
                    input_batch = [input_batch]
                input_batch = [Variable(ins) for ins in input_batch]
                if not isinstance(target_batch, (list, tuple)):
                    target_batch = [target_batch]
                target_batch = [Variable(targs) for targs in target_batch]

                if cuda_device > -1:
                    input_batch = [ins.cuda(cuda_device) for ins in input_batch]
                    target_batch = [targs.cuda(cuda_device) for targs in target_batch]
                    self.model.cuda(cuda_device)  # expect: TL401

                # zero grads and forward pass
                self._optimizer.zero_grad()
                outputs = self.model(*input_batch)
                if not isinstance(outputs, (list, tuple)):
                    outputs = [outputs]
                loss = self._loss_fns[0](outputs[0], target_batch[0])

                # backward pass and optimizer step
                loss.backward()
                self._optimizer.step()
