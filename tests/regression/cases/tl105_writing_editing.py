# reduced from EagleW/Writing-editing-Network@adde8ee Writing-editing network/main.py:132
import torch
import torch.optim as optim
from torch.utils.data import DataLoader


def train_batch(input_variable, input_lengths, target_variable, model, teacher_forcing_ratio):
    loss_list = []
    prev_generated_seq = None
    target_variable_reshaped = target_variable[:, 1:].contiguous().view(-1)

    for i in range(config.num_exams):
        decoder_outputs, _, other = \
            model(input_variable, prev_generated_seq, input_lengths,
                  target_variable, teacher_forcing_ratio)

        decoder_outputs_reshaped = decoder_outputs.view(-1, vocab_size)
        lossi = criterion(decoder_outputs_reshaped, target_variable_reshaped)
        model.zero_grad()
        lossi.backward(retain_graph=True)  # expect: TL105
        torch.nn.utils.clip_grad_norm_(model.parameters(), config.max_grad_norm)
        optimizer.step()
        prev_generated_seq = torch.squeeze(torch.topk(decoder_outputs, 1, dim=2)[1]).view(-1, decoder_outputs.size(1))
    return loss_list


def train_epoches(dataset, model, n_epochs, teacher_forcing_ratio):
    train_loader = DataLoader(dataset, config.batch_size)
    model.train(True)
    for epoch in range(1, n_epochs + 1):
        for batch_idx, (source, target, input_lengths) in enumerate(train_loader):
            loss_list = train_batch(source, input_lengths.tolist(), target, model, teacher_forcing_ratio)


optimizer = optim.Adam(model.parameters(), lr=config.lr)
