// torchlint shim: c10::Device and c10::DeviceType.
#pragma once
#include <stdint.h>
#include <ostream>
#include <string>
namespace c10 {
using DeviceIndex = int8_t;
enum class DeviceType : int8_t {
  CPU = 0, CUDA = 1, MKLDNN = 2, OPENGL = 3, OPENCL = 4, IDEEP = 5, HIP = 6, FPGA = 7, MAIA = 8, XLA = 9, Vulkan = 10,
  Metal = 11, XPU = 12, MPS = 13, Meta = 14, HPU = 15, VE = 16, Lazy = 17, IPU = 18, MTIA = 19, PrivateUse1 = 20,
  COMPILE_TIME_MAX_DEVICE_TYPES = 21
};
constexpr DeviceType kCPU = DeviceType::CPU, kCUDA = DeviceType::CUDA, kHIP = DeviceType::HIP, kFPGA = DeviceType::FPGA,
                     kXLA = DeviceType::XLA, kMPS = DeviceType::MPS, kMeta = DeviceType::Meta, kVulkan = DeviceType::Vulkan,
                     kMetal = DeviceType::Metal, kXPU = DeviceType::XPU, kHPU = DeviceType::HPU, kVE = DeviceType::VE,
                     kLazy = DeviceType::Lazy, kIPU = DeviceType::IPU, kMTIA = DeviceType::MTIA,
                     kPrivateUse1 = DeviceType::PrivateUse1;
std::string DeviceTypeName(DeviceType d, bool lower_case = false);
std::ostream& operator<<(std::ostream& stream, DeviceType type);
struct Device {
  Device(DeviceType type, DeviceIndex index = -1);
  Device(const std::string& device_string);
  Device(const char* device_string);
  bool operator==(const Device& other) const noexcept;
  bool operator!=(const Device& other) const noexcept;
  void set_index(DeviceIndex index);
  DeviceType type() const noexcept;
  DeviceIndex index() const noexcept;
  bool has_index() const noexcept;
  bool is_cuda() const noexcept;
  bool is_cpu() const noexcept;
  bool is_mps() const noexcept;
  bool is_meta() const noexcept;
  bool is_hip() const noexcept;
  bool is_xpu() const noexcept;
  bool is_privateuseone() const noexcept;
  std::string str() const;
};
std::ostream& operator<<(std::ostream& stream, const Device& device);
}  // namespace c10
namespace at {
using c10::Device;
using c10::DeviceType;
using c10::DeviceIndex;
using c10::kCUDA;
using c10::kCPU;
using c10::kMPS;
using c10::kMeta;
using c10::kHIP;
using c10::kXLA;
using c10::kXPU;
}  // namespace at
