# reduced from shubhamagarwal92/mmd@6c0a8a9 train.py:295
import torch


def evaluate(valid_data, loss_criterion, model):
    model.eval()
    with torch.no_grad():
        for text, target in valid_data:
            dec_output_prob = model(text)


def main(model, train_data, valid_data, loss_criterion, num_epochs, evaluate_every):
    optimizer = torch.optim.Adam(model.parameters(), lr=4e-4)
    model.train()
    for epoch in range(num_epochs):
        for text, target in train_data:
            optimizer.zero_grad()
            dec_output_prob = model(text)
            loss = loss_criterion(dec_output_prob, target)
            loss.backward()
            optimizer.step()
        if (epoch + 1) % evaluate_every == 0:
            evaluate(valid_data, loss_criterion, model)  # expect: TL305
