# reduced from batra-mlp-lab/visdial-challenge-starter-pytorch@6c4e2b8 train.py:283
import itertools

import torch
from torch import optim
from torch.optim import lr_scheduler
from torch.utils.data import DataLoader
from tqdm import tqdm

device = torch.device("cuda", 0)
train_dataloader = DataLoader(train_dataset, batch_size=config["solver"]["batch_size"], shuffle=True)
model = EncoderDecoderModel(encoder, decoder).to(device)
criterion = nn.CrossEntropyLoss()
optimizer = optim.Adamax(model.parameters(), lr=config["solver"]["initial_lr"])
scheduler = lr_scheduler.LambdaLR(optimizer, lr_lambda=lr_lambda_fun)

global_iteration_step = start_epoch * iterations

for epoch in range(start_epoch, config["solver"]["num_epochs"]):
    combined_dataloader = itertools.chain(train_dataloader)

    for i, batch in enumerate(tqdm(combined_dataloader)):
        for key in batch:
            batch[key] = batch[key].to(device)

        optimizer.zero_grad()
        output = model(batch)
        target = batch["ans_ind"]
        batch_loss = criterion(output.view(-1, output.size(-1)), target.view(-1))
        batch_loss.backward()
        optimizer.step()

        scheduler.step(global_iteration_step)
        global_iteration_step += 1
        torch.cuda.empty_cache()  # expect: TL106
