# reduced from Spijkervet/SimCLR@654f05f main.py:80
import torch
import torch.distributed as dist
import torchvision
from torch.nn.parallel import DistributedDataParallel as DDP


def train(args, train_loader, model, criterion, optimizer, writer):
    for step, ((x_i, x_j), _) in enumerate(train_loader):
        optimizer.zero_grad()
        x_i = x_i.cuda(non_blocking=True)  # torchlint: ignore[TL405]
        x_j = x_j.cuda(non_blocking=True)  # torchlint: ignore[TL405]
        h_i, h_j, z_i, z_j = model(x_i, x_j)
        loss = criterion(z_i, z_j)
        loss.backward()
        optimizer.step()


def main(gpu, args):
    rank = args.nr * args.gpus + gpu
    if args.nodes > 1:
        dist.init_process_group("nccl", rank=rank, world_size=args.world_size)
        torch.cuda.set_device(gpu)

    train_dataset = torchvision.datasets.CIFAR10(args.dataset_dir, download=True, transform=TransformsSimCLR(size=args.image_size))

    if args.nodes > 1:
        train_sampler = torch.utils.data.distributed.DistributedSampler(  # expect: TL315
            train_dataset, num_replicas=args.world_size, rank=rank, shuffle=True
        )
    else:
        train_sampler = None

    train_loader = torch.utils.data.DataLoader(  # torchlint: ignore[TL602]
        train_dataset,
        batch_size=args.batch_size,
        shuffle=(train_sampler is None),
        drop_last=True,
        num_workers=args.workers,
        sampler=train_sampler,
    )

    model = SimCLR(args, encoder, n_features).to(args.device)
    optimizer, scheduler = load_optimizer(args, model)
    criterion = NT_Xent(args.batch_size, args.temperature, args.device, args.world_size)
    if args.nodes > 1:
        model = DDP(model, device_ids=[gpu])

    for epoch in range(args.start_epoch, args.epochs):
        lr = optimizer.param_groups[0]["lr"]
        train(args, train_loader, model, criterion, optimizer, writer)
        if args.nr == 0 and scheduler:
            scheduler.step()
