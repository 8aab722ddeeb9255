import torch
import torch.nn.functional as F

from models import Critic


class Agent:
    def __init__(self, dim, lr):
        # The agent's update trains: anomaly mode slows every one of its backward passes.
        torch.autograd.set_detect_anomaly(True)  # expect: TL316
        self.critic = Critic(dim)
        self.optim = torch.optim.Adam(self.critic.parameters(), lr=lr)

    def update(self, states, targets):
        loss = F.mse_loss(self.critic(states), targets)
        self.optim.zero_grad()
        loss.backward()
        self.optim.step()


class Runner:
    def fit(self, loader):
        # No loop here: the steps are in run_epoch().
        torch.autograd.set_detect_anomaly(True)  # expect: TL316
        self.run_epoch(loader)

    def run_epoch(self, loader):
        for states, targets in loader:
            self.agent.update(states, targets)
