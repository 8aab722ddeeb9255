# reduced from jindongwang/Deep-learning-activity-recognition@6ec30f2 pytorch/main_pytorch.py:34
# (the model is pytorch/network.py's Network, whose forward ends in F.softmax)
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

DEVICE = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')


class Network(nn.Module):
    def __init__(self):
        super(Network, self).__init__()
        self.conv1 = nn.Sequential(nn.Conv2d(in_channels=9, out_channels=32, kernel_size=(1, 9)), nn.ReLU(),
                                   nn.MaxPool2d(kernel_size=(1, 2), stride=2))
        self.conv2 = nn.Sequential(nn.Conv2d(in_channels=32, out_channels=64, kernel_size=(1, 9)), nn.ReLU(),
                                   nn.MaxPool2d(kernel_size=(1, 2), stride=2))
        self.fc1 = nn.Sequential(nn.Linear(in_features=64 * 26, out_features=1000), nn.ReLU())
        self.fc2 = nn.Sequential(nn.Linear(in_features=1000, out_features=500), nn.ReLU())
        self.fc3 = nn.Sequential(nn.Linear(in_features=500, out_features=6))

    def forward(self, x):
        out = self.conv1(x)
        out = self.conv2(out)
        out = out.reshape(-1, 64 * 26)
        out = self.fc1(out)
        out = self.fc2(out)
        out = self.fc3(out)
        out = F.softmax(out, dim=1)
        return out


def train(model, optimizer, train_loader, test_loader):
    criterion = nn.CrossEntropyLoss()

    for e in range(config_info['epoch']):
        model.train()
        for index, (sample, target) in enumerate(train_loader):
            sample, target = sample.to(DEVICE).float(), target.to(DEVICE).long()
            sample = sample.view(-1, 9, 1, 128)
            output = model(sample)
            loss = criterion(output, target)  # expect: TL308
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


if __name__ == '__main__':
    model = Network().to(DEVICE)
    optimizer = optim.SGD(params=model.parameters(), lr=config_info['lr'], momentum=config_info['momemtum'])
    train(model, optimizer, train_loader, test_loader)
