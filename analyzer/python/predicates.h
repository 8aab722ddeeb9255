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
  const Bindings& bindings;
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

const std::vector<NamedContext>& contexts();
const std::vector<NamedPredicate>& predicates();
ContextFn find_context(const std::string& name);
PredicateFn find_predicate(const std::string& name);

}  // namespace torchlint::py
