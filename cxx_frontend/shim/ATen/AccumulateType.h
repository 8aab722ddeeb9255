// torchlint shim: at::acc_type lives in ATen/ATen.h.
#pragma once
#include <ATen/ATen.h>
