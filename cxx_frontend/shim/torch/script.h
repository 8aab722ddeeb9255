// torchlint shim: what `#include <torch/script.h>` provides to a TorchScript custom op.
#pragma once
#include <ATen/ATen.h>
#include <ATen/DeviceGuard.h>
#include <torch/library.h>
#include <ATen/core/op_registration/op_registration.h>
