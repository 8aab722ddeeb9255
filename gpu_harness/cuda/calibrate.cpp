// torchlint-calibrate: the figures that turn counts into time on this GPU — kernel launch cost,
// the round trip of a synchronisation, pageable vs pinned host-to-device bandwidth. Printed as
// JSON; `torchlint calibrate` runs it. Host code only, so no nvcc is needed: a 1-byte
// cudaMemsetAsync stands for the smallest kernel.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

double now_us() {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

#define CHECK(call)                                                                            \
  do {                                                                                         \
    cudaError_t err_ = (call);                                                                 \
    if (err_ != cudaSuccess) {                                                                 \
      std::printf("{\"error\": \"%s: %s\"}\n", #call, cudaGetErrorString(err_));               \
      return 1;                                                                                \
    }                                                                                          \
  } while (0)

}  // namespace

int main() {
  int device = 0;
  cudaDeviceProp prop{};
  CHECK(cudaSetDevice(device));
  CHECK(cudaGetDeviceProperties(&prop, device));
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  char* scratch = nullptr;
  CHECK(cudaMalloc(&scratch, 1));

  // Launch cost: host time to enqueue one small operation, many back to back.
  const int launches = 2000;
  CHECK(cudaStreamSynchronize(stream));
  double t0 = now_us();
  for (int i = 0; i < launches; ++i) CHECK(cudaMemsetAsync(scratch, 0, 1, stream));
  double launch_us = (now_us() - t0) / launches;
  CHECK(cudaStreamSynchronize(stream));

  // Sync round trip: enqueue one small operation and wait for it.
  std::vector<double> round_trips;
  for (int i = 0; i < 500; ++i) {
    double a = now_us();
    CHECK(cudaMemsetAsync(scratch, 0, 1, stream));
    CHECK(cudaStreamSynchronize(stream));
    round_trips.push_back(now_us() - a);
  }

  // Host-to-device bandwidth, pageable vs pinned, timed with events.
  const size_t bytes = size_t{64} << 20;
  char* device_buf = nullptr;
  char* pinned = nullptr;
  CHECK(cudaMalloc(&device_buf, bytes));
  CHECK(cudaMallocHost(&pinned, bytes));
  std::vector<char> pageable(bytes, 1);
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  auto bandwidth = [&](const char* src, double& gbps) -> int {
    std::vector<double> ms;
    for (int i = 0; i < 5; ++i) {
      CHECK(cudaEventRecord(start, stream));
      CHECK(cudaMemcpyAsync(device_buf, src, bytes, cudaMemcpyHostToDevice, stream));
      CHECK(cudaEventRecord(stop, stream));
      CHECK(cudaEventSynchronize(stop));
      float elapsed = 0;
      CHECK(cudaEventElapsedTime(&elapsed, start, stop));
      ms.push_back(elapsed);
    }
    gbps = static_cast<double>(bytes) / (median(ms) / 1e3) / 1e9;
    return 0;
  };
  double pageable_gbps = 0, pinned_gbps = 0;
  if (bandwidth(pageable.data(), pageable_gbps) || bandwidth(pinned, pinned_gbps)) return 1;
  int runtime = 0, driver = 0;
  cudaRuntimeGetVersion(&runtime);
  cudaDriverGetVersion(&driver);
  std::printf(
      "{\"gpu\": \"%s\", \"cuda_runtime\": %d, \"cuda_driver\": %d, \"launch_us\": %.2f, \"sync_round_trip_us\": %.2f, "
      "\"h2d_pageable_gbps\": %.2f, \"h2d_pinned_gbps\": %.2f}\n",
      prop.name, runtime, driver, launch_us, median(round_trips), pageable_gbps, pinned_gbps);
  cudaFreeHost(pinned);
  cudaFree(device_buf);
  cudaFree(scratch);
  return 0;
}
