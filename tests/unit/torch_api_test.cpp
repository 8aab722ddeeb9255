// The compiled-in model of PyTorch's API: what the generator read from torch's stubs and the
// overlay added, as the engine sees it.
#include <doctest/doctest.h>

#include "python/torch_api.h"

using namespace torchlint::py;

TEST_CASE("functions: what the stubs say they return") {
  const TorchApi& api = TorchApi::get();
  CHECK(api.returns_tensor("torch.cat"));
  CHECK(api.returns_tensor("torch.nn.functional.relu"));
  CHECK(api.returns_tensor("torch.linalg.norm"));  // a namespace of the overlay
  CHECK_FALSE(api.returns_tensor("torch.finfo"));  // a class: `torch.finfo(t.dtype).min` is a float
  CHECK_FALSE(api.returns_tensor("torch.is_tensor"));
  CHECK_FALSE(api.returns_tensor("torch.load"));  // not in the model: unknown
  CHECK(api.callable("torch.no_such_function") == nullptr);
  REQUIRE(api.callable("torch.equal") != nullptr);
  CHECK(api.callable("torch.equal")->returns == ApiReturns::Python);
}

TEST_CASE("factories: host unless told, or beside their input") {
  const TorchApi& api = TorchApi::get();
  CHECK(api.callable_has("torch.zeros", kApiFactory));
  CHECK(api.callable_has("torch.arange", kApiFactory));
  CHECK(api.callable_has("torch.zeros_like", kApiLike));
  CHECK_FALSE(api.callable_has("torch.zeros_like", kApiFactory));
  CHECK_FALSE(api.callable_has("torch.cat", kApiFactory));
  CHECK(api.callable_has("torch.from_numpy", kApiOnHost));
}

TEST_CASE("tensor methods: host reads, Python values, results without history") {
  const TorchApi& api = TorchApi::get();
  for (const char* m : {"item", "tolist", "cpu", "numpy", "__bool__", "__float__", "__format__"})
    CHECK_MESSAGE(api.method_has(m, kApiReadsHost), m);
  CHECK(api.copies_to_host("item"));
  CHECK(api.copies_to_host("cpu"));
  CHECK_FALSE(api.copies_to_host("nonzero"));  // waits to learn a size, returns a device tensor
  CHECK(api.method_has("nonzero", kApiReadsHost));
  CHECK(api.reads_metadata("size", true));
  CHECK(api.reads_metadata("shape", false));
  CHECK(api.reads_metadata("is_cuda", false));
  CHECK_FALSE(api.reads_metadata("item", true));  // a Python value, but read from the data
  CHECK_FALSE(api.reads_metadata("grad", false));
  CHECK(api.result_on_host("numpy"));
  CHECK_FALSE(api.result_on_host("relu"));
  CHECK(api.method_has("detach", kApiNoGraph));
  CHECK(api.callable_has("torch.argmax", kApiNoGraph));  // a method fact holds for torch.NAME
  CHECK(TorchApi::dunder_of_builtin("float") == "__float__");
  CHECK(TorchApi::dunder_of_builtin("print").empty());
}

TEST_CASE("library classes: losses, modules with train-mode behaviour, optimizers") {
  const TorchApi& api = TorchApi::get();
  CHECK(api.callable_has("torch.nn.CrossEntropyLoss", kApiLoss));
  CHECK(api.callable_has("torch.nn.modules.loss.CrossEntropyLoss", kApiLoss));  // where it is defined
  CHECK(api.callable_has("torch.nn.functional.cross_entropy", kApiLoss));      // takes `reduction`
  CHECK_FALSE(api.callable_has("torch.nn.functional.softmax", kApiLoss));
  CHECK(api.callable_has("torch.nn.Dropout", kApiDropout));
  CHECK(api.callable_has("torch.nn.BatchNorm2d", kApiBatchNorm));
  CHECK_FALSE(api.callable_has("torch.nn.InstanceNorm2d", kApiBatchNorm));
  CHECK(api.callable_has("torch.optim.AdamW", kApiOptimizer));
  CHECK(api.callable_has("torch.optim.lr_scheduler.StepLR", kApiScheduler));
  CHECK(api.callable_has("torch.utils.data.DistributedSampler", kApiSampler));
  CHECK(api.callable_has("torch.utils.data.DataLoader", kApiLoader));
}

TEST_CASE("the parser takes any knowledge text and skips what it cannot read") {
  TorchApi api("# a comment\nversion 9.9\nfunction torch.f returns=tensor factory\nmethod m returns=python reads-host\n"
               "junk\nfunction torch.g\nnamespace torch.ns returns=tensor\nattribute a returns=python\n");
  CHECK(api.torch_version() == "9.9");
  CHECK(api.callable_has("torch.f", kApiFactory));
  CHECK(api.method_has("m", kApiReadsHost));
  CHECK(api.callable("torch.g") == nullptr);
  CHECK(api.returns_tensor("torch.ns.h"));
  CHECK_FALSE(api.returns_tensor("torch.ns.sub.h"));
  CHECK(api.reads_metadata("a", false));
}
