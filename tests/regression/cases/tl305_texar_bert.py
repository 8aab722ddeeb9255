# reduced from asyml/texar-pytorch@95f3d64 examples/bert/bert_classifier_main.py:164
import torch
import torch.nn.functional as F


def main(model, optim, train_data, eval_data, eval_steps, num_epochs):

    def _train_epoch():
        model.train()
        step = 0
        for batch in train_data:
            optim.zero_grad()
            logits = model(batch['input_ids'])
            loss = F.cross_entropy(logits, batch['labels'])
            loss.backward()
            optim.step()
            step += 1
            if eval_steps > 0 and step % eval_steps == 0:
                _eval_epoch()  # expect: TL305

    @torch.no_grad()
    def _eval_epoch():
        model.eval()
        for batch in eval_data:
            logits = model(batch['input_ids'])

    for _ in range(num_epochs):
        _train_epoch()
