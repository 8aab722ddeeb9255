# reduced from awslabs/graphstorm@9a9a40e python/graphstorm/model/node_gnn.py:212
import time

import torch as th


def node_mini_batch_gnn_predict(model, loader, return_proba=True, return_label=False):
    device = model.device
    data = loader.data
    g = data.g
    preds = {}
    model.eval()

    len_dataloader = max_num_batch = len(list(loader))  # expect: TL207
    tensor = th.tensor([len_dataloader], device=device)
    if is_distributed():
        th.distributed.all_reduce(tensor, op=th.distributed.ReduceOp.MAX)
        max_num_batch = tensor[0]

    dataloader_iter = iter(loader)

    with th.no_grad():
        for iter_l in range(max_num_batch):
            if iter_l < len_dataloader:
                input_nodes, seeds, blocks = next(dataloader_iter)
            else:
                input_nodes = {ntype: th.empty((0,), dtype=g.idtype) for ntype in g.ntypes}
                blocks = None

            input_feats = data.get_node_feats(input_nodes, device)
            if blocks is None:
                continue
            blocks = [block.to(device) for block in blocks]
            pred, emb = model.predict(blocks, input_feats, None, input_nodes, return_proba)
            append_to_dict(pred, preds)
    return preds
