# reduced from jiant-dev/jiant-dev@a08f500 jiant/shared/model_setup.py:50
import transformers


class OptimizerScheduler:
    def __init__(self, optimizer, scheduler):
        super().__init__()
        self.optimizer = optimizer
        self.scheduler = scheduler

    def step(self):
        # Scheduler updates first
        self.scheduler.step()  # expect: TL306
        self.optimizer.step()


def create_optimizer_from_params(named_parameters, learning_rate, t_total, warmup_steps, optimizer_epsilon=1e-8):
    optimizer = transformers.AdamW([p for n, p in named_parameters], lr=learning_rate, eps=optimizer_epsilon)
    scheduler = transformers.get_linear_schedule_with_warmup(
        optimizer, num_warmup_steps=warmup_steps, num_training_steps=t_total
    )
    optimizer_scheduler = OptimizerScheduler(optimizer=optimizer, scheduler=scheduler)
    return optimizer_scheduler
