# reduced from wz0919/waypoint-predictor@ac35754 waypoint_predictor.py:154
import torch


def predict_waypoints(rgb_encoder, depth_encoder, predictor, trainloader, epochs):
    criterion_mse = torch.nn.MSELoss(reduction='none')
    optimizer = torch.optim.AdamW(predictor.parameters(), lr=1e-6)
    for epoch in range(epochs):
        sum_loss = 0.0
        rgb_encoder.eval()
        depth_encoder.eval()
        predictor.train()
        for i, data in enumerate(trainloader):
            with torch.no_grad():
                rgb_feats = rgb_encoder(data['rgb'])
                depth_feats = depth_encoder(data['depth'])
            vis_logits = predictor(rgb_feats, depth_feats)
            loss_vis = criterion_mse(vis_logits, data['target'])
            total_loss = loss_vis.sum() / vis_logits.size(0)
            total_loss.backward()
            optimizer.step()  # expect: TL301
            sum_loss += total_loss.detach()
