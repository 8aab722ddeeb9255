// torch.compile: which code Dynamo traces, and what in it Dynamo cannot put in a graph.
//
// A function is compiled when torch.compile sees it directly (`@torch.compile`, passed to
// `torch.compile(fn)`, the forward of a module instance handed to `torch.compile(model)` or
// `model.compile()`), or when compiled code calls it (Dynamo inlines the callee), in any file
// of the project. The file tells the index what it compiles (FileSummary::compiled, decorator
// effect bits, calls made only when not compiling); the index joins it (propagate_compiled)
// and hands each function its kCompiled bit back. `@torch.compiler.disable` functions and
// opaque ones (`allow_in_graph`, custom ops) are not traced and stop the propagation.
#include <algorithm>
#include <array>

#include "python/kinds.h"
#include "python/names.h"
#include "python/predicates.h"
#include "python/project_index.h"
#include "python/torch_api.h"

namespace torchlint::py {

namespace {

constexpr int kMaxBaseDepthForOverrides = 8;

template <size_t N>
bool in(const std::array<std::string_view, N>& set, std::string_view s) {
  return std::find(set.begin(), set.end(), s) != set.end();
}

bool is_compile_api(std::string_view c) {
  return c == "torch.compile" || c == "torch.compiler.compile" || c == "torch._dynamo.optimize";
}
// Run the function eagerly, splitting the graph where compiled code calls it.
bool is_disable_api(std::string_view c) {
  return c == "torch.compiler.disable" || c == "torch._dynamo.disable" || c == "torch._dynamo.decorators.disable" ||
         c == "torch._dynamo.eval_frame.disable" || c == "torch._disable_dynamo";
}
// Dynamo puts the call in the graph without tracing the body (or a fake kernel runs it).
bool is_opaque_api(std::string_view c) {
  return c == "torch.compiler.allow_in_graph" || c == "torch._dynamo.allow_in_graph" ||
         c == "torch.compiler.assume_constant_result" || c == "torch._dynamo.assume_constant_result" ||
         c == "torch.fx.wrap" || c.starts_with("torch.library.");
}
// `torch.compiler.is_compiling()` and its older spellings, or a helper named like one
// (`_is_compiling()`, transformers' `is_torchdynamo_compiling()`): True while Dynamo traces.
bool is_compiling_api(std::string_view c) {
  std::string_view name = last_segment(c);
  while (name.starts_with("_")) name.remove_prefix(1);
  return name.starts_with("is_") && name.ends_with("compiling") && !c.starts_with("torch.jit.");
}
// TorchScript's flags: False under Dynamo.
bool is_scripting_api(std::string_view c) { return c == "torch.jit.is_scripting" || c == "torch.jit.is_tracing"; }
bool is_capitalized(std::string_view s) { return !s.empty() && std::isupper(static_cast<unsigned char>(s[0])); }

// `torch.compile(fn, disable=True)`: compiles nothing.
bool disabled_by_argument(const SemanticModel& m, TSNode call) {
  TSNode args = field(call, "arguments");
  bool off = false;
  if (!ts_node_is_null(args))
    for_each_named_child(args, [&](TSNode a) {
      if (ts_node_symbol(a) == kinds().keyword_argument && m.text(field(a, "name")) == "disable" &&
          ts_node_symbol(field(a, "value")) == kinds().true_)
        off = true;
    });
  return off;
}

// The first positional argument (or `name=`), or null.
TSNode first_argument(const SemanticModel& m, TSNode call, std::string_view name) {
  TSNode args = field(call, "arguments");
  if (ts_node_is_null(args)) return {};
  TSNode out{};
  for_each_named_child(args, [&](TSNode a) {
    if (!ts_node_is_null(out)) return;
    if (ts_node_symbol(a) == kinds().keyword_argument) {
      if (m.text(field(a, "name")) == name) out = field(a, "value");
    } else if (!is_kind(a, "list_splat") && !is_kind(a, "dictionary_splat")) {
      out = a;
    }
  });
  return out;
}

// The value of `cond` while Dynamo traces: 1 true, 0 false, -1 unknown. Dynamo treats
// `torch.compiler.is_compiling()` as True.
int when_compiling(const SemanticModel& m, TSNode cond, int fn, int depth = 0) {
  const Kinds& k = kinds();
  if (ts_node_is_null(cond) || depth > 8) return -1;
  TSSymbol s = ts_node_symbol(cond);
  if (s == k.parenthesized_expression) return when_compiling(m, ts_node_named_child(cond, 0), fn, depth + 1);
  if (s == k.not_operator) {
    int v = when_compiling(m, field(cond, "argument"), fn, depth + 1);
    return v < 0 ? -1 : 1 - v;
  }
  if (s == k.boolean_operator) {
    int l = when_compiling(m, field(cond, "left"), fn, depth + 1), r = when_compiling(m, field(cond, "right"), fn, depth + 1);
    bool is_and = m.text(field(cond, "operator")) == "and";
    if (is_and) return (l == 0 || r == 0) ? 0 : (l == 1 && r == 1 ? 1 : -1);
    return (l == 1 || r == 1) ? 1 : (l == 0 && r == 0 ? 0 : -1);
  }
  if (s == k.call) {
    std::string c = m.canonical(field(cond, "function"));
    return is_compiling_api(c) ? 1 : is_scripting_api(c) ? 0 : -1;
  }
  if (s == k.identifier && fn >= 0) {  // `compiling = torch.compiler.is_compiling()`
    const auto* list = m.assignments(fn, m.text(cond));
    if (list && list->size() == 1 && !ts_node_is_null(list->front().value) && !list->front().parameter)
      return when_compiling(m, list->front().value, fn, depth + 1);
  }
  return -1;
}

// The last statement of a block leaves it: `return`, `raise`.
bool block_exits(TSNode block) {
  uint32_t n = ts_node_named_child_count(block);
  if (n == 0) return false;
  TSNode last = ts_node_named_child(block, n - 1);
  return is_kind(last, "return_statement") || is_kind(last, "raise_statement");
}

// A call that makes or returns a logger: `logging.getLogger(__name__)`, `get_logger(...)` of
// a logging module (transformers, accelerate, diffusers).
bool makes_logger(const SemanticModel& m, TSNode value) {
  if (ts_node_is_null(value) || ts_node_symbol(value) != kinds().call) return false;
  std::string c = m.canonical(field(value, "function"));
  std::string_view last = last_segment(c);
  return (last == "getLogger" || last == "get_logger") && c.find("logging") != std::string::npos;
}

}  // namespace

// ---- what the file tells the index ----

uint32_t SemanticModel::compile_decorator_effects(int fn) const {
  const Kinds& k = kinds();
  // Tests compile code to check that it compiles: not how the project runs it.
  if (options_.is_test_file) return 0;
  TSNode def = functions_[fn].node;
  TSNode parent = this->parent(def);
  if (ts_node_is_null(parent) || ts_node_symbol(parent) != k.decorated_definition) return 0;
  uint32_t e = 0;
  for_each_named_child(parent, [&](TSNode d) {
    if (ts_node_symbol(d) != k.decorator) return;
    TSNode expr = ts_node_named_child(d, 0);
    bool call = ts_node_symbol(expr) == k.call;
    TSNode callee = call ? field(expr, "function") : expr;
    std::string c = canonical(callee);
    if (is_compile_api(c)) {
      if (!call || !disabled_by_argument(*this, expr)) e |= kCompileRoot;
    } else if (is_disable_api(c)) {
      e |= kCompileDisabled;
    } else if (is_opaque_api(c)) {
      e |= kCompileOpaque;
    } else if (call && (c == "functools.partial" || c == "partial")) {  // @partial(torch.compile, fullgraph=True)
      TSNode first = first_argument(*this, expr, "func");
      if (!ts_node_is_null(first) && is_compile_api(canonical(first)) && !disabled_by_argument(*this, expr))
        e |= kCompileRoot;
    } else if (ts_node_symbol(callee) == k.attribute) {
      // `@my_op.register_fake`: a fake kernel of a custom op, run by FakeTensor, not by Dynamo.
      std::string_view method = text(field(callee, "attribute"));
      if (method == "register_fake" || method == "register_autograd" || method == "register_kernel" ||
          method == "impl_abstract")
        e |= kCompileOpaque;
    }
  });
  return e;
}

bool SemanticModel::eager_only(TSNode n) const {
  if (mentions_is_compiling_ < 0)
    mentions_is_compiling_ = src_.find("compiling") != std::string_view::npos;
  if (!mentions_is_compiling_) return false;
  const Kinds& k = kinds();
  int fn = function_of(n);
  TSNode child = n;
  for (TSNode p : ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (s == k.function_definition || s == k.class_definition) return false;
    if (s == k.if_statement || s == k.elif_clause) {
      if (same_node(child, field(p, "consequence")) && when_compiling(*this, field(p, "condition"), fn) == 0) return true;
      if (s == k.if_statement && !same_node(child, field(p, "consequence")) && !same_node(child, field(p, "condition"))) {
        // In an elif/else: every earlier condition was false.
        bool eager = when_compiling(*this, field(p, "condition"), fn) == 1;
        for_each_named_child(p, [&](TSNode alt) {
          if (eager || ts_node_start_byte(alt) >= ts_node_start_byte(child)) return;
          if (ts_node_symbol(alt) == k.elif_clause && when_compiling(*this, field(alt, "condition"), fn) == 1) eager = true;
        });
        if (eager) return true;
      }
    } else if (s == k.conditional_expression && ts_node_named_child_count(p) == 3) {
      int v = when_compiling(*this, ts_node_named_child(p, 1), fn);
      if ((same_node(child, ts_node_named_child(p, 0)) && v == 0) || (same_node(child, ts_node_named_child(p, 2)) && v == 1))
        return true;
    } else if (s == k.boolean_operator && same_node(child, field(p, "right"))) {
      // `not is_compiling() and f(x)`: the right side runs only when the left allows it.
      int v = when_compiling(*this, field(p, "left"), fn);
      bool is_and = text(field(p, "operator")) == "and";
      if ((is_and && v == 0) || (!is_and && v == 1)) return true;
    } else if (s == k.block) {
      // After `if torch.compiler.is_compiling(): return fast(x)`, only eager code goes on.
      bool eager = false;
      for_each_named_child(p, [&](TSNode stmt) {
        if (eager || ts_node_end_byte(stmt) > ts_node_start_byte(child)) return;
        if (ts_node_symbol(stmt) == k.if_statement && ts_node_is_null(field(stmt, "alternative")) &&
            block_exits(field(stmt, "consequence")) && when_compiling(*this, field(stmt, "condition"), fn) == 1)
          eager = true;
      });
      if (eager) return true;
    }
    child = p;
  }
  return false;
}

bool SemanticModel::constant_call(TSNode call) const {
  const Kinds& k = kinds();
  if (ts_node_symbol(call) != k.call) return false;
  TSNode callee = field(call, "function"), root = callee;
  while (ts_node_symbol(root) == k.attribute) root = field(root, "object");
  if (ts_node_symbol(root) != k.identifier) return false;
  if (!same_node(root, callee) && !names_import(root)) return false;  // `obj.method(...)`: obj may hold tensors
  TSNode args = field(call, "arguments");
  bool literal = true;
  if (!ts_node_is_null(args))
    for_each_named_child(args, [&](TSNode a) {
      if (ts_node_symbol(a) == k.keyword_argument) a = field(a, "value");
      TSSymbol s = ts_node_symbol(a);
      literal = literal && (s == k.string || s == k.integer || s == k.float_ || s == k.true_ || s == k.false_ ||
                            s == k.none || is_kind(a, "concatenated_string"));
    });
  return literal;
}

std::vector<std::string> SemanticModel::compiled_targets() const {
  const Kinds& k = kinds();
  std::vector<std::string> out;
  if (options_.is_test_file) return out;  // see compile_decorator_effects
  if (src_.find("compile") == std::string_view::npos && src_.find("optimize") == std::string_view::npos) return out;
  auto add = [&](std::string t) {
    if (!t.empty() && !t.starts_with("*.") && std::find(out.begin(), out.end(), t) == out.end()) out.push_back(std::move(t));
  };
  // A class by its constructor or a factory classmethod: `GPT(cfg)`, `GPT.from_pretrained(p)`.
  auto class_of_call = [&](TSNode call, int fn) -> std::string {
    TSNode callee = field(call, "function");
    std::string t = target_of(callee, fn);
    if (!t.empty() && !t.starts_with("*.") && is_capitalized(last_segment(t))) return t;
    if (ts_node_symbol(callee) == k.attribute) {
      std::string owner = target_of(field(callee, "object"), fn);
      if (!owner.empty() && !owner.starts_with("*.") && is_capitalized(last_segment(owner))) return owner;
    }
    return {};
  };
  // What calling `x` runs: `Class.__call__` for an instance (its forward for a module), the
  // function itself for a function. Every binding that reaches the use counts (a model built
  // in either branch of an `if`).
  auto resolve = [&](auto&& self, TSNode x, int fn, uint32_t pos, int depth, std::vector<std::string>& dst) -> void {
    if (ts_node_is_null(x) || depth > 6) return;
    TSSymbol s = ts_node_symbol(x);
    if (s == k.call) {
      if (TSNode inner = unwrap_module_call(x); !ts_node_is_null(inner))
        return self(self, inner, fn, ts_node_start_byte(inner), depth + 1, dst);
      if (std::string c = class_of_call(x, fn); !c.empty()) dst.push_back(c + ".__call__");
      return;
    }
    if (s != k.identifier && s != k.attribute) return;
    std::string_view name = text(x);
    bool found = false;
    // `any_pos`: a module-level name read in a function may be bound after the def.
    auto follow = [&](const Assignment& a, bool any_pos) {
      if ((a.pos > pos && !a.parameter && !any_pos) || (!ts_node_is_null(a.value) && contains_node(a.value, x))) return;
      found = true;
      if (a.parameter) {
        if (ts_node_is_null(a.annotation)) return;
        std::string t = target_of(a.annotation, a.fn);
        if (!t.empty() && !t.starts_with("*.") && is_capitalized(last_segment(t))) dst.push_back(t + ".__call__");
        return;
      }
      if (!a.loop_target && !ts_node_is_null(a.value)) self(self, a.value, a.fn, ts_node_start_byte(a.value), depth + 1, dst);
    };
    for (int scope = fn; scope >= 0 && !found; scope = functions_[scope].parent)
      if (const auto* list = assignments(scope, name))
        for (const Assignment& a : *list) follow(a, false);
    if (!found && name.starts_with("self.") && fn >= 0) {  // set in any method of the class
      int cls = functions_[fn].class_index;
      if (cls < 0 && functions_[fn].parent >= 0) cls = functions_[functions_[fn].parent].class_index;
      if (cls >= 0)
        if (auto it = classes_[cls].attributes.find(std::string(name)); it != classes_[cls].attributes.end())
          for (const Assignment& a : it->second) follow(a, true);
    }
    if (!found)
      if (const auto* list = assignments(-1, name))
        for (const Assignment& a : *list) follow(a, fn >= 0);
    if (found) return;
    // A function: a nested def, a def of the module, an imported one.
    if (s == k.identifier) {
      for (int f = fn; f >= 0; f = functions_[f].parent)
        if (const std::string* q = nested_function(f, name)) return dst.push_back(*q);
      if (top_level_names_.count(std::string(name))) return dst.push_back(options_.module + "." + std::string(name));
      if (imports_.imported(name)) dst.push_back(imports_.canonical(name));
      return;
    }
    // A method of an instance: `model.forward`, `self.encoder.forward`, `self.step`.
    std::vector<std::string> owners;
    self(self, field(x, "object"), fn, pos, depth + 1, owners);
    std::string_view attr = text(field(x, "attribute"));
    for (const std::string& o : owners)
      if (o.ends_with(".__call__")) dst.push_back(o.substr(0, o.size() - 8) + std::string(attr));
    if (!owners.empty()) return;
    // `self.forward` in a base class: whichever subclass `self` is (`^`: overrides count too).
    TSNode obj = field(x, "object");
    bool on_self = ts_node_symbol(obj) == k.identifier && text(obj) == "self";
    dst.push_back((on_self ? "^" : "") + target_of(x, fn));
  };
  auto compiled = [&](TSNode x, int fn, uint32_t pos, const char* prefix) {
    std::vector<std::string> found;
    resolve(resolve, x, fn, pos, 0, found);
    for (std::string& t : found) {
      if (*prefix == '~' && !t.ends_with(".__call__")) continue;  // `x.compile()`: an instance
      // `^Base.forward|apply_compile`: overrides count in subclasses that inherit the method
      // making the call (one that overrides it compiles something else).
      if (t.starts_with("^")) t += "|" + (fn >= 0 ? functions_[fn].name : std::string());
      add(prefix + t);
    }
  };
  for (const CallInfo& c : calls_) {
    if (c.decorator || ts_node_symbol(c.node) != k.call) continue;
    TSNode callee = field(c.node, "function");
    std::string_view callee_text = text(callee);
    if (ts_node_symbol(callee) == k.call) {  // `torch._dynamo.optimize("inductor")(fn)`
      if (is_compile_api(canonical(field(callee, "function"))) && !disabled_by_argument(*this, callee)) {
        TSNode arg = first_argument(*this, c.node, "");
        compiled(arg, c.fn, ts_node_start_byte(c.node), "");
      }
      continue;
    }
    if (!callee_text.ends_with("compile") && !imports_.renames("compile")) continue;
    std::string api = canonical(callee);
    if (is_compile_api(api)) {
      if (disabled_by_argument(*this, c.node)) continue;
      TSNode arg = first_argument(*this, c.node, "model");
      compiled(arg, c.fn, ts_node_start_byte(c.node), "");
    } else if (ts_node_symbol(callee) == k.attribute && !names_import(field(callee, "object"))) {
      // `model.compile()` (nn.Module.compile takes torch.compile's keywords only). The `~`
      // asks the index to check the class does not define a `compile` of its own.
      bool positional = false;
      TSNode args = field(c.node, "arguments");
      if (!ts_node_is_null(args))
        for_each_named_child(args, [&](TSNode a) { positional = positional || ts_node_symbol(a) != k.keyword_argument; });
      if (!positional && !disabled_by_argument(*this, c.node))
        compiled(field(callee, "object"), c.fn, ts_node_start_byte(c.node), "~");
    }
  }
  return out;
}

namespace {

// `self.transformer.h` -> {"transformer", "h"}; empty unless an attribute chain on `self`.
std::vector<std::string_view> self_path(const SemanticModel& m, TSNode expr) {
  std::vector<std::string_view> path;
  while (ts_node_symbol(expr) == kinds().attribute) {
    path.push_back(m.text(field(expr, "attribute")));
    expr = field(expr, "object");
  }
  if (ts_node_symbol(expr) != kinds().identifier || m.text(expr) != "self") return {};
  std::reverse(path.begin(), path.end());
  return path;
}

// The value given to `key` inside a container's constructor: `h=...` in
// `nn.ModuleDict(dict(h=nn.ModuleList(...)))`, or `"h": ...` in a dict literal.
TSNode member_in(const SemanticModel& m, TSNode value, std::string_view key) {
  const Kinds& k = kinds();
  TSNode found{};
  walk(value, [&](TSNode c) {
    if (!ts_node_is_null(found) || is_scope_boundary(ts_node_symbol(c))) return false;
    TSSymbol s = ts_node_symbol(c);
    if (s == k.keyword_argument && m.text(field(c, "name")) == key) found = field(c, "value");
    if (s == k.pair && ts_node_symbol(field(c, "key")) == k.string) {
      std::string_view q = m.text(field(c, "key"));
      if (q.size() >= 2 && q.substr(1, q.size() - 2) == key) found = field(c, "value");
    }
    return ts_node_is_null(found);
  }, [](TSNode) {});
  return found;
}

}  // namespace

std::vector<std::string> SemanticModel::submodule_calls(int fn) const {
  const Kinds& k = kinds();
  std::vector<std::string> out;
  const FunctionInfo& f = functions_[fn];
  int cls = f.class_index;
  if (cls < 0 && f.parent >= 0) cls = functions_[f.parent].class_index;
  if (cls < 0) return out;
  // The project classes the modules at `path` under `self` are built from.
  auto classes_at = [&](const std::vector<std::string_view>& path) {
    if (path.empty()) return;
    auto it = classes_[cls].attributes.find("self." + std::string(path.front()));
    if (it == classes_[cls].attributes.end()) return;
    for (const Assignment& a : it->second) {
      TSNode value = a.value;
      for (size_t i = 1; i < path.size() && !ts_node_is_null(value); ++i) value = member_in(*this, value, path[i]);
      if (ts_node_is_null(value)) continue;
      walk(value, [&](TSNode c) {
        if (is_scope_boundary(ts_node_symbol(c))) return false;
        if (ts_node_symbol(c) != k.call) return true;
        std::string t = target_of(field(c, "function"), a.fn);
        if (!t.empty() && !t.starts_with("*.") && !t.starts_with("torch.") && is_capitalized(last_segment(t))) {
          t += ".__call__";
          if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(std::move(t));
        }
        return true;
      }, [](TSNode) {});
    }
  };
  for (uint32_t ci : f.calls) {
    const CallInfo& c = calls_[ci];
    if (c.decorator || ts_node_symbol(c.node) != k.call || eager_only(c.node)) continue;
    TSNode callee = field(c.node, "function");
    TSSymbol s = ts_node_symbol(callee);
    if (s == k.subscript) callee = field(callee, "value"), s = ts_node_symbol(callee);  // self.layers[i](x)
    if (s == k.attribute) {
      classes_at(self_path(*this, callee));
      continue;
    }
    if (s != k.identifier) continue;
    // `for layer in self.layers: layer(x)` (also enumerate(), reversed(), .values(), .children()).
    std::string_view name = text(callee);
    const Assignment* b = binding(name, ts_node_start_byte(callee), fn);
    if (!b || !b->loop_target) continue;
    for (TSNode p : ancestors(c.node)) {
      TSSymbol ps = ts_node_symbol(p);
      if (ps == k.function_definition || ps == k.class_definition) break;
      if (ps != k.for_statement) continue;
      TSNode left = field(p, "left"), iter = field(p, "right");
      bool binds = text(left) == name;
      if (!binds && (ts_node_symbol(left) == k.pattern_list || ts_node_symbol(left) == k.tuple_pattern) &&
          ts_node_named_child_count(left) == 2 && text(ts_node_named_child(left, 1)) == name && ts_node_symbol(iter) == k.call &&
          canonical(field(iter, "function")) == "enumerate") {
        binds = true;
        iter = first_argument(*this, iter, "");
      }
      if (!binds) continue;
      for (int depth = 0; depth < 3 && !ts_node_is_null(iter) && ts_node_symbol(iter) == k.call; ++depth) {
        TSNode g = field(iter, "function");
        if (ts_node_symbol(g) == k.identifier && text(g) == "reversed") iter = first_argument(*this, iter, "");
        else if (ts_node_symbol(g) == k.attribute && (text(field(g, "attribute")) == "values" || text(field(g, "attribute")) == "children"))
          iter = field(g, "object");
        else break;
      }
      if (!ts_node_is_null(iter)) classes_at(self_path(*this, iter));
      break;
    }
  }
  return out;
}

// ---- the project join ----

std::vector<uint32_t> ProjectIndex::overriding_methods(std::string_view method, std::string_view site,
                                                       std::string_view from_module) const {
  std::vector<uint32_t> out;
  size_t dot = method.rfind('.');
  if (dot == std::string_view::npos) return out;
  std::string owner(method.substr(0, dot));
  std::vector<uint32_t> owners = resolve_classes(owner, from_module);
  std::string_view name = method.substr(dot + 1);
  std::vector<uint32_t> site_fns = resolve_functions(owner + "." + std::string(site), from_module);
  // A class derives from an owner when one of its project bases is the owner or derives from it.
  auto derives = [&](auto&& self, uint32_t c, int depth) -> bool {
    if (depth > kMaxBaseDepthForOverrides) return false;
    std::string_view module = classes_[c].qualname;
    module = module.substr(0, module.rfind('.') == std::string_view::npos ? 0 : module.rfind('.'));
    for (const std::string& b : classes_[c].bases)
      for (uint32_t bi : resolve_classes(b, module))
        if (bi != c && (std::find(owners.begin(), owners.end(), bi) != owners.end() || self(self, bi, depth + 1))) return true;
    return false;
  };
  for (uint32_t c = 0; c < classes_.size(); ++c) {
    if (owners.empty() || !derives(derives, c, 0)) continue;
    if (resolve_functions(classes_[c].qualname + "." + std::string(site), from_module) != site_fns) continue;
    auto it = fn_by_qualname_.find(classes_[c].qualname + "." + std::string(name));
    if (it != fn_by_qualname_.end()) out.push_back(it->second);
  }
  return out;
}

void ProjectIndex::propagate_compiled() {
  std::vector<uint32_t> work;
  auto mark = [&](uint32_t g, bool root) {
    uint32_t& e = fns_[g].facts.effects;
    if (e & (kCompileDisabled | kCompileOpaque)) return;
    if (root) e |= kCompileRoot;
    if (!(e & kCompiled)) {
      e |= kCompiled;
      work.push_back(g);
    }
  };
  for (uint32_t id = 0; id < fns_.size(); ++id)
    if (fns_[id].index != UINT32_MAX && (summary(fns_[id]).effects & kCompileRoot)) mark(id, true);
  for (const FileSummary& file : files_) {
    for (const std::string& t : file.compiled) {
      std::string_view target = t;
      if (target.starts_with("~")) {  // `x.compile()`: nn.Module.compile, unless the class has its own
        target.remove_prefix(1);
        size_t dot = target.rfind('.');
        if (dot == std::string_view::npos) continue;
        if (!resolve_functions(std::string(target.substr(0, dot)) + ".compile", file.module).empty()) continue;
      }
      std::string_view site;
      if (target.starts_with("^")) {
        size_t bar = target.find('|');
        if (bar == std::string_view::npos) continue;
        site = target.substr(bar + 1);
        target = target.substr(1, bar - 1);
      }
      for (uint32_t g : resolve_functions(target, file.module)) mark(g, true);
      if (!site.empty())
        for (uint32_t g : overriding_methods(target, site, file.module)) mark(g, true);
    }
  }
  // Dynamo inlines what compiled code calls: resolved calls outside eager-only branches, not
  // methods matched by their name only, not decorators.
  while (!work.empty()) {
    uint32_t f = work.back();
    work.pop_back();
    const FunctionSummary& s = summary(fns_[f]);
    for (size_t i = 0; i < s.calls.size(); ++i) {
      const CallRef& c = s.calls[i];
      // A helper handed only literals has no tensors: Dynamo breaks at its call (if anything in
      // it is untraceable) and runs its frame eagerly, so its lines are not compiled code.
      if (c.eager_only || c.constant_args || c.target.starts_with("*.")) continue;
      if (std::find(s.decorators.begin(), s.decorators.end(), i) != s.decorators.end()) continue;
      for (uint32_t g : fns_[f].callees[i]) mark(g, false);
    }
    const std::string& module = files_[fns_[f].file].module;
    for (const std::string& t : s.inlines)
      for (uint32_t g : resolve_functions(t, module)) mark(g, false);
  }
}

// ---- what rules ask ----

bool SemanticModel::in_compiled_code(TSNode n) const {
  // Most files compile nothing: answer those without walking up from every node.
  if (compiled_memo_index_ != index_) {
    compiled_memo_index_ = index_;
    any_compiled_ = std::any_of(functions_.begin(), functions_.end(), [](const FunctionInfo& f) { return f.effects & kCompiled; });
  }
  if (!any_compiled_) return false;
  int fn = function_of(n);
  if (fn < 0 || !(functions_[fn].effects & kCompiled)) return false;
  return !eager_only(n);
}

namespace {

bool ctx_compiled(const SemanticModel& m, TSNode n) { return m.in_compiled_code(n); }

// The body of a function torch.compile compiles as a frame of its own (not one it inlines).
bool ctx_compile_root(const SemanticModel& m, TSNode n) {
  const FunctionInfo* f = m.function(m.function_of(n));
  return f && (f->effects & kCompileRoot) && (f->effects & kCompiled);
}

// A statement of a compiled frame's own body with no traced work on one side of it: nothing
// before it calls anything, or only a `return` of names follows. A graph break there does not
// split compiled work in two (a disabled setup step at the start of a compiled `prefill`).
bool ctx_compiled_frame_edge(const SemanticModel& m, TSNode n) {
  const Kinds& k = kinds();
  int fn = m.function_of(n);
  const FunctionInfo* f = m.function(fn);
  if (!f || !(f->effects & kCompileRoot)) return false;
  TSNode body = field(f->node, "body"), stmt{};
  for (TSNode p = n; !ts_node_is_null(p); p = m.parent(p)) {
    TSNode up = m.parent(p);
    if (ts_node_is_null(up) || same_node(up, f->node)) return false;
    if (same_node(up, body)) {
      stmt = p;
      break;
    }
  }
  if (ts_node_is_null(stmt)) return false;
  auto calls_something = [&](TSNode s) {
    bool found = false;
    walk(s, [&](TSNode c) {
      if (found || is_scope_boundary(ts_node_symbol(c))) return false;
      found = ts_node_symbol(c) == k.call;
      return !found;
    }, [](TSNode) {});
    return found;
  };
  bool before = false, after = false;
  for_each_named_child(body, [&](TSNode s) {
    if (ts_node_end_byte(s) <= ts_node_start_byte(stmt)) before = before || calls_something(s);
    else if (ts_node_start_byte(s) >= ts_node_end_byte(stmt)) after = after || calls_something(s);
  });
  // Calls of its own statement count by when they run: its arguments' calls before it
  // (`route(self.gate(x))` traces the gate first), calls enclosing it after.
  walk(stmt, [&](TSNode c) {
    if (is_scope_boundary(ts_node_symbol(c))) return false;
    if (ts_node_symbol(c) == k.call && !same_node(c, n)) {
      bool inside_n = ts_node_start_byte(c) >= ts_node_start_byte(n) && ts_node_end_byte(c) <= ts_node_end_byte(n);
      bool runs_first = inside_n || ts_node_end_byte(c) <= ts_node_start_byte(n);
      (runs_first ? before : after) = true;
    }
    return true;
  }, [](TSNode) {});
  return !before || !after;
}

// Occasional code: `if step % N == 0:`, `if verbose:` / `if self.debug:`, an except handler.
bool ctx_logging_branch(const SemanticModel& m, TSNode n) { return m.periodic_guarded(n); }

// ---- tensor truth values ----

// Attributes and methods whose result is no tensor: metadata, static under Dynamo, or a
// Python value read from the data (`.item()`, `.tolist()`: the graph break is TL501's).
bool static_member(std::string_view name, bool method) {
  if (name.starts_with("is_") || name.starts_with("has_")) return true;
  return method ? TorchApi::get().method_returns_python(name) : TorchApi::get().reads_metadata(name, false);
}

bool is_tensor_annotation(const SemanticModel& m, TSNode annotation) {
  if (ts_node_is_null(annotation)) return false;
  std::string c = m.canonical(annotation);
  return c == "torch.Tensor" || (c.starts_with("torch.") && c.ends_with("Tensor") && c.find('.', 6) == std::string::npos);
}

bool tensor_value(const SemanticModel& m, TSNode expr, int fn, int depth);
bool from_tensor_parameter(const SemanticModel& m, TSNode expr, int fn, int depth);

// Provenance reads `.data` / `.grad` as a tensor's; on anything else (`opt.data`,
// `torch.utils.data.get_worker_info()`) the value is not known to be a tensor.
bool through_untyped_data(const SemanticModel& m, TSNode expr, int fn, int depth) {
  const Kinds& k = kinds();
  if (ts_node_is_null(expr) || depth > 12) return false;
  TSSymbol s = ts_node_symbol(expr);
  if (s == k.identifier || s == k.attribute) {
    if (s == k.attribute) {
      std::string_view attr = m.text(field(expr, "attribute"));
      TSNode obj = field(expr, "object");
      if ((attr == "data" || attr == "grad") && !m.provenance(obj).tensor && !from_tensor_parameter(m, obj, fn, 0))
        return true;
    }
    // What the name holds (`worker_id = info.id if info else 0`, `args.data_dir = args.data`).
    const Assignment* b = m.binding(m.text(expr), ts_node_start_byte(expr), fn);
    if (b && !b->parameter && !b->loop_target && !ts_node_is_null(b->value) && !contains_node(b->value, expr))
      return through_untyped_data(m, b->value, b->fn, depth + 1);
    return s == k.attribute && through_untyped_data(m, field(expr, "object"), fn, depth + 1);
  }
  if (s == k.call) {
    TSNode callee = field(expr, "function");
    return ts_node_symbol(callee) == k.attribute && through_untyped_data(m, callee, fn, depth + 1);
  }
  if (s == k.subscript) return through_untyped_data(m, field(expr, "value"), fn, depth + 1);
  bool any = false;
  if (s == k.parenthesized_expression || s == k.unary_operator || s == k.binary_operator || s == k.conditional_expression)
    for_each_named_child(expr, [&](TSNode c) { any = any || through_untyped_data(m, c, fn, depth + 1); });
  return any;
}

// A bare truth test (`if x:`) reads a tensor only when `x` is computed by a tensor op
// (`mask.any()`, `torch.all(...)`, a comparison): a model's raw output may be a list, a
// dict or None, whose truth is plain Python.
bool truth_of_tensor_op(const SemanticModel& m, TSNode expr, int fn, int depth);

// A value computed from a parameter annotated `torch.Tensor` through tensor methods and ops.
bool from_tensor_parameter(const SemanticModel& m, TSNode expr, int fn, int depth) {
  const Kinds& k = kinds();
  if (ts_node_is_null(expr) || depth > 12) return false;
  TSSymbol s = ts_node_symbol(expr);
  if (s == k.identifier) {
    const Assignment* b = m.binding(m.text(expr), ts_node_start_byte(expr), fn);
    if (!b || b->loop_target || b->int_counter) return false;
    if (b->parameter) return is_tensor_annotation(m, b->annotation);
    return !b->augmented && tensor_value(m, b->value, b->fn, depth + 1);
  }
  if (s == k.attribute) {
    std::string_view attr = m.text(field(expr, "attribute"));
    bool view = attr == "T" || attr == "mT" || attr == "H" || attr == "real" || attr == "imag" || attr == "data";
    return view && from_tensor_parameter(m, field(expr, "object"), fn, depth + 1);
  }
  if (s == k.subscript) return from_tensor_parameter(m, field(expr, "value"), fn, depth + 1);
  if (s == k.parenthesized_expression || s == k.unary_operator) return tensor_value(m, ts_node_named_child(expr, 0), fn, depth + 1);
  if (s == k.binary_operator)
    return tensor_value(m, field(expr, "left"), fn, depth + 1) || tensor_value(m, field(expr, "right"), fn, depth + 1);
  if (s == k.call) {
    TSNode callee = field(expr, "function");
    if (ts_node_symbol(callee) == k.attribute) {
      TSNode receiver = field(callee, "object");
      if (!m.names_import(receiver))  // `x.max()`, not `torch.max(x)`
        return !static_member(m.text(field(callee, "attribute")), true) && from_tensor_parameter(m, receiver, fn, depth + 1);
    }
    std::string c = m.canonical(callee);
    std::string_view fname = last_segment(c);
    if (!c.starts_with("torch.") || c.find('.', 6) != std::string::npos || static_member(fname, true)) return false;
    bool tensor_arg = false;
    TSNode args = field(expr, "arguments");
    if (!ts_node_is_null(args))
      for_each_named_child(args, [&](TSNode a) {
        tensor_arg = tensor_arg || (ts_node_symbol(a) != k.keyword_argument && tensor_value(m, a, fn, depth + 1));
      });
    return tensor_arg;
  }
  return false;
}

// `expr` evaluates to a tensor (not its metadata): by the semantic model's provenance, or
// from a parameter annotated as a tensor.
bool tensor_value(const SemanticModel& m, TSNode expr, int fn, int depth) {
  const Kinds& k = kinds();
  if (ts_node_is_null(expr) || depth > 12) return false;
  TSSymbol s = ts_node_symbol(expr);
  if (s == k.attribute && static_member(m.text(field(expr, "attribute")), false)) return false;
  if (s == k.call) {
    TSNode callee = field(expr, "function");
    std::string_view name = ts_node_symbol(callee) == k.attribute ? m.text(field(callee, "attribute")) : m.text(callee);
    if (static_member(last_segment(name), true)) return false;  // x.dim(), torch.is_autocast_enabled()
    if (name == "get_default_dtype" || last_segment(name).starts_with("get_") || last_segment(name).starts_with("are_")) return false;
    // `sum(k.startswith("x") for k in keys)`: the generator's own variables are not the
    // function's names of the same spelling.
    if (is_kind(field(expr, "arguments"), "generator_expression") && !m.canonical(callee).starts_with("torch.")) return false;
  }
  if (s == k.comparison_operator) return false;  // judged by tensor_truth
  if (from_tensor_parameter(m, expr, fn, depth)) return true;
  return m.provenance(expr).tensor && !through_untyped_data(m, expr, fn, 0);
}

// Whether the truth value of `cond` reads tensor data (a data-dependent branch).
bool tensor_truth(const SemanticModel& m, TSNode cond, int fn) {
  const Kinds& k = kinds();
  if (ts_node_is_null(cond)) return false;
  TSSymbol s = ts_node_symbol(cond);
  if (s == k.parenthesized_expression) return tensor_truth(m, ts_node_named_child(cond, 0), fn);
  if (s == k.not_operator) return tensor_truth(m, field(cond, "argument"), fn);
  if (s == k.boolean_operator) {
    // `not is_compiling() and x.any()`: Dynamo never evaluates the right side.
    int left = when_compiling(m, field(cond, "left"), fn);
    bool is_and = m.text(field(cond, "operator")) == "and";
    bool right_runs = !(is_and ? left == 0 : left == 1);
    return tensor_truth(m, field(cond, "left"), fn) || (right_runs && tensor_truth(m, field(cond, "right"), fn));
  }
  if (s == k.comparison_operator) {
    // `x is None`, `dtype in (...)`: identity and membership, not a tensor's value.
    bool identity = false, tensor = false;
    for_each_child(cond, [&](TSNode c) {
      if (!ts_node_is_named(c)) {
        std::string_view op = ts_node_type(c);
        identity = identity || op == "is" || op == "in" || op == "is not" || op == "not in";
      } else {
        tensor = tensor || tensor_value(m, c, fn, 0);
      }
    });
    return tensor && !identity;
  }
  return truth_of_tensor_op(m, cond, fn, 0);
}

bool truth_of_tensor_op(const SemanticModel& m, TSNode expr, int fn, int depth) {
  const Kinds& k = kinds();
  if (ts_node_is_null(expr) || depth > 6) return false;
  TSSymbol s = ts_node_symbol(expr);
  if (s == k.identifier) {
    const Assignment* b = m.binding(m.text(expr), ts_node_start_byte(expr), fn);
    if (b && b->parameter) return from_tensor_parameter(m, expr, fn, 0);
    if (!b || b->loop_target || b->augmented || ts_node_is_null(b->value)) return false;
    if (ts_node_symbol(b->value) == k.comparison_operator) return tensor_truth(m, b->value, b->fn);
    return truth_of_tensor_op(m, b->value, b->fn, depth + 1);
  }
  if (s == k.call && m.is_model_callee(field(expr, "function"))) return false;
  if (s != k.call && s != k.subscript && s != k.attribute) return false;
  return tensor_value(m, expr, fn, 0);
}

// `cond` is the condition of an `if`/`elif`/`while` or of a conditional expression, and its
// truth value reads a tensor.
bool tensor_condition(const PredicateEnv& e, TSNode cond) {
  const Kinds& k = kinds();
  TSNode p = e.model.parent(cond);
  TSSymbol s = ts_node_symbol(p);
  bool is_condition = false;
  if (s == k.if_statement || s == k.elif_clause || s == k.while_statement) is_condition = same_node(field(p, "condition"), cond);
  else if (s == k.conditional_expression) is_condition = ts_node_named_child_count(p) == 3 && same_node(ts_node_named_child(p, 1), cond);
  return is_condition && tensor_truth(e.model, cond, e.model.function_of(cond));
}

// ---- Python objects Dynamo cannot trace ----

// A text tokenizer: built by a tokenizer library (`transformers` `*Tokenizer*` classes,
// `tokenizers`, `tiktoken`, `sentencepiece`), by a project tokenizer class that is not a
// module, by a factory (`get_tokenizer(name)`) that does not return a module, or handed to
// `__init__` as `tokenizer` and stored (by name: `confidence: medium`). Neural "tokenizers"
// (VQ, audio, patch tokenizers) are modules and trace fine.
enum class TokenizerEvidence { None, Construction, Name };

TokenizerEvidence tokenizer_value(const SemanticModel& m, const Assignment& a, int depth = 0) {
  const Kinds& k = kinds();
  if (depth > 4) return TokenizerEvidence::None;
  if (a.parameter) {
    std::string name = lower(a.name);
    bool text_tokenizer = name == "tokenizer" || name.starts_with("tokenizer_") || name.ends_with("text_tokenizer");
    bool annotated_as_tokenizer = !ts_node_is_null(a.annotation) && m.text(a.annotation).find("Tokenizer") != std::string_view::npos;
    if (!ts_node_is_null(a.annotation) && !annotated_as_tokenizer) return TokenizerEvidence::None;
    if (annotated_as_tokenizer) return m.instance_class(a.annotation) ? TokenizerEvidence::None : TokenizerEvidence::Construction;
    return text_tokenizer ? TokenizerEvidence::Name : TokenizerEvidence::None;
  }
  TSNode v = a.value;
  if (ts_node_is_null(v)) return TokenizerEvidence::None;
  if (ts_node_symbol(v) == k.identifier) {
    const Assignment* b = m.binding(m.text(v), ts_node_start_byte(v), a.fn);
    return b && b != &a && (b->parameter || b->fn == a.fn) ? tokenizer_value(m, *b, depth + 1) : TokenizerEvidence::None;
  }
  if (ts_node_symbol(v) != k.call) return TokenizerEvidence::None;
  std::string c = m.canonical(field(v, "function"));
  if (c.starts_with("tiktoken.") || c.starts_with("sentencepiece.") || c.starts_with("tokenizers.")) return TokenizerEvidence::Construction;
  // `AutoTokenizer.from_pretrained(...)`, `GPT2TokenizerFast(...)`; calling a tokenizer
  // (`self.tokenizer(text)`) returns token ids instead.
  // The class made: the last capitalized segment (`Tokenizer.Config(...)` makes a config).
  std::string_view made;
  for (std::string_view part : split(c, '.'))
    if (is_capitalized(part)) made = part;
  bool tokenizer_class = made.find("Tokenizer") != std::string_view::npos;
  if (tokenizer_class) {
    if (c.starts_with("transformers.")) return TokenizerEvidence::Construction;
    const ClassSummary* project = m.instance_class(v);
    return project && !project->is_module ? TokenizerEvidence::Construction : TokenizerEvidence::None;
  }
  // A factory: `get_tokenizer(name)`, `load_tokenizer(path)`, unless it returns a module.
  std::string last = lower(last_segment(c));
  if (last.find("tokenizer") == std::string::npos || m.call_effects(v, kReturnsModel)) return TokenizerEvidence::None;
  for (std::string_view verb : {"get_", "load_", "build_", "make_", "create_", "init_", "setup_"})
    if (last.starts_with(verb)) return TokenizerEvidence::Construction;
  return TokenizerEvidence::None;
}

bool is_tokenizer(const PredicateEnv& e, TSNode x) {
  const SemanticModel& m = e.model;
  TSSymbol s = ts_node_symbol(x);
  if (s != kinds().identifier && s != kinds().attribute) return false;
  if (lower(last_segment(m.text(x))).find("tok") == std::string::npos) return false;  // cheap test first
  const Assignment* b = m.binding(m.text(x), ts_node_start_byte(x), m.function_of(x));
  TokenizerEvidence evidence = b ? tokenizer_value(m, *b) : TokenizerEvidence::None;
  if (evidence == TokenizerEvidence::Name) m.note_name_evidence();
  return evidence != TokenizerEvidence::None;
}

bool is_logger(const PredicateEnv& e, TSNode x) {
  const SemanticModel& m = e.model;
  const Kinds& k = kinds();
  TSSymbol s = ts_node_symbol(x);
  if (s == k.call) return makes_logger(m, x);
  if (s != k.identifier && s != k.attribute) return false;
  std::string c = m.canonical(x);
  if (c == "logging" || c.ends_with(".logging") || c == "loguru.logger") return true;
  const Assignment* b = m.binding(m.text(x), ts_node_start_byte(x), m.function_of(x));
  return b && !b->parameter && makes_logger(m, b->value);
}

bool is_logger_method(const PredicateEnv& e, TSNode name) { return is_logger_method_name(e.model.text(name)); }

// Dynamo breaks the graph at prints and log calls unless told to skip or reorder them
// (`torch._dynamo.config.ignore_logger_methods`, `reorderable_logging_functions`); a file
// that configures either is taken to have done so for its own calls.
bool logging_breaks_graph(const PredicateEnv& e, TSNode) {
  std::string_view src = e.model.source();
  return src.find("ignore_logger_methods") == std::string_view::npos &&
         src.find("reorderable_logging_functions") == std::string_view::npos &&
         src.find("ignore_logging_functions") == std::string_view::npos;
}

// The call runs a function Dynamo must not trace (`@torch.compiler.disable`, also through
// `fn = torch._dynamo.disable(fn)`): compiled code breaks its graph there.
bool compile_disabled(const PredicateEnv& e, TSNode call) {
  const SemanticModel& m = e.model;
  const Kinds& k = kinds();
  if (ts_node_symbol(call) != k.call) return false;
  TSNode callee = field(call, "function");
  if (ts_node_symbol(callee) == k.call) return is_disable_api(m.canonical(field(callee, "function")));
  if (!m.call_target(call).starts_with("*.") && m.call_effects(call, kCompileDisabled)) return true;
  if (ts_node_symbol(callee) != k.identifier && ts_node_symbol(callee) != k.attribute) return false;
  const Assignment* b = m.binding(m.text(callee), ts_node_start_byte(callee), m.function_of(callee));
  if (!b || b->parameter || ts_node_is_null(b->value) || ts_node_symbol(b->value) != k.call) return false;
  TSNode f = field(b->value, "function");
  if (ts_node_symbol(f) == k.call) f = field(f, "function");  // `torch._dynamo.disable(recursive=False)(fn)`
  return is_disable_api(m.canonical(f));
}

}  // namespace

const std::vector<NamedContext>& compiled_contexts() {
  static const std::vector<NamedContext> table = {
      {"compiled", ctx_compiled,
       "in code torch.compile traces: a compiled function or what compiled code calls, outside `if not torch.compiler.is_compiling():` branches"},
      {"compile-root", ctx_compile_root,
       "in the body of a function torch.compile compiles as its own frame: decorated, passed to torch.compile, a compiled module's forward"},
      {"compiled-frame-edge", ctx_compiled_frame_edge,
       "a statement of a compiled frame's body with no traced work before it, or none after it: a graph break there splits nothing"},
      {"logging-branch", ctx_logging_branch,
       "under a guard that makes it occasional: `if step % N == 0:`, a logging/debug/verbose flag, an except handler"},
  };
  return table;
}

const std::vector<NamedPredicate>& compiled_predicates() {
  static const std::vector<NamedPredicate> table = {
      {"tensor-condition", tensor_condition,
       "the node is the condition of an if/elif/while or conditional expression and its truth value reads tensor data (not shapes, dtypes, `is None`)"},
      {"is-tokenizer", is_tokenizer,
       "the value is a tokenizer: built by a tokenizer library or factory, or a `tokenizer` argument stored by __init__; never an nn.Module"},
      {"is-logger", is_logger, "the value is the logging module or a logger (logging.getLogger, get_logger of a logging module, loguru)"},
      {"is-logger-method", is_logger_method, "the name is a logging method: debug, info, warning, error, exception, critical, log, ..."},
      {"logging-breaks-graph", logging_breaks_graph,
       "the file does not configure Dynamo to skip or reorder logging (`ignore_logger_methods`, `reorderable_logging_functions`)"},
      {"compile-disabled", compile_disabled,
       "the call runs a function decorated or wrapped with torch.compiler.disable / torch._dynamo.disable"},
  };
  return table;
}

}  // namespace torchlint::py
