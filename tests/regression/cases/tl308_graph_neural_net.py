# reduced from mlelarge/graph_neural_net@e9bfc82 toolbox/losses.py:32
import torch
import torch.nn as nn


class triplet_loss(nn.Module):
    def __init__(self, loss_reduction='mean', loss=nn.CrossEntropyLoss(reduction='sum')):
        super(triplet_loss, self).__init__()
        self.loss = loss
        if loss_reduction == 'mean':
            self.increments = lambda new_loss, n_vertices: (new_loss, n_vertices)
        elif loss_reduction == 'mean_of_mean':
            self.increments = lambda new_loss, n_vertices: (new_loss / n_vertices, 1)

    def forward(self, raw_scores, target_dummy):
        device = get_device(raw_scores)
        loss = 0
        total = 0
        outputs = torch.softmax(raw_scores, -1)
        for out in outputs:
            n_vertices = out.shape[0]
            ide = torch.arange(n_vertices)
            target = ide.to(device)
            incrs = self.increments(self.loss(out, target), n_vertices)  # expect: TL308
            loss += incrs[0]
            total += incrs[1]
        return loss / total
