import torch
import torch._dynamo
import torch.nn as nn


@torch.compiler.disable
def route(scores, k):
    return scores.topk(k).indices.tolist()


@torch._dynamo.disable(recursive=False)
def log_expert_load(counts):
    print("expert load", counts)


def histogram(ids, n):
    return torch.bincount(ids.flatten(), minlength=n)


safe_histogram = torch.compiler.disable(histogram)


@torch.compiler.allow_in_graph
def fused_gate(x, weight):
    return x @ weight


class MoE(nn.Module):
    def __init__(self, dim, n_experts, k=2, debug=False):
        super().__init__()
        self.gate = nn.Parameter(torch.randn(dim, n_experts))
        self.experts = nn.ModuleList(nn.Linear(dim, dim) for _ in range(n_experts))
        self.k = k
        self.debug = debug

    def forward(self, x):
        scores = fused_gate(x, self.gate)  # allow_in_graph: stays in the graph
        chosen = route(scores, self.k)  # expect: TL506
        torch._dynamo.graph_break()  # expect: TL506
        counts = safe_histogram(scores.argmax(-1), len(self.experts))  # expect: TL506
        if self.debug:
            log_expert_load(counts)  # debug flag: off in the compiled run
        if not torch.compiler.is_compiling():
            log_expert_load(counts)  # eager only
        out = torch.zeros_like(x)
        for i, expert in enumerate(self.experts):
            if i in chosen:
                out = out + expert(x)
        return out


moe = torch.compile(MoE(64, 8))


class Router(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.gate = nn.Linear(dim, 8)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        # The gate is traced before the break, the projection after: one statement, two graphs.
        experts = route(self.gate(x), 2)  # expect: TL506
        return self.proj(x)[experts]


router = torch.compile(Router(64))


class Generator:
    def __init__(self, model):
        self.model = model
        self.prefill = torch.compile(self.prefill)

    @torch.compiler.disable
    def setup_cache(self, lengths):
        self.offsets = lengths.cumsum(0)

    def prefill(self, tokens, lengths):
        # Disabled setup at the edges of the compiled frame: the break splits no work.
        self.setup_cache(lengths)
        out = self.model(tokens)
        self.setup_cache(lengths)
        return out


def evaluate(batches):
    # Eager code: calling a disabled function here costs nothing.
    for x in batches:
        scores = x @ moe.gate
        log_expert_load(safe_histogram(scores.argmax(-1), 8))
        route(scores, 2)
        torch._dynamo.graph_break()
