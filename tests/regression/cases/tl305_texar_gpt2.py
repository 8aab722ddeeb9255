# reduced from asyml/texar-pytorch@95f3d64 examples/gpt-2/gpt2_train_main.py:159
import torch
import torch.nn.functional as F


def main(model, optim, train_data, eval_data, eval_steps, num_epochs):

    def train_op():
        optim.step()
        optim.zero_grad()

    def _train_epoch():
        model.train()
        step = 0
        for batch in train_data:
            logits = model(batch['text_ids'])
            loss = F.cross_entropy(logits[:, :-1].transpose(1, 2), batch['text_ids'][:, 1:])
            loss.backward()
            train_op()
            if eval_steps > 0 and step % eval_steps == 0:
                _eval_epoch()  # expect: TL305
            step += 1

    @torch.no_grad()
    def _eval_epoch():
        model.eval()
        for batch in eval_data:
            logits = model(batch['text_ids'])

    for _ in range(num_epochs):
        _train_epoch()
