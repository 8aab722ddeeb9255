// torchlint shim: what `#include <torch/extension.h>` provides to an extension.
#pragma once
#include <ATen/ATen.h>
#include <ATen/DeviceGuard.h>
#include <torch/library.h>
#include <pybind11/pybind11.h>
#ifndef TORCH_EXTENSION_NAME
#define TORCH_EXTENSION_NAME torchlint_extension
#endif
