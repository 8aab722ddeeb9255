# reduced from LoreGoetschalckx/GANalyze@9063fbd pytorch/train_pytorch.py:196
import torch
import torch.nn as nn

transformer = nn.Linear(128, 128)
generator = nn.Linear(128, 256)
assessor = nn.Linear(256, 1)
optimizer = torch.optim.Adam(transformer.parameters(), lr=0.0002)
criterion = nn.MSELoss()

num_samples, batch_size = 4096, 16
zs = torch.randn(num_samples, 128)
alphas = torch.rand(num_samples, 1)

for batch_start in range(0, num_samples, batch_size):
    z = zs[batch_start:batch_start + batch_size]
    step_sizes = alphas[batch_start:batch_start + batch_size]
    with torch.no_grad():
        target_scores = assessor(generator(z)) + step_sizes
    z_transformed = transformer(z)
    out_scores = assessor(generator(z_transformed))
    loss = criterion(out_scores, target_scores)
    loss.backward()
    optimizer.step()  # expect: TL301
