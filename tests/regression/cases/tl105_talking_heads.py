# reduced from grey-eye/talking-heads@a710613 run.py:110
import torch
from torch.optim import Adam
from torchvision import transforms

import config
import network
from dataset import VoxCelebDataset


def meta_train(device, dataset_path, continue_id):
    if device is not None and device != 'cpu':
        dtype = torch.cuda.FloatTensor
        torch.cuda.set_device(device)
    else:
        dtype = torch.FloatTensor

    dataset = VoxCelebDataset(
        root=dataset_path,
        extension='.vid',
        shuffle=False,
        shuffle_frames=True,
        transform=transforms.Compose([transforms.Resize(config.IMAGE_SIZE), transforms.ToTensor()])
    )

    E = network.Embedder().type(dtype)
    G = network.Generator().type(dtype)
    D = network.Discriminator(143000).type(dtype)

    optimizer_E_G = Adam(params=list(E.parameters()) + list(G.parameters()), lr=config.LEARNING_RATE_E_G)
    optimizer_D = Adam(params=D.parameters(), lr=config.LEARNING_RATE_D)

    criterion_E_G = network.LossEG(device, feed_forward=True)
    criterion_D = network.LossD(device)

    for epoch in range(config.EPOCHS):
        E.train()
        G.train()
        D.train()

        for batch_num, (i, video) in enumerate(dataset):
            t = video.pop()

            e_vectors = []
            for s in video:
                x_s = s['frame'].type(dtype)
                y_s = s['landmarks'].type(dtype)
                e_vectors.append(E(x_s, y_s))
            e_hat = torch.stack(e_vectors).mean(dim=0)

            x_t = t['frame'].type(dtype)
            y_t = t['landmarks'].type(dtype)
            x_hat = G(y_t, e_hat)

            # Optimize E_G and D
            r_x_hat, D_act_hat = D(x_hat, y_t, i)
            r_x, D_act = D(x_t, y_t, i)

            optimizer_E_G.zero_grad()
            optimizer_D.zero_grad()

            loss_E_G = criterion_E_G(x_t, x_hat, r_x_hat, e_hat, D.W[:, i], D_act, D_act_hat)
            loss_D = criterion_D(r_x, r_x_hat)
            loss = loss_E_G + loss_D
            loss.backward(retain_graph=True)  # expect: TL105

            optimizer_E_G.step()
            optimizer_D.step()

            # Optimize D again
            r_x_hat, D_act_hat = D(G(y_t, e_hat), y_t, i)
            r_x, D_act = D(x_t, y_t, i)

            optimizer_D.zero_grad()
            loss_D = criterion_D(r_x, r_x_hat)
            loss_D.backward()
            optimizer_D.step()
