import torch

from detector.network import Detector


def train(loader):
    model = Detector().cuda()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for step, images in enumerate(loader):
        loss = model(images.cuda(), step)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
