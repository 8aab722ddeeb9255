// Where a value comes from: does it carry autograd history, is it a (device) tensor, is it
// a loss or a model output. Deliberately conservative: unknown means "no", so predicates
// built on it stay precise.
#include <array>
#include <cctype>

#include "python/kinds.h"
#include "python/names.h"
#include "python/semantic_model.h"
#include "python/torch_api.h"

namespace torchlint::py {

namespace {
constexpr int kMaxDepth = 24;

template <size_t N>
bool in(const std::array<std::string_view, N>& set, std::string_view s) {
  for (std::string_view x : set)
    if (x == s) return true;
  return false;
}

// Builtins that turn a tensor into a Python value.
constexpr std::array<std::string_view, 7> kToPythonBuiltins = {"float", "int", "bool", "str", "len", "repr", "round"};


Provenance merge(Provenance a, Provenance b) {
  return {a.tensor || b.tensor, a.grad || b.grad, a.loss || b.loss, a.model_output || b.model_output,
          a.host_batch || b.host_batch};
}

// A function of PyTorch that returns tensors: torch.cat, torch.nn.functional.relu, torch.linalg.norm.
bool is_tensor_function(std::string_view c) { return TorchApi::get().returns_tensor(c); }

// The clause of an enclosing comprehension that binds identifier `name` (`v` of
// `{k: v * w for k, v in d.items()}`): its iterable, and the name's position in a tuple target
// (-1: the whole element). Null iterable: no comprehension binds it.
struct ComprehensionBinding {
  TSNode iterable{};
  int position = -1;
};
ComprehensionBinding comprehension_binding(const SemanticModel& m, TSNode name) {
  const Kinds& k = kinds();
  for (TSNode up = m.parent(name); !ts_node_is_null(up); up = m.parent(up)) {
    TSSymbol s = ts_node_symbol(up);
    if (s == k.block || s == k.module || is_scope_boundary(s)) break;
    if (s != k.list_comprehension && s != k.generator_expression && !is_kind(up, "set_comprehension") &&
        !is_kind(up, "dictionary_comprehension"))
      continue;
    ComprehensionBinding found;
    for_each_named_child(up, [&](TSNode clause) {
      if (!ts_node_is_null(found.iterable) || !is_kind(clause, "for_in_clause")) return;
      TSNode left = field(clause, "left"), right = field(clause, "right");
      if (ts_node_is_null(right) || contains_node(right, name)) return;
      if (ts_node_symbol(left) == k.identifier && m.text(left) == m.text(name)) found = {right, -1};
      int i = 0;
      if (ts_node_symbol(left) == k.pattern_list || ts_node_symbol(left) == k.tuple_pattern)
        for_each_named_child(left, [&](TSNode t) {
          if (ts_node_symbol(t) == k.identifier && m.text(t) == m.text(name)) found = {right, i};
          ++i;
        });
    });
    if (!ts_node_is_null(found.iterable)) return found;
  }
  return {};
}

// `x.to("cpu")`, `x.to(device="cpu")`, `x.to(torch.device("cpu"))`: the result lives on the host.
bool moves_to_cpu(const SemanticModel& m, TSNode call) {
  const Kinds& k = kinds();
  TSNode target{};
  for_each_named_child(field(call, "arguments"), [&](TSNode a) {
    if (!ts_node_is_null(target)) return;
    if (ts_node_symbol(a) == k.keyword_argument) {
      if (m.text(field(a, "name")) == "device") target = field(a, "value");
    } else if (!is_kind(a, "comment")) {
      target = a;
    }
  });
  if (!ts_node_is_null(target) && ts_node_symbol(target) == k.call &&
      m.canonical(field(target, "function")) == "torch.device")
    target = ts_node_named_child(field(target, "arguments"), 0);
  if (ts_node_is_null(target) || ts_node_symbol(target) != k.string) return false;
  std::string_view t = m.text(target);
  return t == "'cpu'" || t == "\"cpu\"";
}

}  // namespace

Provenance SemanticModel::provenance_of_name(std::string_view name, uint32_t pos, int fn, int depth) const {
  if (depth > kMaxDepth) return {};
  const Assignment* last = binding(name, pos, fn);
  if (last && last->parameter && parameter_gets_device_tensor(last->fn, name)) {
    Provenance handed;  // some caller in the project hands it a device tensor
    handed.tensor = true;
    return handed;
  }
  if (!last || last->parameter || last->int_counter) return {};
  if (last->loop_target) {
    Provenance batch;
    batch.host_batch = last->from_loader;  // lives on the host until moved
    // Iterating a device tensor (rows, or the elements of a 1-d one) gives device tensors. What
    // a model or a loss returns may be a dict or a tuple of other things: its keys are no tensors.
    Provenance element = element_provenance(last->iterable, last->element_index, last->fn, depth + 1);
    return element.tensor ? element : batch;
  }
  int scope = last->fn;
  // `loss, num_targets = self._compute_loss(batch)` with `-> tuple[Tensor, int | None]`: the
  // element the function of this file declares a Python scalar is no tensor.
  if (last->element_index >= 0 && scalar_element_returned(last->value, last->element_index)) return {};
  Provenance p;
  bool by_element = last->element_index >= 0 && element_provenance_returned(last->value, last->element_index, depth + 1, &p);
  if (!by_element && !ts_node_is_null(last->value)) p = provenance_at(last->value, scope, depth + 1);
  if (last->augmented) {
    // `total += x`: what total held before (through any chain of `+=`), plus x. Positions
    // strictly decrease along the chain, so this ends.
    if (const auto* list = assignments(scope, name)) {
      const Assignment* before = nullptr;
      for (const Assignment& a : *list)
        if (a.pos < last->pos) before = &a;
      if (before) p = merge(p, provenance_of_name(name, before->pos, scope, depth + 1));
    }
  }
  if (last->in_no_grad || (function_no_grad(scope) && !last->in_enable_grad)) p.grad = false;
  return p;
}

// `loss, logs = model(batch)` with `loss` backpropagated: `logs` is what the forward hands
// back beside its loss, a dict of metrics whose entries (`logs["accuracy"]`) are as often
// Python numbers as tensors. Not known to carry a graph.
bool SemanticModel::metrics_beside_loss(TSNode dict, int fn) const {
  const Kinds& k = kinds();
  if (ts_node_symbol(dict) != k.identifier) return false;
  const Assignment* b = binding(text(dict), ts_node_start_byte(dict), fn);
  if (!b || b->element_index < 0 || ts_node_is_null(b->value)) return false;
  TSNode unpacking = parent(b->value);
  if (ts_node_symbol(unpacking) != k.assignment) return false;
  TSNode targets = field(unpacking, "left");
  bool loss_beside = false;
  for_each_named_child(targets, [&](TSNode t) {
    if (ts_node_symbol(t) == k.identifier && text(t) != text(dict) && is_backpropagated(t)) loss_beside = true;
  });
  return loss_beside;
}

// Whether `x` is a plain Python number by its own making: a literal, `.item()` / `.tolist()` /
// `.numel()`..., `float(...)` / `int(...)` / `len(...)`, arithmetic of those, or a local name
// bound to one. Unknown is "no".
bool SemanticModel::python_scalar(TSNode x, int fn, int depth) const {
  const Kinds& k = kinds();
  if (ts_node_is_null(x) || depth > kMaxDepth) return false;
  TSSymbol s = ts_node_symbol(x);
  if (s == k.integer || s == k.float_) return true;
  if (s == k.parenthesized_expression) return python_scalar(ts_node_named_child(x, 0), fn, depth + 1);
  if (s == k.binary_operator)
    return python_scalar(field(x, "left"), fn, depth + 1) && python_scalar(field(x, "right"), fn, depth + 1);
  if (s == k.call) {
    TSNode callee = field(x, "function");
    if (ts_node_symbol(callee) == k.attribute) return TorchApi::get().method_returns_python(text(field(callee, "attribute")));
    return ts_node_symbol(callee) == k.identifier && in(kToPythonBuiltins, text(callee)) && text(callee) != "str" &&
           text(callee) != "repr";
  }
  if (s != k.identifier) return false;
  const Assignment* b = binding(text(x), ts_node_start_byte(x), fn);
  return b && !b->parameter && !b->loop_target && !b->augmented && !b->element && b->fn == fn &&
         python_scalar(b->value, fn, depth + 1);
}

// Whether every return of function `fi` is a tuple whose element `index` is a Python number
// (`return loss, n_correct, n_word` with `n_word = mask.sum().item()`).
bool SemanticModel::scalar_element_of_returns(const FunctionInfo& f, int fi, int index) const {
  const Kinds& k = kinds();
  if (f.returns.empty()) return false;
  for (TSNode r : f.returns) {
    TSSymbol s = ts_node_symbol(r);
    if ((s != k.expression_list && s != k.tuple) || static_cast<int>(ts_node_named_child_count(r)) <= index) return false;
    if (!python_scalar(ts_node_named_child(r, index), fi, 0)) return false;
  }
  return true;
}

bool SemanticModel::element_provenance_returned(TSNode call, int index, int depth, Provenance* out) const {
  const Kinds& k = kinds();
  if (ts_node_is_null(call) || ts_node_symbol(call) != k.call || depth > kMaxDepth) return false;
  int fi = local_function(call_target(call));
  const FunctionInfo* f = function(fi);
  if (!f || f->returns.empty()) return false;
  Provenance p;
  for (TSNode r : f->returns) {
    TSSymbol s = ts_node_symbol(r);
    if ((s != k.expression_list && s != k.tuple) || static_cast<int>(ts_node_named_child_count(r)) <= index) return false;
    p = merge(p, provenance_at(ts_node_named_child(r, index), fi, depth + 1));
  }
  *out = p;
  return true;
}

// Whether element `index` of the tuple the same-file function called by `call` declares it
// returns (`-> tuple[Tensor, int | None]`) is a Python scalar: int, float, bool, str or None.
bool SemanticModel::scalar_element_returned(TSNode call, int index) const {
  if (ts_node_is_null(call) || ts_node_symbol(call) != kinds().call) return false;
  int fi = local_function(call_target(call));
  const FunctionInfo* f = function(fi);
  if (!f) return false;
  TSNode returns = field(f->node, "return_type");
  if (ts_node_is_null(returns)) return scalar_element_of_returns(*f, fi, index);
  std::string t;
  for (char c : text(returns))
    if (!std::isspace(static_cast<unsigned char>(c))) t += c;
  for (std::string_view prefix : {"tuple[", "Tuple[", "typing.Tuple["})
    if (t.starts_with(prefix) && t.ends_with("]")) {
      std::string_view inner = std::string_view(t).substr(prefix.size(), t.size() - prefix.size() - 1);
      // The top-level elements, split at commas outside brackets.
      std::vector<std::string_view> parts;
      int nesting = 0;
      size_t start = 0;
      for (size_t i = 0; i < inner.size(); ++i) {
        if (inner[i] == '[') ++nesting;
        else if (inner[i] == ']') --nesting;
        else if (inner[i] == ',' && nesting == 0) {
          parts.push_back(inner.substr(start, i - start));
          start = i + 1;
        }
      }
      parts.push_back(inner.substr(start));
      if (index >= static_cast<int>(parts.size())) return false;
      std::string_view element = parts[index];
      if (element.starts_with("Optional[") && element.ends_with("]")) element = element.substr(9, element.size() - 10);
      constexpr std::array<std::string_view, 5> kScalars = {"int", "float", "bool", "str", "None"};
      for (std::string_view alternative : split(element, '|'))
        if (!in(kScalars, alternative)) return false;
      return true;
    }
  return false;
}

namespace {
// A method whose result holds what its receiver held: a tensor method (by PyTorch's API), or an
// accessor of Python's containers (`d.get("loss")`, `losses.pop()`, `d.values()`).
bool keeps_receiver_history(std::string_view method) {
  constexpr std::array<std::string_view, 8> kContainerAccessors = {"get", "pop", "popitem", "values", "items", "copy", "setdefault", "__getitem__"};
  return TorchApi::get().tensor_method(method) || in(kContainerAccessors, method);
}
}  // namespace

Provenance SemanticModel::provenance_of_call(TSNode call, int fn, int depth) const {
  const Kinds& k = kinds();
  TSNode callee = field(call, "function");
  TSNode args = field(call, "arguments");
  Provenance p;
  if (ts_node_symbol(callee) == k.attribute) {
    std::string_view method = text(field(callee, "attribute"));
    TSNode receiver = field(callee, "object");
    if (TorchApi::get().method_returns_python(method)) return {};
    if (method == "generate") return {true, false, false, true};
    if (TorchApi::get().method_has(method, kApiNoGraph)) {
      // `torch.isnan(x)`, `torch.argmax(x)`: a torch function, not a method of the module.
      if (is_tensor_function(canonical(callee))) return {true, false, false, false};
      Provenance r = provenance_at(receiver, fn, depth + 1);
      return {r.tensor, false, false, false};
    }
    if (method == "to" || method == "cuda") {
      Provenance r = provenance_at(receiver, fn, depth + 1);
      if (method == "to" && moves_to_cpu(*this, call)) {  // `idx.to("cpu")`: on the host, with its history
        r.tensor = r.host_batch = false;
        return r;
      }
      r.tensor = r.tensor || r.host_batch;
      r.host_batch = false;
      return r;
    }
  }
  if (is_model_callee(callee)) return {true, true, false, true};
  std::string c = canonical(callee);
  std::string_view seg = last_segment(c.empty() ? text(callee) : std::string_view(c));
  if (is_torch_loss_function(c) || value_is_loss_module(callee, fn)) return {true, true, true, false};
  // A project function: what its summary says it returns.
  // Any effect of what it does (not when it runs): the project knows the function.
  uint32_t e = call_effects(call, ~kEveryStep);
  if (e & kReturnsLoss) return {true, true, true, false};
  if (e & kReturnsOutput) return {true, true, false, true};
  {
    // `reduce_dict(loss_dict)` returning its argument on some path: at least what it was handed.
    Provenance handed;
    for (TSNode a : arguments_in(IndexQuery::kReturnsArguments, call)) handed = merge(handed, provenance_at(a, fn, depth + 1));
    if (handed.tensor || (e && call_resolves(call))) return handed;
  }
  // A capitalised name is a class (PEP 8): calling it constructs an object (`DynamicLossScaler()`,
  // `LossMeter()`, a loss module), never a loss value.
  bool constructs = !seg.empty() && std::isupper(static_cast<unsigned char>(seg.front()));
  if (ts_node_symbol(callee) != k.call && !constructs && is_loss_value_name(seg, true) && !seg.starts_with("log") &&
      !canonical(callee).starts_with("torch.nn.") && !project_methods_return_no_loss(callee)) {
    note_name_evidence();
    return {true, true, true, false};  // criterion(...), loss_fn(...), compute_loss(...)
  }
  if (ts_node_symbol(callee) == k.identifier && in(kToPythonBuiltins, text(callee)) && imports_.canonical(text(callee)) == text(callee))
    return {};
  bool tensor_op = is_tensor_function(c);
  if (tensor_op && TorchApi::get().callable_has(c, kApiPassesThrough))  // `Variable(x)` is x
    return ts_node_is_null(args) || ts_node_named_child_count(args) == 0 ? Provenance{}
                                                                         : provenance_at(ts_node_named_child(args, 0), fn, depth + 1);
  if (tensor_op) {
    // A factory makes a host tensor unless told where: torch.zeros(n, device=dev); a `*_like`
    // factory makes it beside its input.
    const ApiEntry* api = TorchApi::get().callable(c);
    if (api->has(kApiOnHost)) return {};
    if (api->has(kApiFactory) || api->has(kApiLike)) {
      bool placed = false;
      if (!ts_node_is_null(args))
        for_each_named_child(args, [&](TSNode a) {
          placed = placed || (ts_node_symbol(a) == k.keyword_argument && text(field(a, "name")) == "device");
        });
      if (!placed && api->has(kApiLike) && !ts_node_is_null(args) && ts_node_named_child_count(args) > 0)
        placed = provenance_at(ts_node_named_child(args, 0), fn, depth + 1).tensor;
      return {placed, false, false, false};
    }
    p.tensor = true;
  }
  // Tensor methods and torch functions keep their inputs' history; so do the accessors of a
  // dict or list holding tensors. Any other method (`meter.get_loss()` of a project object
  // whose `backward()` was called) returns a value of its own, known only through its summary.
  if (ts_node_symbol(callee) == k.attribute && keeps_receiver_history(text(field(callee, "attribute"))))
    p = merge(p, provenance_at(field(callee, "object"), fn, depth + 1));
  bool builtin_reduce = ts_node_symbol(callee) == k.identifier && (text(callee) == "sum" || text(callee) == "max" || text(callee) == "min");
  if ((tensor_op || builtin_reduce) && !ts_node_is_null(args)) {
    for_each_named_child(args, [&](TSNode a) {
      if (ts_node_symbol(a) != k.keyword_argument) p = merge(p, provenance_at(a, fn, depth + 1));
    });
  }
  return p;
}

// One element of what `iterable` yields (`position` in a tuple element, -1: all of it): the
// values of `d.items()` / `d.values()` hold what the dict was built from, its keys are no
// tensors; `zip` and `enumerate` hand on their arguments' elements; iterating a device tensor
// gives device tensors, and what a model or a loss returns may hold other things.
Provenance SemanticModel::element_provenance(TSNode iterable, int position, int fn, int depth) const {
  const Kinds& k = kinds();
  if (ts_node_is_null(iterable) || depth > kMaxDepth) return {};
  if (ts_node_symbol(iterable) == k.call) {
    TSNode f = field(iterable, "function"), args = field(iterable, "arguments");
    if (ts_node_symbol(f) == k.attribute) {
      std::string_view method = text(field(f, "attribute"));
      if (method == "keys" || (method == "items" && position == 0)) return {};
      if (method == "values" || (method == "items" && position == 1)) return provenance_at(field(f, "object"), fn, depth + 1);
    } else if (ts_node_symbol(f) == k.identifier && !names_import(f) && ts_node_symbol(args) == k.argument_list) {
      if (text(f) == "zip" && position >= 0)
        return element_provenance(ts_node_named_child(args, static_cast<uint32_t>(position)), -1, fn, depth + 1);
      if (text(f) == "enumerate") return position == 1 ? element_provenance(ts_node_named_child(args, 0), -1, fn, depth + 1) : Provenance{};
    }
  }
  Provenance source = provenance_at(iterable, fn, depth + 1);
  if (source.tensor && !source.loss && !source.model_output) return {true, source.grad, false, false, false};
  return {};
}

Provenance SemanticModel::provenance_at(TSNode expr, int fn, int depth) const {
  if (ts_node_is_null(expr) || depth > kMaxDepth) return {};
  const Kinds& k = kinds();
  TSSymbol s = ts_node_symbol(expr);
  if (s == k.identifier) {
    if (ComprehensionBinding b = comprehension_binding(*this, expr); !ts_node_is_null(b.iterable))
      return element_provenance(b.iterable, b.position, fn, depth + 1);
    return provenance_of_name(text(expr), ts_node_start_byte(expr), fn, depth);
  }
  // A generator or a dict comprehension holds what its elements are (`sum(l for l in losses)`,
  // `{k: v * w for k, v in losses.items()}` read through `.values()`). A list is no tensor
  // (`torch.tensor([...])` builds one from it): what it holds is read where it is iterated.
  if (s == k.generator_expression) return provenance_at(field(expr, "body"), fn, depth + 1);
  if (is_kind(expr, "dictionary_comprehension")) return provenance_at(field(field(expr, "body"), "value"), fn, depth + 1);
  if (s == k.attribute) {
    std::string_view attr = text(field(expr, "attribute"));
    // `p.data`, `p.grad`: a tensor's, whatever `p` is known to be. `self.data` is an attribute
    // of the object (a Dataset's rows, a DataFrame), not a tensor's data.
    if ((attr == "data" || attr == "grad") && text(field(expr, "object")) != "self") return {true, false, false, false};
    if (TorchApi::get().reads_metadata(attr, false)) return {};
    // self.x / obj.x bound by assignment in this scope, else the object's provenance.
    if (assignments(fn, text(expr)) || assignments(-1, text(expr)))
      return provenance_of_name(text(expr), ts_node_start_byte(expr), fn, depth);
    Provenance p = provenance_at(field(expr, "object"), fn, depth + 1);
    if (p.tensor && !p.loss && is_loss_value_name(attr)) {  // outputs.loss
      note_name_evidence();
      p.loss = true;
    }
    return p;
  }
  if (s == k.subscript) {
    TSNode key = field(expr, "subscript");
    if (!ts_node_is_null(key) && ts_node_symbol(key) == k.string && metrics_beside_loss(field(expr, "value"), fn))
      return {};
    Provenance p = provenance_at(field(expr, "value"), fn, depth + 1);
    if (p.tensor && !p.loss && !ts_node_is_null(key) && ts_node_symbol(key) == k.string && is_loss_value_name(text(key))) {
      note_name_evidence();  // output["loss"]
      p.loss = true;
    }
    return p;
  }
  if (s == k.call) return provenance_of_call(expr, fn, depth);
  // `*t` in a call or a tuple: the elements of `t` (rows of a tensor are tensors).
  if (is_kind(expr, "list_splat")) return element_provenance(ts_node_named_child(expr, 0), -1, fn, depth + 1);
  if (s == k.parenthesized_expression || s == k.unary_operator) return provenance_at(ts_node_named_child(expr, 0), fn, depth + 1);
  if (s == k.binary_operator)
    return merge(provenance_at(field(expr, "left"), fn, depth + 1), provenance_at(field(expr, "right"), fn, depth + 1));
  if (s == k.conditional_expression)
    return merge(provenance_at(ts_node_named_child(expr, 0), fn, depth + 1),
                 provenance_at(ts_node_named_child(expr, 2), fn, depth + 1));
  if (s == k.comparison_operator) {
    Provenance p;
    // `x is None`, `k in batch`: identity and membership are Python booleans.
    bool python_test = false;
    for_each_child(expr, [&](TSNode ch) {
      std::string_view op = text(ch);
      if (!ts_node_is_named(ch) && (op == "is" || op == "in" || op == "not" || op == "is not" || op == "not in"))
        python_test = true;
    });
    if (python_test) return p;
    for_each_named_child(expr, [&](TSNode c) { p.tensor = p.tensor || provenance_at(c, fn, depth + 1).tensor; });
    return p;
  }
  return {};
}

}  // namespace torchlint::py
