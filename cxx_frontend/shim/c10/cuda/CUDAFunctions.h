// torchlint shim: c10's CUDA device functions (set, exchange and query the current device).
#pragma once
#include <c10/core/Device.h>
namespace c10 {
using DeviceIndex = signed char;
}  // namespace c10
namespace c10::cuda {
DeviceIndex device_count() noexcept;
DeviceIndex current_device();
void set_device(DeviceIndex device);
void SetDevice(DeviceIndex device);
void MaybeSetDevice(DeviceIndex device);
DeviceIndex ExchangeDevice(DeviceIndex device);
DeviceIndex MaybeExchangeDevice(DeviceIndex device);
void GetDevice(DeviceIndex* device);
void device_synchronize();
}  // namespace c10::cuda
