// Contexts for regions a statement sits in that the model's core facts do not name:
// autocast regions, loops over data, files that use an accelerator. Like every context, they stop at the enclosing
// function: a `def` inside the region is not in it.
#include <algorithm>

#include "python/kinds.h"
#include "python/predicates.h"
#include "python/torch_api.h"

namespace torchlint::py {

bool SemanticModel::in_data_loop(TSNode n) const {
  const Kinds& k = kinds();
  for (TSNode p : ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (s == k.function_definition || s == k.lambda || s == k.class_definition) return false;
    if (s == k.for_statement && !ts_node_is_null(field(p, "body")) &&
        ts_node_start_byte(n) >= ts_node_start_byte(field(p, "body")) && iterates_data(field(p, "right"), function_of(p)))
      return true;
  }
  return false;
}

// 2: the file puts work on an accelerator (`.cuda`, `torch.cuda.*`, `torch.accelerator.*`,
// `torch.device(...)`, a "cuda..." string); 1: it only names a device (`device=`, `x.device`:
// device-agnostic code); 0: neither.
int SemanticModel::device_evidence() const {
  if (device_evidence_ >= 0) return device_evidence_;
  const Kinds& k = kinds();
  auto evidence = [&](TSNode n) {
    TSSymbol s = ts_node_symbol(n);
    if (s == k.keyword_argument) return text(field(n, "name")) == "device" ? 1 : 0;
    if (s == k.string) {
      std::string_view t = text(n);
      return t.size() >= 6 && t.substr(1).starts_with("cuda") ? 2 : 0;
    }
    if (s == k.call) {  // `torch.device(...)` (a renamed import still passes a "cuda" string), `Accelerator()`
      TSNode f = field(n, "function");
      if (text(f).ends_with("device") && canonical(f) == "torch.device") return 2;
      return TorchApi::get().callable_has(canonical(f), kApiAccelerator) ? 2 : 0;
    }
    if (s != k.attribute) return 0;
    std::string_view name = text(field(n, "attribute"));
    if (name == "cuda") return 2;  // `x.cuda()`, `torch.cuda.*`
    if (name == "device") return 1;
    std::string_view t = text(n);
    return t.find("accelerator") != std::string_view::npos && canonical(n).starts_with("torch.accelerator") ? 2 : 0;
  };
  int best = 0;
  for (size_t i = 0; i < node_count() && best < 2; ++i) best = std::max(best, evidence(node_at(i)));
  device_evidence_ = static_cast<int8_t>(best);
  return best;
}

namespace {

bool is_autocast_api(std::string_view canonical) {
  return canonical == "torch.autocast" || canonical == "torch.amp.autocast" || canonical == "torch.cuda.amp.autocast" ||
         canonical == "torch.cpu.amp.autocast" || canonical == "torch.amp.autocast_mode.autocast";
}

// `with torch.autocast("cuda"):` (any of its spellings) that does not say `enabled=False`.
bool enters_autocast(const SemanticModel& m, TSNode with_statement) {
  const Kinds& k = kinds();
  bool found = false;
  for_each_named_child(with_statement, [&](TSNode clause) {
    if (!is_kind(clause, "with_clause")) return;
    for_each_named_child(clause, [&](TSNode item) {
      TSNode value = ts_node_symbol(item) == k.with_item ? field(item, "value") : TSNode{};
      if (ts_node_is_null(value) || ts_node_symbol(value) != k.call) return;
      if (!is_autocast_api(m.canonical(field(value, "function")))) return;
      bool disabled = false;
      TSNode args = field(value, "arguments");
      if (ts_node_is_null(args)) return;
      for_each_named_child(args, [&](TSNode a) {
        if (ts_node_symbol(a) == k.keyword_argument && m.text(field(a, "name")) == "enabled" &&
            is_kind(field(a, "value"), "false"))
          disabled = true;
      });
      found = found || !disabled;
    });
  });
  return found;
}

bool ctx_autocast(const SemanticModel& m, TSNode n) {
  const Kinds& k = kinds();
  for (TSNode p : m.ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (s == k.function_definition || s == k.lambda || s == k.class_definition) return false;
    if (s != k.with_statement) continue;
    TSNode body = field(p, "body");
    if (!ts_node_is_null(body) && ts_node_start_byte(n) >= ts_node_start_byte(body) && enters_autocast(m, p)) return true;
  }
  return false;
}

bool ctx_data_loop(const SemanticModel& m, TSNode n) { return m.in_data_loop(n); }
bool ctx_accelerator_file(const SemanticModel& m, TSNode) { return m.uses_accelerator(); }
bool ctx_device_file(const SemanticModel& m, TSNode) { return m.names_device(); }
// Test files (tests/, test_*.py, *_test.py, tests.py, conftest.py) unless --include-tests: they build
// DataParallel models or load their own checkpoints on purpose.
bool ctx_test_code(const SemanticModel& m, TSNode) { return m.is_test_file(); }

bool is_data_loader(const PredicateEnv& e, TSNode x) { return e.model.is_data_source(x); }

}  // namespace

const std::vector<NamedContext>& region_contexts() {
  static const std::vector<NamedContext> table = {
      {"autocast", ctx_autocast,
       "in the body of `with torch.autocast(...)` (also torch.amp/torch.cuda.amp/torch.cpu.amp spellings) not given `enabled=False`"},
      {"test-code", ctx_test_code, "in a test file (tests/, test_*.py, tests.py, conftest.py), unless --include-tests analyses them as code"},
      {"accelerator-file", ctx_accelerator_file,
       "in a file that puts work on an accelerator: `.cuda`, `torch.cuda.*`, `torch.accelerator.*`, `torch.device(...)`, "
       "a \"cuda...\" string"},
      {"device-file", ctx_device_file,
       "in a file that uses an accelerator (see accelerator-file) or at least names a device: a `device=` argument, a "
       "`.device` read (device-agnostic code)"},
      {"data-loop", ctx_data_loop,
       "in a `for` loop (of its own function) over a data loader or dataset: training, evaluation or inference over batches"},
  };
  return table;
}

const std::vector<NamedPredicate>& region_predicates() {
  static const std::vector<NamedPredicate> table = {
      {"is-data-loader", is_data_loader,
       "the value is a source of batches: a DataLoader/Dataset by construction or by name, also through enumerate()/tqdm() and aliases"},
  };
  return table;
}

}  // namespace torchlint::py
