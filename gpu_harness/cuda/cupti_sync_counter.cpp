// Counts the CUDA runtime calls that make the host wait for the device, for the probe
// (loaded with ctypes from runtime/torchlint_probe.py when TORCHLINT_CUPTI_LIB names it).
// Only API entry is counted, so a call is one sync whatever it does inside.
#include <cupti.h>

#include <atomic>

namespace {

std::atomic<unsigned long long> syncs{0};
CUpti_SubscriberHandle subscriber;
bool subscribed = false;

bool is_sync(CUpti_CallbackId id) {
  switch (id) {
    case CUPTI_RUNTIME_TRACE_CBID_cudaDeviceSynchronize_v3020:
    case CUPTI_RUNTIME_TRACE_CBID_cudaStreamSynchronize_v3020:
    case CUPTI_RUNTIME_TRACE_CBID_cudaEventSynchronize_v3020:
    case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy_v3020:
    case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpy2D_v3020:
    case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyToSymbol_v3020:
    case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyFromSymbol_v3020:
    case CUPTI_RUNTIME_TRACE_CBID_cudaMemset_v3020:
      return true;
    default:
      return false;
  }
}

void CUPTIAPI on_call(void*, CUpti_CallbackDomain domain, CUpti_CallbackId id, const void* data) {
  const auto* info = static_cast<const CUpti_CallbackData*>(data);
  if (domain == CUPTI_CB_DOMAIN_RUNTIME_API && info->callbackSite == CUPTI_API_ENTER && is_sync(id)) ++syncs;
}

}  // namespace

extern "C" int torchlint_cupti_start() {
  if (subscribed) return 0;
  if (cuptiSubscribe(&subscriber, reinterpret_cast<CUpti_CallbackFunc>(on_call), nullptr) != CUPTI_SUCCESS) return 1;
  if (cuptiEnableDomain(1, subscriber, CUPTI_CB_DOMAIN_RUNTIME_API) != CUPTI_SUCCESS) return 2;
  subscribed = true;
  return 0;
}

extern "C" unsigned long long torchlint_cupti_syncs() { return syncs.load(); }
