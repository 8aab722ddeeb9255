# reduced from lucidrains/DALLE-pytorch@90b124a train_dalle.py:206
import torch
from torch.nn.utils import clip_grad_norm_
from torch.optim import Adam
from torch.utils.data import DataLoader

ds = TextImageDataset(args.image_text_folder, text_len=TEXT_SEQ_LEN, image_size=IMAGE_SIZE, shuffle=is_shuffle)

if not is_shuffle:
    data_sampler = torch.utils.data.distributed.DistributedSampler(  # expect: TL315
        ds,
        num_replicas=distr_backend.get_world_size(),
        rank=distr_backend.get_rank()
    )
else:
    data_sampler = None

dl = DataLoader(ds, batch_size=BATCH_SIZE, shuffle=is_shuffle, drop_last=True, sampler=data_sampler)

dalle = DALLE(vae=vae, **dalle_params)
dalle = dalle.cuda()
opt = Adam(dalle.parameters(), lr=LEARNING_RATE)

(distr_dalle, distr_opt, distr_dl, distr_scheduler) = distr_backend.distribute(
    args=args,
    model=dalle,
    optimizer=opt,
    model_parameters=dalle.parameters(),
    training_data=ds if using_deepspeed else dl,
)

for epoch in range(EPOCHS):
    for i, (text, images) in enumerate(distr_dl):
        text, images = map(lambda t: t.cuda(), (text, images))

        loss = distr_dalle(text, images, return_loss=True)

        if using_deepspeed:
            distr_dalle.backward(loss)
            distr_dalle.step()
        else:
            loss.backward()
            clip_grad_norm_(distr_dalle.parameters(), GRAD_CLIP_NORM)
            distr_opt.step()
            distr_opt.zero_grad()
