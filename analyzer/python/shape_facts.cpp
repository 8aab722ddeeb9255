// What a tensor's construction says about its shape and range: enough to know that
// transposing it keeps it viewable, or that exponentiating it cannot overflow.
#include <string_view>

#include "python/kinds.h"
#include "python/names.h"
#include "python/predicates.h"

namespace torchlint::py {

namespace {

// `x.unsqueeze(1)`, `x[:, None]`, `x.view(-1, 1)`, `x.reshape(1, -1)`: a 2-D tensor with a
// dimension of size 1, so `.t()` of it is laid out like a contiguous tensor.
bool made_with_unit_dim(const SemanticModel& m, TSNode v) {
  const Kinds& k = kinds();
  if (ts_node_is_null(v)) return false;
  TSSymbol s = ts_node_symbol(v);
  if (s == k.subscript) {  // `x[:, None]`, `x[None]`
    bool none = false;
    for (uint32_t i = 0; i < ts_node_named_child_count(v); ++i)
      none = none || ts_node_symbol(ts_node_named_child(v, i)) == k.none;
    return none;
  }
  if (s != k.call) return false;
  TSNode f = field(v, "function");
  TSNode args = field(v, "arguments");
  if (ts_node_symbol(f) != k.attribute || ts_node_is_null(args)) return false;
  std::string_view method = m.text(field(f, "attribute"));
  std::string callee = m.canonical(f);
  // `nn.Parameter(x.unsqueeze(1))`, `x.unsqueeze(1).to(device)`: the shape passes through.
  if (callee == "torch.nn.Parameter" || callee == "torch.nn.parameter.Parameter")
    return ts_node_named_child_count(args) >= 1 && made_with_unit_dim(m, ts_node_named_child(args, 0));
  if (method == "to" || method == "cuda" || method == "float" || method == "detach" || method == "clone" ||
      method == "contiguous")
    return made_with_unit_dim(m, field(f, "object"));
  if (method == "unsqueeze") return true;
  if (method == "view" || method == "reshape") {
    std::string_view shape = m.text(args);
    return shape == "(-1, 1)" || shape == "(1, -1)" || shape == "(-1,1)" || shape == "(1,-1)";
  }
  return false;
}

// `$X` is a 2-D tensor with a dimension of size 1 by construction, directly or through the
// local name or `self.X` attribute it was assigned to.
bool has_unit_dim(const PredicateEnv& e, TSNode x) {
  const Kinds& k = kinds();
  for (int depth = 0; depth < 4 && !ts_node_is_null(x); ++depth) {
    TSSymbol s = ts_node_symbol(x);
    if (s != k.identifier && s != k.attribute) return made_with_unit_dim(e.model, x);
    const Assignment* a = e.model.binding(e.model.text(x), ts_node_start_byte(x), e.model.function_of(x));
    if (!a || a->augmented || ts_node_is_null(a->value)) return false;
    x = a->value;
  }
  return false;
}

// A maximum of something: `x.max()`, `x.data.max(1, keepdim=True)[0]`, `x.amax(-1).values`,
// `torch.max(x)`, also through the name it was assigned to.
bool is_maximum(const SemanticModel& m, TSNode v, int depth = 0) {
  const Kinds& k = kinds();
  if (ts_node_is_null(v) || depth > 3) return false;
  TSSymbol s = ts_node_symbol(v);
  if (s == k.subscript) return is_maximum(m, field(v, "value"), depth + 1);
  if (s == k.attribute && m.text(field(v, "attribute")) == "values") return is_maximum(m, field(v, "object"), depth + 1);
  if (s == k.identifier) {
    const Assignment* a = m.binding(m.text(v), ts_node_start_byte(v), m.function_of(v));
    return a && !a->augmented && !a->element && is_maximum(m, a->value, depth + 1);
  }
  if (s != k.call) return false;
  std::string_view name = last_segment(m.text(field(v, "function")));
  return name == "max" || name == "amax";
}

// `$X` is `a - max(...)`: shifted by a maximum, so `exp($X)` cannot overflow.
bool max_shifted(const PredicateEnv& e, TSNode x) {
  const Kinds& k = kinds();
  while (ts_node_symbol(x) == k.parenthesized_expression && ts_node_named_child_count(x) == 1)
    x = ts_node_named_child(x, 0);
  if (ts_node_symbol(x) != k.binary_operator) return false;
  TSNode op = field(x, "operator");
  return !ts_node_is_null(op) && e.model.text(op) == "-" && is_maximum(e.model, field(x, "right"));
}

}  // namespace

const std::vector<NamedPredicate>& shape_predicates() {
  static const std::vector<NamedPredicate> table = {
      {"has-unit-dim", has_unit_dim,
       "a 2-D tensor with a dimension of size 1 by construction (`unsqueeze`, `[:, None]`, `.view(-1, 1)`), also through a local name or a `self.X` attribute"},
      {"max-shifted", max_shifted,
       "`a - m` where `m` is a maximum (`x.max()`, `x.amax(1, keepdim=True)`, `torch.max(x, 1)[0]`, also through a name): `exp` of it cannot overflow"},
  };
  return table;
}

}  // namespace torchlint::py
