// What a tensor's construction says about its shape, layout and range: enough to know that
// transposing it keeps it viewable, that a transpose still shapes its layout, that it holds
// softmax probabilities, or that exponentiating it cannot overflow.
#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

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
bool has_unit_dim_value(const SemanticModel& m, TSNode x) {
  const Kinds& k = kinds();
  for (int depth = 0; depth < 4 && !ts_node_is_null(x); ++depth) {
    TSSymbol s = ts_node_symbol(x);
    if (s != k.identifier && s != k.attribute) return made_with_unit_dim(m, x);
    const Assignment* a = m.binding(m.text(x), ts_node_start_byte(x), m.function_of(x));
    if (!a || a->augmented || ts_node_is_null(a->value)) return false;
    x = a->value;
  }
  return false;
}

bool has_unit_dim(const PredicateEnv& e, TSNode x) { return has_unit_dim_value(e.model, x); }

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

// Methods whose result keeps its input's memory layout (elementwise, `preserve_format`):
// a transposed input gives a transposed result.
constexpr std::array<std::string_view, 22> kLayoutKeepingMethods = {
    "eq", "ne", "lt", "le", "gt", "ge", "float", "double", "half", "bfloat16", "bool", "int", "long", "byte",
    "abs", "neg", "sigmoid", "exp", "detach", "clone", "to", "cpu"};

// Whether the local name `use` holds a value for which `holds(value)` is true, by the plain
// assignment in effect there (not `+=`, an unpacked element, a parameter or a loop target).
// When that assignment sits in a branch the use is not in (`if probs is None: probs =
// F.softmax(...)`), the value bound before the branch may reach the use instead: it must hold
// too, if there is one.
template <class Holds>
bool bound_value_holds(const SemanticModel& m, TSNode use, Holds&& holds) {
  const Kinds& k = kinds();
  auto plain_holds = [&](const Assignment* a) {
    return a && !a->augmented && !a->element && !a->parameter && !a->loop_target && holds(a->value);
  };
  const Assignment* a = m.binding(m.text(use), ts_node_start_byte(use), m.function_of(use));
  if (!plain_holds(a)) return false;
  for (TSNode p : m.ancestors(a->value)) {
    TSSymbol ps = ts_node_symbol(p);
    if (ps == k.function_definition || ps == k.module) break;
    bool branch = ps == k.if_statement || ps == k.for_statement || ps == k.while_statement || is_kind(p, "try_statement");
    if (!branch || contains_node(p, use)) continue;
    const Assignment* before = m.binding(m.text(use), ts_node_start_byte(p), m.function_of(use));
    if (before && !plain_holds(before)) return false;
  }
  return true;
}

// The value's memory layout comes from a transpose (`.t()` of a 2-D tensor without a unit
// dimension, `.transpose(a, b)`, `.permute(...)` not the identity, `.T`, `.mT`, `swapaxes`)
// and nothing since made it contiguous: layout-keeping methods, slices (`x[:k]`) and names
// pass it on (`pred = pred.t(); correct = pred.eq(t); correct[:k]`; names by
// bound_value_holds). A second transpose may undo the first: it ends the question.
bool transposed_layout(const SemanticModel& m, TSNode v, int depth) {
  const Kinds& k = kinds();
  if (ts_node_is_null(v) || depth > 6) return false;
  TSSymbol s = ts_node_symbol(v);
  if (s == k.parenthesized_expression && ts_node_named_child_count(v) == 1)
    return transposed_layout(m, ts_node_named_child(v, 0), depth + 1);
  if (s == k.identifier)
    return bound_value_holds(m, v, [&](TSNode value) { return transposed_layout(m, value, depth + 1); });
  if (s == k.subscript) {  // a slice keeps the layout; an integer index drops a dimension
    TSNode index = field(v, "subscript");
    return !ts_node_is_null(index) && is_kind(index, "slice") && transposed_layout(m, field(v, "value"), depth + 1);
  }
  // A transpose of `object`, unless a unit dimension keeps `.t()` viewable or `object` is
  // itself transposed (the second may undo the first).
  auto transposes = [&](TSNode object, std::string_view how) {
    if ((how == "t" || how == "T") && has_unit_dim_value(m, object)) return false;
    return !transposed_layout(m, object, depth + 1);
  };
  if (s == k.attribute) {
    std::string_view a = m.text(field(v, "attribute"));
    return (a == "T" || a == "mT") && transposes(field(v, "object"), a);
  }
  if (s != k.call) return false;
  TSNode f = field(v, "function"), args = field(v, "arguments");
  if (ts_node_symbol(f) != k.attribute) return false;
  TSNode object = field(f, "object");
  std::string_view method = m.text(field(f, "attribute"));
  if (std::find(kLayoutKeepingMethods.begin(), kLayoutKeepingMethods.end(), method) != kLayoutKeepingMethods.end())
    return transposed_layout(m, object, depth + 1);
  if (method == "t") return transposes(object, method);
  if (method == "transpose" || method == "swapaxes" || method == "swapdims") {
    if (ts_node_named_child_count(args) != 2) return false;
    return m.text(ts_node_named_child(args, 0)) != m.text(ts_node_named_child(args, 1)) && transposes(object, method);
  }
  if (method == "permute") {  // literal dimensions only, not in order
    std::vector<std::string_view> dims;
    bool literal = true;
    for_each_named_child(args, [&](TSNode a) {
      if (ts_node_symbol(a) == k.integer) dims.push_back(m.text(a));
      else literal = false;
    });
    if (!literal || dims.empty()) return false;
    for (size_t i = 0; i < dims.size(); ++i)
      if (dims[i] != std::to_string(i)) return transposes(object, method);
    return false;
  }
  return false;
}

bool transposed_layout_value(const PredicateEnv& e, TSNode x) { return transposed_layout(e.model, x, 0); }

}  // namespace

// Softmax probabilities: `F.softmax(x)`, `torch.softmax(x)`, `torch.special.softmax(x)`,
// `nn.Softmax(dim)(x)`, the tensor method `x.softmax(dim)` (not `self.softmax(x)`: a module
// attribute may be a LogSoftmax), also through a local name (bound_value_holds); with
// `through_models`, the output of a model whose forward returns probabilities.
bool SemanticModel::softmax_output(TSNode v, int depth, bool through_models) const {
  const Kinds& k = kinds();
  if (ts_node_is_null(v) || depth > 4) return false;
  TSSymbol s = ts_node_symbol(v);
  if (s == k.parenthesized_expression && ts_node_named_child_count(v) == 1)
    return softmax_output(ts_node_named_child(v, 0), depth + 1, through_models);
  if (s == k.identifier)
    return bound_value_holds(*this, v, [&](TSNode value) { return softmax_output(value, depth + 1, through_models); });
  if (s != k.call) return false;
  TSNode f = field(v, "function");
  if (ts_node_symbol(f) == k.call)  // `nn.Softmax(dim=1)(x)`
    return canonical(field(f, "function")) == "torch.nn.Softmax";
  std::string c = canonical(f);
  if (c == "torch.nn.functional.softmax" || c == "torch.softmax" || c == "torch.special.softmax") return true;
  if (ts_node_symbol(f) == k.attribute && text(field(f, "attribute")) == "softmax") {
    TSNode object = field(f, "object");
    bool module_attribute = text(object) == "self" ||
                            (ts_node_symbol(object) == k.attribute && text(field(object, "object")) == "self");
    return !module_attribute && !names_import(object);
  }
  // A local `nn.Sequential(...)` whose last layer is `nn.Softmax(...)`: its output is
  // probabilities (`probe = nn.Sequential(nn.LazyLinear(c), nn.Softmax(-1))`).
  if (ts_node_symbol(f) == k.identifier) {
    const Assignment* b = binding(text(f), ts_node_start_byte(f), function_of(f));
    if (b && !b->augmented && !b->element && !b->parameter && !ts_node_is_null(b->value)) {
      TSNode built = b->value;
      // `Sequential(...).to(device)`: the module itself.
      while (ts_node_symbol(built) == k.call && ts_node_symbol(field(built, "function")) == k.attribute &&
             text(field(field(built, "function"), "attribute")) == "to")
        built = field(field(built, "function"), "object");
      if (ts_node_symbol(built) == k.call && canonical(field(built, "function")) == "torch.nn.Sequential") {
        TSNode args = field(built, "arguments");
        uint32_t n = ts_node_is_null(args) ? 0 : ts_node_named_child_count(args);
        TSNode last = n ? ts_node_named_child(args, n - 1) : TSNode{};
        if (!ts_node_is_null(last) && ts_node_symbol(last) == k.call &&
            canonical(field(last, "function")) == "torch.nn.Softmax")
          return true;
      }
    }
  }
  if (!through_models) return false;
  const ClassSummary* cls = instance_class(f);
  return cls && cls->is_module && target_effects(cls->qualname + ".__call__", kReturnsProbabilities);
}

namespace {

bool softmax_value(const PredicateEnv& e, TSNode x) { return e.model.softmax_output(x, 0, true); }

// A `torch.nn.CrossEntropyLoss` instance: the callee is a name or `self.` attribute bound to one.
bool cross_entropy_module(const PredicateEnv& e, TSNode callee) {
  const SemanticModel& m = e.model;
  const Kinds& k = kinds();
  TSSymbol s = ts_node_symbol(callee);
  if (s != k.identifier && !(s == k.attribute && m.text(callee).starts_with("self."))) return false;
  const Assignment* a = m.binding(m.text(callee), ts_node_start_byte(callee), m.function_of(callee));
  if (!a || a->augmented || a->element || ts_node_is_null(a->value) || ts_node_symbol(a->value) != k.call) return false;
  std::string c = m.canonical(field(a->value, "function"));
  return c == "torch.nn.CrossEntropyLoss" || c == "torch.nn.modules.loss.CrossEntropyLoss";
}

}  // namespace

const std::vector<NamedPredicate>& shape_predicates() {
  static const std::vector<NamedPredicate> table = {
      {"has-unit-dim", has_unit_dim,
       "a 2-D tensor with a dimension of size 1 by construction (`unsqueeze`, `[:, None]`, `.view(-1, 1)`), also through a local name or a `self.X` attribute"},
      {"transposed-layout", transposed_layout_value,
       "the value's memory layout comes from a transpose (`.t()` without a unit dimension, `.transpose(a, b)`, a `permute` out of order, `.T`, `.mT`) through layout-keeping methods (`eq`, `float`, `detach`, `to`...), slices and local names, with nothing making it contiguous since"},
      {"softmax-value", softmax_value,
       "softmax probabilities: `F.softmax`, `torch.softmax`, `nn.Softmax(...)(x)`, `x.softmax(dim)` (not `self.softmax(x)`), the output of a local `nn.Sequential` ending in `nn.Softmax` or of a model whose forward returns them, also through a local name by the binding in effect at the use, unless that binding is in a branch the use is not in and an earlier value may reach it"},
      {"cross-entropy-module", cross_entropy_module,
       "the callee is a name or `self.` attribute bound to `torch.nn.CrossEntropyLoss(...)` (the binding in effect at the call)"},
      {"max-shifted", max_shifted,
       "`a - m` where `m` is a maximum (`x.max()`, `x.amax(1, keepdim=True)`, `torch.max(x, 1)[0]`, also through a name): `exp` of it cannot overflow"},
  };
  return table;
}

}  // namespace torchlint::py
