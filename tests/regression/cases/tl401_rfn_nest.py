# reduced from hli1221/imagefusion-rfn-nest@3acf804 train_fusionnet.py:226
import os

import torch
from torch.autograd import Variable
from torch.optim import Adam
from tqdm import trange

import utils
from net import NestFuse_light2_nodense, Fusion_network
from args_fusion import args
import pytorch_msssim

EPSILON = 1e-5


def train(original_imgs_path, img_flag, alpha, w1, w2):
    batch_size = args.batch_size
    nest_model = NestFuse_light2_nodense(nb_filter, input_nc, output_nc, deepsupervision)
    fusion_model = Fusion_network(nb_filter, f_type)

    optimizer = Adam(fusion_model.parameters(), args.lr)
    mse_loss = torch.nn.MSELoss()
    ssim_loss = pytorch_msssim.msssim

    if args.cuda:
        nest_model.cuda()
        fusion_model.cuda()

    tbar = trange(args.epochs)
    for e in tbar:
        image_set_ir, batches = utils.load_dataset(original_imgs_path, batch_size)
        fusion_model.train()
        count = 0
        for batch in range(batches):
            image_paths_ir = image_set_ir[batch * batch_size:(batch * batch_size + batch_size)]
            img_ir = utils.get_train_images(image_paths_ir, height=args.HEIGHT, width=args.WIDTH, flag=img_flag)
            image_paths_vi = [x.replace('lwir', 'visible') for x in image_paths_ir]
            img_vi = utils.get_train_images(image_paths_vi, height=args.HEIGHT, width=args.WIDTH, flag=img_flag)

            count += 1
            optimizer.zero_grad()
            img_ir = Variable(img_ir, requires_grad=False)
            img_vi = Variable(img_vi, requires_grad=False)

            if args.cuda:
                img_ir = img_ir.cuda()
                img_vi = img_vi.cuda()

            en_ir = nest_model.encoder(img_ir)
            en_vi = nest_model.encoder(img_vi)
            f = fusion_model(en_ir, en_vi)
            outputs = nest_model.decoder_eval(f)

            x_vi = Variable(img_vi.data.clone(), requires_grad=False)
            loss1_value = 0.
            loss2_value = 0.
            for output in outputs:
                output = (output - torch.min(output)) / (torch.max(output) - torch.min(output) + EPSILON)
                output = output * 255
                ssim_loss_temp2 = ssim_loss(output, x_vi, normalize=True)
                loss1_value += alpha * (1 - ssim_loss_temp2)
                for ii in range(4):
                    loss2_value += mse_loss(f[ii], w1 * en_ir[ii] + w2 * en_vi[ii])

            loss1_value /= len(outputs)
            loss2_value /= len(outputs)
            total_loss = loss1_value + loss2_value
            total_loss.backward()
            optimizer.step()

            if (batch + 1) % (200 * args.log_interval) == 0:
                # save model
                fusion_model.eval()
                fusion_model.cpu()
                save_model_path = os.path.join(temp_path_model, "Epoch_" + str(e) + "_iters_" + str(count) + ".model")
                torch.save(fusion_model.state_dict(), save_model_path)
                fusion_model.train()
                fusion_model.cuda()

        # save model
        fusion_model.eval()
        fusion_model.cpu()  # expect: TL401
        save_model_filename = "Final_epoch_" + str(args.epochs) + "_alpha_" + str(alpha) + ".model"
        save_model_path = os.path.join(temp_path_model_w, save_model_filename)
        torch.save(fusion_model.state_dict(), save_model_path)

        print("\nDone, trained model saved at", save_model_path)
