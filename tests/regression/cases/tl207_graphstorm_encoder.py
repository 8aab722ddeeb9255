# reduced from awslabs/graphstorm@9a9a40e python/graphstorm/model/gnn_encoder_base.py:161
import dgl
import torch as th


def dist_inference_one_layer(layer_id, g, batch_size, fanout, edge_mask, target_ntypes,
                             device, get_input_embeds, gnn_encoder):
    with th.no_grad():
        infer_nodes = {}
        for ntype in target_ntypes:
            infer_nodes[ntype] = node_split(th.ones((g.number_of_nodes(ntype),), dtype=th.bool),
                                            partition_book=g.get_partition_book(),
                                            ntype=ntype, force_even=False)

        sampler = dgl.dataloading.MultiLayerNeighborSampler(fanout, mask=edge_mask)
        dataloader = dgl.dataloading.DistNodeDataLoader(g, infer_nodes, sampler,
                                                        batch_size=batch_size,
                                                        shuffle=False,
                                                        drop_last=False)

        len_dataloader = max_num_batch = len(list(dataloader))  # expect: TL207
        tensor = th.tensor([len_dataloader], device=device)
        if is_distributed():
            th.distributed.all_reduce(tensor, op=th.distributed.ReduceOp.MAX)
            max_num_batch = tensor[0]
        dataloader_iter = iter(dataloader)

        for iter_l in range(max_num_batch):
            if iter_l < len_dataloader:
                input_nodes, output_nodes, blocks = next(dataloader_iter)
            else:
                input_nodes = {ntype: th.empty((0,), dtype=g.idtype) for ntype in g.ntypes}
                blocks = None
            h = get_input_embeds(input_nodes)
            if blocks is None:
                continue
            blocks = [block.to(device) for block in blocks]
            output = gnn_encoder.layer(blocks[0], h)
