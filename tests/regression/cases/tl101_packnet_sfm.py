# reduced from TRI-ML/packnet-sfm@f824ffc packnet_sfm/trainers/horovod_trainer.py:90
import torch


class HorovodTrainer:
    def train(self, dataloader, module, optimizer):
        module.train()
        outputs = []
        for i, batch in enumerate(dataloader):
            optimizer.zero_grad()
            output = module.training_step(batch, i)
            output['loss'].backward()
            optimizer.step()
            outputs.append(output)  # expect: TL101
        return module.training_epoch_end(outputs)
