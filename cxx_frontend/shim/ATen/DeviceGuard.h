// torchlint shim: at::device_of and the device guards.
#pragma once
#include <ATen/ATen.h>
#include <c10/core/DeviceGuard.h>
namespace at {
using c10::DeviceGuard;
using c10::OptionalDeviceGuard;
c10::optional<Device> device_of(const Tensor& t);
}  // namespace at
