// torchlint shim.
#pragma once
#include <ATen/cuda/CUDAContext.h>
