// Named contexts (where a node sits) and predicates (what a bound node is) that YAML rules
// refer to: the domain knowledge no generic pattern engine has. Each is documented in
// docs/writing-rules.md; keep them few, named and tested.
#pragma once
#include <string>
#include <vector>

#include "python/pattern.h"
#include "python/semantic_model.h"

namespace torchlint::py {

using ContextFn = bool (*)(const SemanticModel&, TSNode node);

struct PredicateEnv {
  const SemanticModel& model;
  TSNode match;  // the node the rule matched
  Bindings& bindings;  // a predicate may add `bind` text ({NAME} in the message) that it found
};
using PredicateFn = bool (*)(const PredicateEnv&, TSNode arg);

struct NamedContext {
  const char* name;
  ContextFn fn;
  const char* doc;
};
struct NamedPredicate {
  const char* name;
  PredicateFn fn;
  const char* doc;
};

const std::vector<NamedContext>& contexts();  // every group below, in one list
const std::vector<NamedPredicate>& predicates();  // every group below, in one list
// Groups kept in their own files: the order of a training step's operations (step_order.cpp).
const std::vector<NamedPredicate>& step_order_predicates();
// Regions a node sits in: autocast, loops over data (regions.cpp).
const std::vector<NamedContext>& region_contexts();
const std::vector<NamedPredicate>& region_predicates();
// Accumulators grown by a loop over data (accumulators.cpp).
const std::vector<NamedPredicate>& accumulator_predicates();
// Out-of-memory handlers and file-wide facts (handlers.cpp).
const std::vector<NamedPredicate>& handler_predicates();
// Timing and profiling code: clocks, CUDA events, warm-up, profiler schedules (timing.cpp).
const std::vector<NamedPredicate>& timing_predicates();
// Code torch.compile traces, and what in it Dynamo cannot put in a graph (compiled.cpp).
const std::vector<NamedContext>& compiled_contexts();
const std::vector<NamedPredicate>& compiled_predicates();
// The APIs of PyTorch's domain libraries by canonical name: torchvision (library_api.cpp).
const std::vector<NamedPredicate>& library_api_predicates();
// Shapes known from how a tensor was made: `unsqueeze`, `[:, None]` (shape_facts.cpp).
const std::vector<NamedPredicate>& shape_predicates();
ContextFn find_context(const std::string& name);
PredicateFn find_predicate(const std::string& name);

}  // namespace torchlint::py
