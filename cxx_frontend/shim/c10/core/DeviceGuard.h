// torchlint shim: device-generic guards.
#pragma once
#include <c10/core/Device.h>
#include <c10/util/Optional.h>
namespace c10 {
struct DeviceGuard {
  explicit DeviceGuard(Device device);
  ~DeviceGuard();
};
struct OptionalDeviceGuard {
  OptionalDeviceGuard();
  explicit OptionalDeviceGuard(optional<Device> device);
  ~OptionalDeviceGuard();
};
}  // namespace c10
