# reduced from liuzechun/ReActNet@a6cd08d mobilenet/1_step1/train.py:181
import torch


def main():
    optimizer = torch.optim.Adam(
        [{'params': other_parameters},
         {'params': weight_parameters, 'weight_decay': args.weight_decay}],
        lr=args.learning_rate,)
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: (1.0 - step / args.epochs), last_epoch=-1)
    epoch = 0
    while epoch < args.epochs:
        train_obj, train_top1_acc, train_top5_acc = train(epoch, train_loader, model_student, model_teacher, criterion_kd, optimizer, scheduler)
        epoch += 1


def train(epoch, train_loader, model_student, model_teacher, criterion, optimizer, scheduler):
    model_student.train()
    model_teacher.eval()
    scheduler.step()  # expect: TL306

    for param_group in optimizer.param_groups:
        cur_lr = param_group['lr']
    print('learning_rate:', cur_lr)

    for i, (images, target) in enumerate(train_loader):
        images = images.cuda()
        target = target.cuda()

        logits_student = model_student(images)
        logits_teacher = model_teacher(images)
        loss = criterion(logits_student, logits_teacher)

        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
