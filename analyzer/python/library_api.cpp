// Facts about the APIs of PyTorch's domain libraries, by canonical name (imports and aliases
// resolved), for rules about their deprecations.
#include <string>
#include <string_view>

#include "python/predicates.h"
#include "python/semantic_model.h"

namespace torchlint::py {

namespace {

// A model builder of torchvision (`torchvision.models.resnet50`,
// `torchvision.models.detection.fasterrcnn_resnet50_fpn`, `models.vgg16` after
// `from torchvision import models`): a function, lower case, not a `*_Weights` enum or a class.
bool is_torchvision_model_builder(const PredicateEnv& e, TSNode callee) {
  std::string name = e.model.canonical(callee);
  constexpr std::string_view prefix = "torchvision.models.";
  if (!name.starts_with(prefix)) return false;
  size_t dot = name.rfind('.');
  std::string_view last = std::string_view(name).substr(dot + 1);
  return !last.empty() && last.front() >= 'a' && last.front() <= 'z' && last.front() != '_';
}

}  // namespace

const std::vector<NamedPredicate>& library_api_predicates() {
  static const std::vector<NamedPredicate> table = {
      {"is-torchvision-model-builder", is_torchvision_model_builder,
       "on a callee: a torchvision model builder function (`torchvision.models.*`, also its detection, segmentation, video, ... submodules), through imports and aliases"},
  };
  return table;
}

}  // namespace torchlint::py
