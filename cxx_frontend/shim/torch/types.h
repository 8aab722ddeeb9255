// torchlint shim: torch/types.h, ATen's tensor API in namespace torch.
#pragma once
#include <ATen/ATen.h>
