# reduced from clovaai/deep-text-recognition-benchmark@d62daf3 demo.py:56
import torch


def demo(model, demo_loader, converter, batch_max_length):
    model.eval()
    results = []
    for image_tensors, image_path_list in demo_loader:
        batch_size = image_tensors.size(0)
        with torch.no_grad():
            image = image_tensors.cuda()
            text_for_pred = torch.cuda.LongTensor(batch_size, batch_max_length + 1).fill_(0)  # expect: TL406

        preds = model(image, text_for_pred).log_softmax(2)  # expect: TL303
        _, preds_index = preds.max(2)
        results.extend(converter.decode(preds_index))
    return results
