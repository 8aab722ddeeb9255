# reduced from kyegomez/zeta@0ad7d35 zeta/nn/modules/simple_mamba.py:202
import torch
import torch.nn.functional as F
from einops import einsum, rearrange, repeat
from torch import Tensor, nn


class MambaBlock(nn.Module):
    def __init__(self, dim: int = None, depth: int = 5, d_state: int = 16, expand: int = 2, d_conv: int = 4,
                 conv_bias: bool = True, bias: bool = False):
        super().__init__()
        self.dim = dim
        self.d_state = d_state
        dim_inner = dim * expand
        self.dim_inner = dim_inner
        self.dt_rank = dt_rank = max(1, dim // 16)
        self.in_proj = nn.Linear(dim, dim_inner * 2, bias=bias)
        self.conv1d = nn.Conv1d(dim_inner, dim_inner, kernel_size=d_conv, bias=conv_bias, groups=dim_inner, padding=d_conv - 1)
        self.x_proj = nn.Linear(dim_inner, dt_rank + self.d_state * 2, bias=False)
        self.dt_proj = nn.Linear(dt_rank, dim_inner, bias=True)
        A = repeat(torch.arange(1, self.d_state + 1), "n -> d n", d=dim_inner)
        self.A_log = nn.Parameter(torch.log(A))
        self.D = nn.Parameter(torch.ones(dim_inner))
        self.out_proj = nn.Linear(dim_inner, dim, bias=bias)

    def forward(self, x: Tensor):
        (b, l, d) = x.shape
        x_and_res = self.in_proj(x)
        x_and_res = rearrange(x_and_res, "b l x -> b x l")
        (x, res) = x_and_res.split(split_size=[self.dim_inner, self.dim_inner], dim=1)
        x = self.conv1d(x)[:, :, :l]
        x = F.silu(x)
        y = self.ssm(x)
        y = y * F.silu(res)
        output = self.out_proj(rearrange(y, "b dim l -> b l dim"))
        return output

    def ssm(self, x: Tensor):
        (d_in, n) = self.A_log.shape
        A = -torch.exp(self.A_log.float())
        D = self.D.float()
        x_dbl = rearrange(x, "b d l -> b l d")
        x_dbl = self.x_proj(x_dbl)
        (delta, B, C) = x_dbl.split(split_size=[self.dt_rank, n, n], dim=-1)
        delta = F.softplus(self.dt_proj(delta))
        y = self.selective_scan(x, delta, A, B, C, D)
        return y

    def selective_scan(self, u, delta, A, B, C, D):
        (b, d_in, l) = u.shape
        n = A.shape[1]
        deltaA = torch.exp(einsum(delta, A, "b l d_in, d_in n -> b d_in l n"))
        deltaB_u = einsum(delta, B, u, "b l d_in, b l n, b d_in l -> b d_in l n")

        # Perform selective scan (see scan_SSM() in The Annotated S4 [2])
        x = torch.zeros((b, d_in, n))  # expect: TL402
        ys = []
        for i in range(l):
            x = deltaA[:, :, i] * x + deltaB_u[:, :, i]
            y = einsum(x, C[:, i, :], "b d_in n , b n -> b d_in")
            ys.append(y)
        y = torch.stack(ys, dim=2)

        if D is not None:
            y = y + u * rearrange(D, "d_in -> d_in 1")

        return y
