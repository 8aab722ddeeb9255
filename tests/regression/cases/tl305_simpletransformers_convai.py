# reduced from ThilinaRajapakse/simpletransformers@e4d5dab simpletransformers/conv_ai/conv_ai_model.py:504
import torch


class ConvAIModel:
    def __init__(self, model, args):
        self.model = model
        self.args = args

    def train(self, train_dataloader, eval_data, optimizer):
        model = self.model
        args = self.args
        global_step = 0
        model.zero_grad()
        for _ in range(args.num_train_epochs):
            model.train()
            for step, batch in enumerate(train_dataloader):
                outputs = model(**batch)
                loss = outputs[0]
                loss.backward()
                optimizer.step()
                model.zero_grad()
                global_step += 1
                if args.evaluate_during_training_steps > 0 and global_step % args.evaluate_during_training_steps == 0:
                    results, _, _ = self.eval_model(eval_data)  # expect: TL305
        return global_step

    def eval_model(self, eval_data):
        result = self.evaluate(eval_data)
        return result, None, None

    def evaluate(self, eval_data):
        model = self.model
        model.eval()
        with torch.no_grad():
            for batch in eval_data:
                outputs = model(**batch)
        return {}
