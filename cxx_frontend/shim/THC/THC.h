// torchlint shim: the THC API, removed from PyTorch (1.11); kept so that old extensions parse.
#pragma once
#include <ATen/ATen.h>
typedef struct [[deprecated("THC was removed from PyTorch; use ATen/c10 (at::cuda)")]] THCState THCState;
namespace c10::detail {
[[deprecated("THC was removed from PyTorch")]] void deprecated_THC();
}
#define THCudaCheck(EXPR) (::c10::detail::deprecated_THC(), (void)(EXPR))
