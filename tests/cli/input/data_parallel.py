import torch
import torch.nn as nn

model = nn.DataParallel(nn.Linear(4, 2)).cuda()
