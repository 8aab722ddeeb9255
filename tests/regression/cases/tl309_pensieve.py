# reduced from linnaeushuang/pensieve-pytorch@a8e925b Network.py:84
import torch
import torch.nn as nn
import torch.nn.functional as F


class ActorNetwork(nn.Module):
    def __init__(self, state_dim, action_dim, n_conv=128, n_fc=128, n_fc1=128):
        super(ActorNetwork, self).__init__()
        self.s_dim = state_dim
        self.a_dim = action_dim
        self.vectorOutDim = n_conv
        self.scalarOutDim = n_fc
        self.numFcInput = 2 * self.vectorOutDim * (self.s_dim[1] - 4 + 1) + 3 * self.scalarOutDim + self.vectorOutDim * (self.a_dim - 4 + 1)
        self.numFcOutput = n_fc1
        self.tConv1d = nn.Conv1d(1, self.vectorOutDim, 4)
        self.bufferFc = nn.Linear(1, self.scalarOutDim)
        self.fullyConnected = nn.Linear(self.numFcInput, self.numFcOutput)
        self.outputLayer = nn.Linear(self.numFcOutput, self.a_dim)

    def forward(self, inputs):
        bufferFcOut = F.relu(self.bufferFc(inputs[:, 1:2, -1]), inplace=True)
        tConv1dOut = F.relu(self.tConv1d(inputs[:, 2:3, :]), inplace=True)
        t_flatten = tConv1dOut.view(tConv1dOut.shape[0], -1)
        fullyConnectedInput = torch.cat([bufferFcOut, t_flatten], 1)
        fcOutput = F.relu(self.fullyConnected(fullyConnectedInput), inplace=True)

        out = F.softmax(self.outputLayer(fcOutput))  # expect: TL309

        return out
