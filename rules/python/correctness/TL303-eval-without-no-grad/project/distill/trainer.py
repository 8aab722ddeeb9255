import torch

from distill.losses import student_loss


class KDTrainer:
    def compute_loss(self, model, batch):
        self.teacher_model.eval()
        with torch.no_grad():
            self.teacher_model(batch["x"])
        return student_loss(model, batch)
