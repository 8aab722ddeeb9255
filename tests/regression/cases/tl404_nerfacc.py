# reduced from nerfstudio-project/nerfacc@57ccfa1 examples/train_ngp_nerf_prop.py:248
import torch
import torch.nn.functional as F

from nerfacc.estimators.prop_net import PropNetEstimator

device = "cuda:0"
grad_scaler = torch.cuda.amp.GradScaler(2**10)  # torchlint: ignore[TL002]
radiance_field = NGPRadianceField(aabb=aabb, unbounded=unbounded).to(device)
optimizer = torch.optim.Adam(radiance_field.parameters(), lr=1e-2, eps=1e-15, weight_decay=weight_decay)
scheduler = torch.optim.lr_scheduler.ChainedScheduler(
    [
        torch.optim.lr_scheduler.LinearLR(optimizer, start_factor=0.01, total_iters=100),
        torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=[max_steps // 2, max_steps * 3 // 4, max_steps * 9 // 10], gamma=0.33),
    ]
)

for step in range(max_steps + 1):
    radiance_field.train()
    estimator.train()

    i = torch.randint(0, len(train_dataset), (1,)).item()
    data = train_dataset[i]
    rays = data["rays"]
    pixels = data["pixels"]

    rgb, acc, depth, extras = render_image_with_propnet(radiance_field, proposal_networks, estimator, rays)

    loss = F.smooth_l1_loss(rgb, pixels)

    optimizer.zero_grad()
    # do not unscale it because we are using Adam.
    grad_scaler.scale(loss).backward()
    optimizer.step()  # expect: TL404
    scheduler.step()
