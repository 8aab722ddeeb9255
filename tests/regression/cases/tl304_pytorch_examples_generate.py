# reduced from pytorch/examples@42e5b99 word_language_model/generate.py:64
import torch


def generate(checkpoint, ntokens, words, temperature):
    with open(checkpoint, 'rb') as f:
        model = torch.load(f)  # expect: TL001
    hidden = model.init_hidden(1)
    input = torch.randint(ntokens, (1, 1), dtype=torch.long)
    generated = []
    with torch.no_grad():
        for i in range(words):
            output, hidden = model(input, hidden)  # expect: TL304
            word_weights = output.squeeze().div(temperature).exp()
            word_idx = torch.multinomial(word_weights, 1)[0]
            input.fill_(word_idx)
            generated.append(word_idx)
    return generated
