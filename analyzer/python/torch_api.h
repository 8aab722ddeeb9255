// PyTorch's API as data: what each `torch.*` function, tensor method and library class returns
// and does, read from knowledge/torch_api.txt (generated from torch's stubs by
// scripts/gen_torch_api.py, compiled in). Every question about PyTorch's vocabulary goes here;
// no other list of API names lives in the engine.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

namespace torchlint::py {

// What a call gives back.
enum class ApiReturns : uint8_t { Unknown, Tensor, Python, NumPy, None, Object, Self };

enum ApiFlag : uint32_t {
  kApiFactory = 1u << 0,     // builds a tensor on the host unless given `device=`
  kApiLike = 1u << 1,        // builds a tensor on its first argument's device unless given `device=`
  kApiReadsHost = 1u << 2,   // waits for the device: reads tensor values on the host
  kApiOnHost = 1u << 3,      // its result lives in host memory (`.cpu()`, `.numpy()`, `from_numpy`)
  kApiNoGraph = 1u << 4,     // its result carries no autograd history
  kApiLoss = 1u << 5,        // a loss function or loss module class
  kApiModule = 1u << 6,      // an nn.Module class
  kApiDropout = 1u << 7,     // a module class that behaves differently in train mode: dropout
  kApiBatchNorm = 1u << 8,   // ... or batch statistics
  kApiOptimizer = 1u << 9,
  kApiScheduler = 1u << 10,
  kApiSampler = 1u << 11,
  kApiLoader = 1u << 12,
  kApiPassesThrough = 1u << 13,  // gives back its first argument (`Variable(x)` is x)
  kApiAccelerator = 1u << 14,    // a class whose instance places models and batches on a GPU
};

struct ApiEntry {
  ApiReturns returns = ApiReturns::Unknown;
  uint32_t flags = 0;
  bool has(ApiFlag f) const { return (flags & f) != 0; }
};

class TorchApi {
 public:
  // The compiled-in model (parsed once, on first use; thread-safe).
  static const TorchApi& get();
  // Parses the text of a knowledge file; malformed lines are skipped (the generator's test
  // checks the file).
  explicit TorchApi(std::string_view text);

  // A function or class by canonical name (`torch.zeros`, `torch.nn.functional.cross_entropy`,
  // `torch.nn.Dropout`), or a function of a namespace the model covers whole (`torch.linalg.*`).
  const ApiEntry* callable(std::string_view canonical) const;
  // A method of torch.Tensor by name (`item`, `detach`, `__bool__`).
  const ApiEntry* tensor_method(std::string_view name) const;

  // An attribute of torch.Tensor by name (`shape`, `grad`, `is_cuda`).
  const ApiEntry* tensor_attribute(std::string_view name) const;

  // An nn.Module method that returns the module it is called on (`.cuda()`, `.to()`, `.eval()`).
  bool module_method_returns_self(std::string_view name) const;

  // Shorthands.
  bool returns_tensor(std::string_view canonical) const;
  bool method_has(std::string_view name, ApiFlag f) const;
  bool callable_has(std::string_view canonical, ApiFlag f) const;
  // The dunder method a builtin calls on a tensor (`float(t)` -> `__float__`), or empty.
  static std::string_view dunder_of_builtin(std::string_view builtin);
  // A tensor method or attribute that reads metadata: a Python value, known without waiting
  // for the device (`x.size()`, `x.dim()`, `x.shape`, `x.is_cuda`).
  bool reads_metadata(std::string_view name, bool method) const;
  // A tensor method whose result is no tensor but a Python (or NumPy) value: `.item()`,
  // `.tolist()`, `.size()`, `.numpy()`.
  bool method_returns_python(std::string_view name) const;
  // A tensor method whose result lives in host memory: a Python or NumPy value, or a host
  // tensor (`.item()`, `.numpy()`, `.cpu()`, `.size()`).
  bool result_on_host(std::string_view method) const;
  // A tensor method that copies values to the host for Python (`.item()`, `.tolist()`,
  // `.cpu()`, `.numpy()`), as opposed to one that only waits to learn a size (`.nonzero()`).
  bool copies_to_host(std::string_view method) const;
  const std::string& torch_version() const { return version_; }

 private:
  std::unordered_map<std::string, ApiEntry> callables_, methods_, attributes_, module_methods_, namespaces_;
  std::string version_;
};

}  // namespace torchlint::py
