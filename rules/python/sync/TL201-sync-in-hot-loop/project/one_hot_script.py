# A script whose model may run on the GPU: the loader's labels are its host batch, never moved,
# and `.numpy()` raises on a device tensor, so reading them waits for nothing.
import torch

cuda = torch.cuda.is_available()
model = torch.nn.Linear(4, 2)
if cuda:
    model.cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = torch.utils.data.DataLoader(list(range(8)), num_workers=2, pin_memory=True)

for epoch in range(3):
    for step, (images, labels) in enumerate(loader):
        targets = torch.as_tensor(labels.numpy())
        optimizer.zero_grad()
        loss = (model(images) - targets).sum()
        loss.backward()
        optimizer.step()
