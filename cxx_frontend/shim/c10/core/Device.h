// torchlint shim: c10::Device.
#pragma once
namespace c10 {
enum class DeviceType : signed char { CPU = 0, CUDA = 1 };
struct Device {
  Device(DeviceType type, signed char index = -1);
  bool is_cuda() const;
  bool is_cpu() const;
  signed char index() const;
};
const DeviceType kCUDA = DeviceType::CUDA;
const DeviceType kCPU = DeviceType::CPU;
}  // namespace c10
namespace at {
using c10::Device;
using c10::DeviceType;
using c10::kCUDA;
using c10::kCPU;
}  // namespace at
