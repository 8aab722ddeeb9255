// Predicates about timing and profiling code: host clocks read around asynchronous CUDA work,
// CUDA events read before they completed, timed loops without warm-up iterations, and
// profilers left recording a long loop.
//
// A timed region is read as the host runs it: the operations between the two reads of a
// clock, in source order (a loop inside the region contributes its last iteration, a branch
// that excludes the clock read contributes nothing). Each operation is GPU work (a model
// call, backward, an optimizer step, a torch op on a device tensor), a wait for the device
// (synchronize, `.item()`, a blocking copy, printing a device tensor), or unknown code handed
// device tensors, which may wait too: only GPU work as the last of them is a finding.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <limits>
#include <optional>
#include <unordered_set>

#include "python/kinds.h"
#include "python/names.h"
#include "python/predicates.h"
#include "python/torch_api.h"

namespace torchlint::py {

namespace {

constexpr int kMaxDepth = 12;

bool one_of(std::string_view s, std::initializer_list<std::string_view> set) {
  return std::find(set.begin(), set.end(), s) != set.end();
}

std::string_view callee_name(const SemanticModel& m, TSNode call) {
  TSNode f = field(call, "function");
  if (ts_node_symbol(f) == kinds().attribute) return m.text(field(f, "attribute"));
  return m.text(f);
}

TSNode arguments(TSNode call) { return field(call, "arguments"); }

// The value of keyword `name` in a call, or null.
TSNode keyword(const SemanticModel& m, TSNode call, std::string_view name) {
  TSNode out{};
  TSNode args = arguments(call);
  if (ts_node_is_null(args)) return out;
  for_each_named_child(args, [&](TSNode a) {
    if (ts_node_symbol(a) == kinds().keyword_argument && m.text(field(a, "name")) == name) out = field(a, "value");
  });
  return out;
}

// The function_definition (or the module) whose body holds n.
TSNode scope_of(const SemanticModel& m, TSNode n) {
  for (TSNode p : m.ancestors(n))
    if (ts_node_symbol(p) == kinds().function_definition || ts_node_symbol(p) == kinds().module) return p;
  return m.node_at(0);
}

// a and b sit in different branches of one `if`/`elif`/`else` or `try`/`except`: no single
// pass runs both.
bool exclusive(const SemanticModel& m, TSNode a, TSNode b) {
  for (TSNode p : m.ancestors(a)) {
    if (is_scope_boundary(ts_node_symbol(p))) return false;
    if (!contains_node(p, b)) continue;
    bool branching = ts_node_symbol(p) == kinds().if_statement || is_kind(p, "try_statement");
    if (!branching) return false;
    TSNode branch_a{}, branch_b{};
    for_each_named_child(p, [&](TSNode c) {
      if (contains_node(c, a)) branch_a = c;
      if (contains_node(c, b)) branch_b = c;
    });
    if (ts_node_is_null(branch_a) || ts_node_is_null(branch_b) || same_node(branch_a, branch_b)) return false;
    if (same_node(branch_a, field(p, "condition")) || same_node(branch_b, field(p, "condition"))) return false;
    return !is_kind(branch_a, "finally_clause") && !is_kind(branch_b, "finally_clause");
  }
  return false;
}

// Under an `if`, `try` or conditional expression between n and `outer` (exclusive).
bool conditional_within(const SemanticModel& m, TSNode n, TSNode outer) {
  const Kinds& k = kinds();
  for (TSNode p : m.ancestors(n)) {
    if (same_node(p, outer) || is_scope_boundary(ts_node_symbol(p))) return false;
    TSSymbol s = ts_node_symbol(p);
    if (s == k.if_statement || s == k.elif_clause || s == k.else_clause || s == k.except_clause ||
        s == k.conditional_expression || is_kind(p, "try_statement"))
      return true;
  }
  return false;
}

// The innermost `for`/`while` around n (in its own function) that does not also hold `other`.
TSNode loop_between(const SemanticModel& m, TSNode n, TSNode other) {
  const Kinds& k = kinds();
  for (TSNode p : m.ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (is_scope_boundary(s)) break;
    if ((s == k.for_statement || s == k.while_statement) && !contains_node(p, other)) return p;
  }
  return {};
}

// ---- definitions of the same file -----------------------------------------------------

TSNode definition_node(TSNode stmt) {
  if (is_kind(stmt, "decorated_definition")) return field(stmt, "definition");
  return stmt;
}

// The `def` a call refers to when it is in this file: a module-level function called by name
// (not rebound in the caller), or a method of the caller's class called on `self`.
TSNode local_definition(const SemanticModel& m, TSNode call) {
  const Kinds& k = kinds();
  TSNode f = field(call, "function");
  auto defined_in = [&](TSNode container, std::string_view name) {
    TSNode out{};
    if (!ts_node_is_null(container))
      for_each_named_child(container, [&](TSNode stmt) {
        TSNode d = definition_node(stmt);
        if (ts_node_symbol(d) == k.function_definition && m.text(field(d, "name")) == name) out = d;
      });
    return out;
  };
  if (ts_node_symbol(f) == k.identifier) {
    std::string_view name = m.text(f);
    if (m.names_import(f)) return {};
    // The enclosing functions' own defs first, then the module's.
    for (TSNode p : m.ancestors(call)) {
      if (ts_node_symbol(p) == k.class_definition) break;
      if (ts_node_symbol(p) != k.function_definition) continue;
      if (TSNode d = defined_in(field(p, "body"), name); !ts_node_is_null(d)) return d;
      if (m.assignments(m.function_of(field(p, "body")), name)) return {};  // rebound locally
    }
    return defined_in(m.node_at(0), name);
  }
  if (ts_node_symbol(f) == k.attribute && m.text(field(f, "object")) == "self") {
    for (TSNode p : m.ancestors(call))
      if (ts_node_symbol(p) == k.class_definition) return defined_in(field(p, "body"), m.text(field(f, "attribute")));
  }
  return {};
}

// ---- clocks -----------------------------------------------------------------------------

enum class Clock { None, Plain, Synced };

bool waits_for_device(const SemanticModel& m, TSNode root);

// A read of a host clock: a `time` function, or a helper of this file that returns one
// (`def time_sync(): torch.cuda.synchronize(); return time.time()` waits first).
Clock clock_read(const SemanticModel& m, TSNode call, int depth = 0) {
  if (ts_node_is_null(call) || ts_node_symbol(call) != kinds().call) return Clock::None;
  if (is_clock_api(m.canonical(field(call, "function")))) return Clock::Plain;
  if (depth > 1) return Clock::None;
  TSNode def = local_definition(m, call);
  if (ts_node_is_null(def)) return Clock::None;
  bool returns_clock = false;
  walk(field(def, "body"), [&](TSNode n) {
    if (is_scope_boundary(ts_node_symbol(n))) return false;
    if (ts_node_symbol(n) == kinds().return_statement && ts_node_named_child_count(n) == 1 &&
        clock_read(m, ts_node_named_child(n, 0), depth + 1) != Clock::None)
      returns_clock = true;
    return true;
  }, [](TSNode) {});
  if (!returns_clock) return Clock::None;
  return waits_for_device(m, field(def, "body")) ? Clock::Synced : Clock::Plain;
}

// ---- where values live ----------------------------------------------------------------

bool on_device(const SemanticModel& m, TSNode expr, int fn, int depth);

// A string naming an accelerator: "cuda", "cuda:0", f"cuda:{rank}", "xpu", "mps".
bool accelerator_string(std::string_view text) {
  std::string t = lower(text);
  if (t.find("cpu") != std::string::npos || t.find("meta") != std::string::npos) return false;
  return t.find("cuda") != std::string::npos || t.find("xpu") != std::string::npos || t.find("mps") != std::string::npos;
}

// The expression names an accelerator device: a literal, `torch.device("cuda")`, a GPU index,
// `x.device` of a device tensor, or a variable called like one that is not bound to the CPU.
bool device_ish(const SemanticModel& m, TSNode expr, int fn, int depth) {
  const Kinds& k = kinds();
  if (ts_node_is_null(expr) || depth > kMaxDepth) return false;
  TSSymbol s = ts_node_symbol(expr);
  if (s == k.string) return accelerator_string(m.text(expr));
  if (s == k.integer) return true;
  if (s == k.conditional_expression)
    return device_ish(m, ts_node_named_child(expr, 0), fn, depth + 1) || device_ish(m, ts_node_named_child(expr, 2), fn, depth + 1);
  if (s == k.call) {
    std::string c = m.canonical(field(expr, "function"));
    if (c == "torch.device") {
      TSNode args = arguments(expr);
      return !ts_node_is_null(args) && ts_node_named_child_count(args) > 0 &&
             device_ish(m, ts_node_named_child(args, 0), fn, depth + 1);
    }
    // torch.cuda.current_device(), accelerator.device, get_device(): by name.
    return c.starts_with("torch.cuda.") || lower(callee_name(m, expr)).find("device") != std::string::npos;
  }
  if (s == k.attribute && m.text(field(expr, "attribute")) == "device") {
    TSNode obj = field(expr, "object");
    if (on_device(m, obj, fn, depth + 1)) return true;
  }
  if (s != k.identifier && s != k.attribute) return false;
  if (const Assignment* b = m.binding(m.text(expr), ts_node_start_byte(expr), fn);
      b && !b->parameter && !b->loop_target && !ts_node_is_null(b->value)) {
    TSSymbol vs = ts_node_symbol(b->value);
    if (vs == k.string || vs == k.integer || vs == k.conditional_expression ||
        (vs == k.call && m.canonical(field(b->value, "function")) == "torch.device"))
      return device_ish(m, b->value, b->fn, depth + 1);
  }
  std::string name = lower(last_segment(m.text(expr)));
  return name.find("device") != std::string::npos || name.find("cuda") != std::string::npos ||
         name.find("gpu") != std::string::npos || name == "rank" || name == "local_rank" || name == "dev";
}

// The `torch.compile(f)` / `torch.jit.script(f)` call a callee is bound to (or is), or null.
TSNode compile_call(const SemanticModel& m, TSNode callee, int fn) {
  const Kinds& k = kinds();
  TSNode value = callee;
  if (ts_node_symbol(callee) == k.identifier || ts_node_symbol(callee) == k.attribute) {
    const Assignment* b = m.binding(m.text(callee), ts_node_start_byte(callee), fn);
    if (!b || ts_node_is_null(b->value)) return {};
    value = b->value;
  }
  if (ts_node_symbol(value) != k.call) return {};
  std::string c = m.canonical(field(value, "function"));
  if (c == "torch.compile" || c == "torch.jit.script" || c == "torch.jit.trace" || c == "torch.jit.load") return value;
  // torch._dynamo.optimize(...)(fn)
  TSNode inner = field(value, "function");
  if (ts_node_symbol(inner) == k.call && m.canonical(field(inner, "function")).starts_with("torch._dynamo.optimize"))
    return value;
  return {};
}

bool is_compiled_callable(const SemanticModel& m, TSNode callee, int fn) { return !ts_node_is_null(compile_call(m, callee, fn)); }

// The function of this file a compiled callable wraps (`torch.compile(step_fn)`), or null.
TSNode compiled_definition(const SemanticModel& m, TSNode compiled) {
  TSNode args = arguments(compiled);
  if (ts_node_is_null(args) || ts_node_named_child_count(args) == 0) return {};
  TSNode f = ts_node_named_child(args, 0);
  if (ts_node_symbol(f) != kinds().identifier) return {};
  TSNode out{};
  for_each_named_child(m.node_at(0), [&](TSNode stmt) {
    TSNode d = definition_node(stmt);
    if (ts_node_symbol(d) == kinds().function_definition && m.text(field(d, "name")) == m.text(f)) out = d;
  });
  return out;
}

// The value is a tensor (or a module) on an accelerator, by how it was made: moved with
// `.cuda()`/`.to(device)`, made with `device=`, computed from such values, or returned by a model.
bool on_device(const SemanticModel& m, TSNode expr, int fn, int depth) {
  const Kinds& k = kinds();
  if (ts_node_is_null(expr) || depth > kMaxDepth) return false;
  TSSymbol s = ts_node_symbol(expr);
  if (s == k.identifier || s == k.attribute) {
    if (s == k.attribute) {
      std::string_view attr = m.text(field(expr, "attribute"));
      if (TorchApi::get().reads_metadata(attr, false)) return false;
    }
    const Assignment* b = m.binding(m.text(expr), ts_node_start_byte(expr), fn);
    if (b) {
      if (b->parameter || b->loop_target || ts_node_is_null(b->value)) return false;
      // `x = x.cuda()`: the inner `x` is the earlier binding; the value is read where it starts.
      return on_device(m, b->value, b->fn, depth + 1);
    }
    if (s == k.attribute) return on_device(m, field(expr, "object"), fn, depth + 1);  // batch.input_ids
    return false;
  }
  if (s == k.subscript || s == k.parenthesized_expression || s == k.unary_operator)
    return on_device(m, s == k.subscript ? field(expr, "value") : ts_node_named_child(expr, 0), fn, depth + 1);
  if (s == k.binary_operator)
    return on_device(m, field(expr, "left"), fn, depth + 1) || on_device(m, field(expr, "right"), fn, depth + 1);
  if (s == k.list || s == k.tuple || s == k.expression_list) {
    bool any = false;
    for_each_named_child(expr, [&](TSNode c) { any = any || on_device(m, c, fn, depth + 1); });
    return any;
  }
  if (s == k.list_comprehension || s == k.generator_expression)
    return on_device(m, field(expr, "body"), fn, depth + 1);
  if (s == k.not_operator) return on_device(m, field(expr, "argument"), fn, depth + 1);
  if (s == k.boolean_operator)
    return on_device(m, field(expr, "left"), fn, depth + 1) || on_device(m, field(expr, "right"), fn, depth + 1);
  if (s == k.comparison_operator) {  // `a == b` of tensors is a tensor; `x is None` is not
    std::string_view t = m.text(expr);
    if (t.find(" is ") != std::string_view::npos || t.find(" in ") != std::string_view::npos) return false;
    bool any = false;
    for_each_named_child(expr, [&](TSNode c) { any = any || on_device(m, c, fn, depth + 1); });
    return any;
  }
  if (s != k.call) return false;
  TSNode f = field(expr, "function");
  TSNode args = arguments(expr);
  auto any_arg = [&] {
    bool any = false;
    if (!ts_node_is_null(args))
      for_each_named_child(args, [&](TSNode a) {
        if (ts_node_symbol(a) == k.keyword_argument) a = field(a, "value");
        any = any || on_device(m, a, fn, depth + 1);
      });
    return any;
  };
  if (ts_node_symbol(f) == k.attribute) {
    std::string_view method = m.text(field(f, "attribute"));
    TSNode receiver = field(f, "object");
    if (method == "cuda") return true;
    if (method == "to") {
      bool placed = false, host = false;
      if (!ts_node_is_null(args))
        for_each_named_child(args, [&](TSNode a) {
          if (ts_node_symbol(a) == k.keyword_argument) {
            if (m.text(field(a, "name")) != "device") return;
            a = field(a, "value");
          }
          if (ts_node_symbol(a) == k.string && !accelerator_string(m.text(a))) host = true;
          else if (device_ish(m, a, fn, depth + 1)) placed = true;
        });
      if (host) return false;
      return placed || on_device(m, receiver, fn, depth + 1);
    }
    if (TorchApi::get().result_on_host(method)) return false;
  }
  std::string c = m.canonical(f);
  if (c.starts_with("torch.")) {
    const ApiEntry* api = TorchApi::get().callable(c);
    if (api && (api->has(kApiFactory) || api->has(kApiLike))) {
      TSNode dev = keyword(m, expr, "device");
      if (!ts_node_is_null(dev)) return device_ish(m, dev, fn, depth + 1);
      return api->has(kApiLike) && !ts_node_is_null(args) && ts_node_named_child_count(args) > 0 &&
             on_device(m, ts_node_named_child(args, 0), fn, depth + 1);
    }
    if (c.starts_with("torch.cuda.") || c.starts_with("torch.backends.")) return false;
    return any_arg();
  }
  if (m.is_model_callee(f) || is_compiled_callable(m, f, fn)) return true;
  Provenance p = m.provenance(expr);
  if (p.model_output || p.loss) return true;
  // A tensor method keeps the tensor's device: x.float(), q.transpose(1, 2), model.generate().
  if (ts_node_symbol(f) == k.attribute) return on_device(m, field(f, "object"), fn, depth + 1);
  return false;
}

// The value is an object built by project or library code (`Trainer(args).cuda()`, a module),
// not a tensor: its methods are code of their own, not tensor operations.
bool object_value(const SemanticModel& m, TSNode expr, int fn) {
  const Kinds& k = kinds();
  for (int depth = 0; depth < 8 && !ts_node_is_null(expr); ++depth) {
    TSSymbol s = ts_node_symbol(expr);
    if (s == k.identifier || (s == k.attribute && m.text(expr).starts_with("self."))) {
      const Assignment* b = m.binding(m.text(expr), ts_node_start_byte(expr), fn);
      if (!b || b->parameter || b->loop_target || ts_node_is_null(b->value)) return false;
      expr = b->value;
      fn = b->fn;
      continue;
    }
    if (s != k.call) return false;
    if (TSNode inner = m.unwrap_module_call(expr); !ts_node_is_null(inner)) {
      expr = inner;
      continue;
    }
    TSNode f = field(expr, "function");
    std::string c = m.canonical(f);
    if (c.starts_with("torch.")) {
      std::string_view seg = last_segment(c);
      return !seg.empty() && std::isupper(static_cast<unsigned char>(seg[0]));  // torch.nn.Linear(...)
    }
    if (ts_node_symbol(f) == k.attribute || m.is_model_callee(f)) return false;  // a tensor method, a model output
    return ts_node_symbol(f) == k.identifier;
  }
  return false;
}

// ---- what one operation does to the timeline --------------------------------------------

// Unknown: a call of code the model does not know, handed nothing on the device here.
enum class Ev : uint8_t { Neutral, Unknown, Work, Sync, Opaque, Long };

struct Event {
  uint32_t end = 0;
  Ev kind = Ev::Neutral;
  TSNode node{};
};

bool names_sync(std::string_view callee) {
  std::string s = lower(callee);
  for (size_t p = s.find("sync"); p != std::string::npos; p = s.find("sync", p + 1))
    if (p == 0 || s[p - 1] != 'a') return true;  // synchronize, cuda_sync; not async
  return s.find("barrier") != std::string::npos;
}

bool any_device_argument(const SemanticModel& m, TSNode call, int fn) {
  bool any = false;
  TSNode args = arguments(call);
  if (!ts_node_is_null(args))
    for_each_named_child(args, [&](TSNode a) {
      if (ts_node_symbol(a) == kinds().keyword_argument) a = field(a, "value");
      if (is_kind(a, "list_splat") || is_kind(a, "dictionary_splat")) a = ts_node_named_child(a, 0);
      any = any || on_device(m, a, fn, 0);
    });
  return any;
}

// A condition that reads a device tensor on the host: `if (tok == eos).all():`, `while not done:`
// (`x is None` compares identities and reads nothing).
bool condition_reads_device(const SemanticModel& m, TSNode cond, int fn) { return on_device(m, cond, fn, 0); }

Ev summarize_body(const SemanticModel& m, TSNode def, TSNode call, int depth);

// What a call does: queue GPU work, wait for the device, run unknown code on device tensors
// (which may wait), or run a whole loop over data (an epoch: wall-clock time, not a benchmark).
Ev classify_call(const SemanticModel& m, TSNode call, int fn, int depth) {
  const Kinds& k = kinds();
  TSNode f = field(call, "function");
  std::string c = m.canonical(f);
  if (is_clock_api(c)) return Ev::Neutral;
  std::string_view name = callee_name(m, call);
  bool method = ts_node_symbol(f) == k.attribute;
  TSNode receiver = method ? field(f, "object") : TSNode{};
  // Waits for the device.
  // An event's `query()` polls it.
  if (method && (TorchApi::get().method_has(name, kApiReadsHost) || name == "query")) return Ev::Sync;
  if (names_sync(name)) return Ev::Sync;
  if (TorchApi::get().callable_has(c, kApiReadsHost)) return Ev::Sync;  // torch.equal, torch.save, ...
  if (method && (name == "to" || name == "cuda")) {
    bool to_host = false;
    if (name == "to") {
      TSNode args = arguments(call);
      if (!ts_node_is_null(args))
        for_each_named_child(args, [&](TSNode a) {
          if (ts_node_symbol(a) == k.keyword_argument) a = field(a, "value");
          if (ts_node_symbol(a) == k.string && m.text(a).find("cpu") != std::string_view::npos) to_host = true;
        });
    }
    if (to_host) return Ev::Sync;
    if (on_device(m, receiver, fn, 0)) return Ev::Work;  // a cast on the device
    // An asynchronous copy of a batch is data loading, not the work being timed.
    TSNode nb = keyword(m, call, "non_blocking");
    if (!ts_node_is_null(nb) && !is_kind(nb, "false")) return Ev::Neutral;
    return Ev::Sync;  // a blocking host-to-device copy waits for the stream
  }
  bool host_read_builtin = one_of(m.text(f), {"print", "round"}) ||
                           TorchApi::get().method_has(TorchApi::dunder_of_builtin(m.text(f)), kApiReadsHost);
  if (!method && host_read_builtin && any_device_argument(m, call, fn))
    return Ev::Sync;
  if (method && name == "format" && ts_node_symbol(receiver) == k.string && any_device_argument(m, call, fn)) return Ev::Sync;
  if (method && name == "step" && m.is_grad_scaler(receiver)) return Ev::Sync;  // reads found_inf on the host
  if (method && name == "update" && m.is_grad_scaler(receiver)) return Ev::Neutral;
  // GPU work.
  if (m.is_backward_call(call) || c == "torch.autograd.grad") return Ev::Work;
  if (method && name == "step" && m.is_optimizer(receiver)) return Ev::Work;
  if (method && TorchApi::get().reads_metadata(name, true)) return Ev::Neutral;
  if (method && one_of(name, {"zero_grad", "eval", "train", "record", "elapsed_time", "parameters", "named_parameters",
                              "state_dict", "requires_grad_", "register_forward_hook", "items", "keys", "values", "get",
                              "record_function"}))
    return Ev::Neutral;
  if (method && name == "replay") {
    const Assignment* b = m.binding(m.text(receiver), ts_node_start_byte(receiver), fn);
    if (b && !ts_node_is_null(b->value) && ts_node_symbol(b->value) == k.call &&
        m.canonical(field(b->value, "function")).ends_with("CUDAGraph"))
      return Ev::Work;
  }
  if (c.starts_with("torch.")) {
    if (c.starts_with("torch.cuda.") && !c.starts_with("torch.cuda.comm.")) return Ev::Neutral;
    if (TorchApi::get().callable_has(c, kApiFactory) || TorchApi::get().callable_has(c, kApiLike))
      return on_device(m, call, fn, 0) ? Ev::Work : Ev::Neutral;
    return any_device_argument(m, call, fn) ? Ev::Work : Ev::Neutral;
  }
  if (TSNode compiled = compile_call(m, f, fn); !ts_node_is_null(compiled)) {
    // A compiled function of this file does what its body does (a synchronize in it stays).
    TSNode def = compiled_definition(m, compiled);
    if (ts_node_is_null(def)) return Ev::Work;
    return depth == 0 ? summarize_body(m, def, call, depth + 1) : Ev::Opaque;
  }
  // A helper of this file: what its body does. Inside a helper, another helper is not
  // followed (evidence two calls away is too weak to call it GPU work).
  if (TSNode def = local_definition(m, call); !ts_node_is_null(def)) {
    if (depth == 0) return summarize_body(m, def, call, depth + 1);
    return any_device_argument(m, call, fn) ? Ev::Opaque : Ev::Unknown;
  }
  if (m.is_model_callee(f) || m.provenance(call).loss) return Ev::Work;
  // Another method of a module (`model.generate`, `model.get_current_losses()`): its own code,
  // which may read results on the host; what the project says it does, else unknown.
  bool module_method = method && m.is_model_callee_object(receiver);
  if (m.call_resolves(call)) {
    // A method matched by its name only may be any method of that name: unknown code.
    if (m.call_target(call).starts_with("*.")) return any_device_argument(m, call, fn) ? Ev::Opaque : Ev::Unknown;
    uint32_t e = m.call_effects(call, kSyncs | kSteps | kRunsModel | kBackward);
    if (e & kSyncs) return Ev::Sync;
    if ((e & kBackward) && !(e & kSteps)) return Ev::Long;  // trains in a loop of its own
    if (e & (kSteps | kRunsModel | kBackward)) return depth == 0 ? Ev::Work : Ev::Opaque;
  }
  if (module_method) return on_device(m, receiver, fn, 0) || any_device_argument(m, call, fn) ? Ev::Opaque : Ev::Unknown;
  if (method && on_device(m, receiver, fn, 0))  // a tensor method: out.sum(), x.add_(y)
    return object_value(m, receiver, fn) ? Ev::Opaque : Ev::Work;
  // Containers only hold what they are given.
  if (method && one_of(name, {"append", "extend", "insert", "add", "setdefault", "pop", "put_nowait"})) return Ev::Neutral;
  if (!method && one_of(m.text(f), {"len", "isinstance", "list", "tuple", "dict", "zip", "enumerate", "range", "id",
                                    "type", "getattr", "setattr", "hasattr", "iter", "next", "min", "max", "sum"}))
    return Ev::Neutral;
  return any_device_argument(m, call, fn) ? Ev::Opaque : Ev::Unknown;
}

// `range(N)` / `range(a, b)` of integer literals (directly or through a name bound to one)
// with at most `limit` steps.
bool literal_range_at_most(const SemanticModel& m, TSNode iterable, long limit) {
  const Kinds& k = kinds();
  if (ts_node_symbol(iterable) != k.call || m.text(field(iterable, "function")) != "range") return false;
  TSNode args = arguments(iterable);
  if (ts_node_is_null(args) || ts_node_named_child_count(args) == 0 || ts_node_named_child_count(args) > 2) return false;
  long values[2] = {0, 0};
  uint32_t n = ts_node_named_child_count(args);
  for (uint32_t i = 0; i < n; ++i) {
    TSNode a = ts_node_named_child(args, i);
    if (ts_node_symbol(a) == k.identifier) {  // n_iter = 5
      const Assignment* b = m.binding(m.text(a), ts_node_start_byte(a), m.function_of(a));
      if (b && !b->parameter && !ts_node_is_null(b->value)) a = b->value;
    }
    if (ts_node_symbol(a) != k.integer) return false;
    std::string digits(m.text(a));
    digits.erase(std::remove(digits.begin(), digits.end(), '_'), digits.end());  // 10_000
    values[i] = std::strtol(digits.c_str(), nullptr, 0);
  }
  long count = n == 1 ? values[0] : values[1] - values[0];
  return count <= limit;
}

// A loop over a data loader, or one that trains over a range that is not a literal one:
// timing around it measures wall-clock time of an epoch, where queued work is noise.
bool long_loop(const SemanticModel& m, TSNode loop) {
  if (ts_node_symbol(loop) == kinds().for_statement) {
    TSNode right = field(loop, "right");
    if (m.is_data_source(right)) return true;
    if (literal_range_at_most(m, right, std::numeric_limits<long>::max())) return false;
  }
  const LoopInfo* info = m.loop(loop);
  return info && info->reaches_backward;
}

// The operations of `root` whose bytes lie in [from, to), not in nested functions, in the
// order they finish; operations that can never run in the same pass as `avoid` are left out.
void collect_events(const SemanticModel& m, TSNode root, uint32_t from, uint32_t to, TSNode avoid, int depth,
                    std::vector<Event>& out) {
  const Kinds& k = kinds();
  // The function the stretch lies in: the body's for a function (broken code may have none).
  TSNode body = ts_node_symbol(root) == k.module ? TSNode{} : field(root, "body");
  int fn = m.function_of(ts_node_is_null(body) ? root : body);
  walk(root, [&](TSNode n) {
    if (ts_node_end_byte(n) <= from || ts_node_start_byte(n) >= to) return false;
    TSSymbol s = ts_node_symbol(n);
    if (!same_node(n, root) && is_scope_boundary(s)) return false;
    if (ts_node_start_byte(n) < from || ts_node_end_byte(n) > to) return true;  // partly inside: look within
    if (!ts_node_is_null(avoid) && exclusive(m, n, avoid)) return false;
    Ev kind = Ev::Neutral;
    TSNode at = n;
    if (s == k.call) {
      kind = classify_call(m, n, fn, depth);
    } else if (s == k.binary_operator) {
      TSNode left = field(n, "left");
      bool formatting = ts_node_symbol(left) == k.string;
      bool device = on_device(m, left, fn, 0) || on_device(m, field(n, "right"), fn, 0);
      kind = device ? (formatting ? Ev::Sync : Ev::Work) : Ev::Neutral;
    } else if (s == k.augmented_assignment) {
      if (on_device(m, field(n, "right"), fn, 0)) kind = Ev::Work;
    } else if (s == k.interpolation) {
      if (on_device(m, field(n, "expression"), fn, 0)) kind = Ev::Sync;
    } else if (s == k.if_statement || s == k.elif_clause || s == k.while_statement) {
      at = field(n, "condition");
      if (condition_reads_device(m, at, fn)) kind = Ev::Sync;
    } else if (is_kind(n, "assert_statement")) {
      if (condition_reads_device(m, ts_node_named_child(n, 0), fn)) kind = Ev::Sync;
    }
    if ((s == k.for_statement || s == k.while_statement) && long_loop(m, n)) {
      out.push_back({ts_node_end_byte(n), Ev::Long, n});
      return false;
    }
    if (kind != Ev::Neutral && !ts_node_is_null(at)) out.push_back({ts_node_end_byte(at), kind, at});
    return true;
  }, [](TSNode) {});
}

// Orders one stretch of events as they complete; on a tie the outer (waiting) one comes last.
void order(std::vector<Event>& v, size_t begin) {
  std::stable_sort(v.begin() + static_cast<long>(begin), v.end(), [](const Event& a, const Event& b) {
    if (a.end != b.end) return a.end < b.end;
    return a.kind == Ev::Work && b.kind != Ev::Work;
  });
}

// What a helper's body amounts to for its caller: it waits (anywhere in it), runs an epoch,
// queues work, or hands device tensors to unknown code. A helper that is handed device
// tensors and does nothing the model recognises computes with them: work.
Ev summarize_body(const SemanticModel& m, TSNode def, TSNode call, int depth) {
  TSNode body = field(def, "body");
  if (ts_node_is_null(body)) return Ev::Neutral;
  std::vector<Event> events;
  collect_events(m, def, ts_node_start_byte(body), ts_node_end_byte(body), {}, depth, events);
  bool work = false, opaque = false, unknown = false;
  for (const Event& e : events) {
    if (e.kind == Ev::Long) return Ev::Long;
    if (e.kind == Ev::Sync) return Ev::Sync;
    work = work || e.kind == Ev::Work;
    opaque = opaque || e.kind == Ev::Opaque;
    unknown = unknown || e.kind == Ev::Unknown;
  }
  if (opaque) return Ev::Opaque;
  if (work) return Ev::Work;
  // Handed device values, it computes with them, unless it hands them on to code we do not
  // know (a pipeline passed in as a parameter).
  if (!any_device_argument(m, call, m.function_of(call))) return Ev::Unknown;
  return unknown ? Ev::Opaque : Ev::Work;
}

// Something in the body waits for the device (a clock helper that synchronizes first).
bool waits_for_device(const SemanticModel& m, TSNode root) {
  bool waits = false;
  walk(root, [&](TSNode n) {
    if (waits || is_scope_boundary(ts_node_symbol(n))) return false;
    if (ts_node_symbol(n) == kinds().call) {
      std::string_view name = callee_name(m, n);
      if (names_sync(name) || TorchApi::get().copies_to_host(name)) waits = true;
    }
    return true;
  }, [](TSNode) {});
  return waits;
}

// The last operation of a region that matters: GPU work still queued when the clock is read,
// or null when the region ends waiting (or in unknown code, or spans an epoch).
std::optional<Event> last_unwaited_work(const std::vector<Event>& events) {
  for (const Event& e : events)
    if (e.kind == Ev::Long) return std::nullopt;
  for (auto it = events.rbegin(); it != events.rend(); ++it) {
    if (it->kind == Ev::Work) return *it;
    if (it->kind != Ev::Neutral && it->kind != Ev::Unknown) return std::nullopt;
  }
  return std::nullopt;
}

std::string short_text(std::string_view t) {
  std::string out;
  for (char ch : t) {
    if (ch == '\n' || ch == '\r') continue;
    if (ch == ' ' && !out.empty() && out.back() == ' ') continue;
    out += ch;
  }
  if (out.size() > 48) out = out.substr(0, 45) + "...";
  return out;
}

// The text a finding names for a piece of work: `model(x)`, `loss.backward()`, `a @ b`.
std::string work_text(const SemanticModel& m, TSNode n) {
  if (ts_node_symbol(n) == kinds().call && m.text(n).size() > 48)
    return short_text(m.text(field(n, "function"))) + "(...)";
  return short_text(m.text(n));
}

// What the timing predicates ask of a whole file, computed once per file (they run at many
// nodes): whether it uses CUDA (it says `cuda` somewhere: `torch.cuda`, `.cuda()`,
// `device="cuda"`; a file that only speaks of a `device` may well run on the CPU or on XLA),
// and the names of its functions that read `clock() - start` (timer helpers).
struct FileFacts {
  const SemanticModel* model = nullptr;
  const char* source = nullptr;
  size_t nodes = 0;
  bool accelerator = false;
  std::unordered_set<std::string> elapsed_helpers;
};

const FileFacts& file_facts(const SemanticModel& m) {
  static thread_local FileFacts facts;
  if (facts.model == &m && facts.source == m.source().data() && facts.nodes == m.node_count()) return facts;
  facts = FileFacts{};
  facts.model = &m;
  facts.source = m.source().data();
  facts.nodes = m.node_count();
  facts.accelerator = m.source().find("cuda") != std::string_view::npos;
  if (!facts.accelerator) return facts;
  const Kinds& k = kinds();
  for (size_t i = 0; i < m.node_count(); ++i) {
    TSNode n = m.node_at(i);
    if (ts_node_symbol(n) != k.binary_operator || ts_node_symbol(field(n, "left")) != k.call) continue;
    if (!is_clock_api(m.canonical(field(field(n, "left"), "function")))) continue;
    for (TSNode p : m.ancestors(n))
      if (ts_node_symbol(p) == k.function_definition) {
        facts.elapsed_helpers.emplace(m.text(field(p, "name")));
        break;
      }
  }
  return facts;
}

bool uses_accelerator(const SemanticModel& m) { return file_facts(m).accelerator; }

// ---- clock pairs --------------------------------------------------------------------------

// The assignment of `name` in scope `fn` that is the last to end before `pos`.
const Assignment* assignment_before(const SemanticModel& m, int fn, std::string_view name, uint32_t pos) {
  const Assignment* last = nullptr;
  if (const auto* list = m.assignments(fn, name))
    for (const Assignment& a : *list)
      if (a.pos <= pos && !a.augmented) last = &a;
  return last;
}

// `expr` is a clock read, or a name whose latest binding before it is one: the call read.
TSNode clock_value(const SemanticModel& m, TSNode expr, int fn, Clock* kind) {
  const Kinds& k = kinds();
  TSSymbol s = ts_node_symbol(expr);
  if (s == k.call) {
    *kind = clock_read(m, expr);
    return *kind == Clock::None ? TSNode{} : expr;
  }
  if (s != k.identifier && s != k.attribute) return {};
  const Assignment* a = assignment_before(m, fn, m.text(expr), ts_node_start_byte(expr));
  if (!a || ts_node_is_null(a->value)) return {};
  *kind = clock_read(m, a->value);
  return *kind == Clock::None ? TSNode{} : a->value;
}

using Spans = std::vector<std::pair<uint32_t, uint32_t>>;  // stretches [from, to) in the order they run

struct Region {
  TSNode scope{};
  Spans window;  // what the two reads enclose
  // In a loop: from the second read to where the next window starts. GPU time the window
  // missed is charged to the next one unless something in the gap waits for it.
  Spans gap;
  TSNode loop{};  // the loop that repeats the window, if any
};

// The innermost loop holding both a and b (in their function), or null.
TSNode common_loop(const SemanticModel& m, TSNode a, TSNode b) {
  const Kinds& k = kinds();
  for (TSNode p : m.ancestors(a)) {
    TSSymbol s = ts_node_symbol(p);
    if (is_scope_boundary(s)) break;
    if ((s == k.for_statement || s == k.while_statement) && contains_node(p, b)) return p;
  }
  return {};
}

// The stretch of code timed by `end - start` where `end_read` is the second clock read and
// `start` names the first. A read inside a loop that began before the loop times one
// iteration only when the loop sets the start again after the read (`end = time.time()` at
// the bottom); otherwise it is a running total since the start, not a measurement.
bool timed_region(const SemanticModel& m, TSNode end_read, TSNode start, int fn, Region* r) {
  const Kinds& k = kinds();
  TSSymbol s = ts_node_symbol(start);
  if (s != k.identifier && s != k.attribute) return false;
  std::string_view name = m.text(start);
  uint32_t at = ts_node_start_byte(end_read), after = ts_node_end_byte(end_read);
  const Assignment* a = assignment_before(m, fn, name, at);
  r->scope = scope_of(m, end_read);
  if (a && (ts_node_is_null(a->value) || clock_read(m, a->value) == Clock::None)) return false;
  TSNode loop = a ? loop_between(m, end_read, a->value) : TSNode{};
  if (a && ts_node_is_null(loop)) {
    r->window.push_back({a->pos, at});
    r->loop = common_loop(m, a->value, end_read);
    if (TSNode body = ts_node_is_null(r->loop) ? TSNode{} : field(r->loop, "body"); !ts_node_is_null(body)) {
      r->gap.push_back({after, ts_node_end_byte(body)});
      r->gap.push_back({ts_node_start_byte(body), ts_node_start_byte(a->value)});
    }
    return true;
  }
  // Started again after the read, in a loop that holds the read (innermost first): one
  // iteration is timed.
  const auto* list = m.assignments(fn, name);
  if (!list) return false;
  for (TSNode p : m.ancestors(end_read)) {
    if (is_scope_boundary(ts_node_symbol(p))) break;
    if (ts_node_symbol(p) != k.for_statement && ts_node_symbol(p) != k.while_statement) continue;
    if (!ts_node_is_null(loop) && !contains_node(loop, p)) break;  // only loops the start is outside of
    TSNode body = field(p, "body");
    if (ts_node_is_null(body)) continue;
    for (const Assignment& b : *list) {
      if (b.pos <= at || b.pos > ts_node_end_byte(body) || ts_node_is_null(b.value) || b.augmented ||
          clock_read(m, b.value) == Clock::None || conditional_within(m, b.value, p))
        continue;
      r->window.push_back({b.pos, ts_node_end_byte(body)});
      r->window.push_back({ts_node_start_byte(body), at});
      r->gap.push_back({after, ts_node_start_byte(b.value)});
      r->loop = p;
      return true;
    }
  }
  return false;
}

std::vector<Event> span_events(const SemanticModel& m, TSNode scope, const Spans& spans, TSNode avoid) {
  std::vector<Event> events;
  for (const auto& [from, to] : spans) {
    if (from >= to) continue;
    size_t begin = events.size();
    collect_events(m, scope, from, to, avoid, 0, events);
    order(events, begin);
  }
  return events;
}

bool any_wait(const std::vector<Event>& events) {
  return std::any_of(events.begin(), events.end(), [](const Event& e) { return e.kind == Ev::Sync || e.kind == Ev::Opaque; });
}

// Runs whenever `read` runs, within `loop`: no `if`/`try` around it that does not hold `read`.
bool runs_with(const SemanticModel& m, TSNode n, TSNode read, TSNode loop) {
  const Kinds& k = kinds();
  for (TSNode p : m.ancestors(n)) {
    if (same_node(p, loop) || is_scope_boundary(ts_node_symbol(p))) return true;
    TSSymbol s = ts_node_symbol(p);
    bool branch = s == k.if_statement || s == k.elif_clause || s == k.else_clause || s == k.except_clause ||
                  s == k.conditional_expression || is_kind(p, "try_statement");
    if (branch && !contains_node(p, read)) return false;
  }
  return true;
}

// In the branch of an `if` that tests for the CPU (`if device == "cpu":`).
bool in_cpu_branch(const SemanticModel& m, TSNode n) {
  const Kinds& k = kinds();
  TSNode child = n;
  for (TSNode p : m.ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (is_scope_boundary(s)) break;
    if ((s == k.if_statement || s == k.elif_clause) && same_node(field(p, "consequence"), child)) {
      std::string_view cond = m.text(field(p, "condition"));
      for (std::string_view cpu : {"== \"cpu\"", "== 'cpu'"})
        if (cond.find(cpu) != std::string_view::npos) return true;
    }
    child = p;
  }
  return false;
}

// The last operation of the window is GPU work nothing waited for, and the time it still
// needs is lost to the measurement: the window is not repeated, or something between it and
// the next window waits for the device, or nothing in the loop ever waits (the host runs
// ahead and each window measures launches).
std::optional<Event> unwaited_work(const SemanticModel& m, const Region& r, TSNode end_read) {
  std::optional<Event> work = last_unwaited_work(span_events(m, r.scope, r.window, end_read));
  if (!work || ts_node_is_null(r.loop)) return work;
  // A wait under a periodic guard (`if step % 100 == 0:`) loses the time only now and then; one
  // under a setting (`if split == "val":`) does whenever it runs.
  for (const Event& ev : span_events(m, r.scope, r.gap, end_read))
    if ((ev.kind == Ev::Sync || ev.kind == Ev::Opaque) &&
        (runs_with(m, ev.node, end_read, r.loop) || !m.periodic_guarded(ev.node)))
      return work;
  TSNode body = field(r.loop, "body");
  Spans whole{{ts_node_start_byte(body), ts_node_end_byte(body)}};
  if (!long_loop(m, r.loop) && !any_wait(span_events(m, r.scope, whole, {}))) return work;
  return std::nullopt;
}

bool bind_work(const PredicateEnv& e, const std::optional<Event>& work) {
  if (!work) return false;
  e.bindings.literal.insert(e.bindings.literal.begin(), {"WORK", work_text(e.model, work->node)});
  return true;
}

// On `end` of `end - start` (TL701): both are host clock reads, and the last operation
// between them is GPU work nothing waited for.
bool unsynchronized_host_timing(const PredicateEnv& e, TSNode end) {
  const SemanticModel& m = e.model;
  TSNode sub = e.match;
  if (ts_node_symbol(sub) != kinds().binary_operator || !same_node(field(sub, "left"), end)) return false;
  if (!uses_accelerator(m)) return false;
  int fn = m.function_of(sub);
  Clock kind = Clock::None;
  TSNode end_read = clock_value(m, end, fn, &kind);
  if (ts_node_is_null(end_read) || kind != Clock::Plain) return false;
  if (in_cpu_branch(m, end_read)) return false;
  Region r;
  if (!timed_region(m, end_read, field(sub, "right"), fn, &r)) return false;
  return bind_work(e, unwaited_work(m, r, end_read));
}

// ---- timer helpers of the file -------------------------------------------------------------

// The module-level class `name` of this file, or null.
TSNode local_class(const SemanticModel& m, std::string_view name) {
  TSNode out{};
  for_each_named_child(m.node_at(0), [&](TSNode stmt) {
    TSNode d = definition_node(stmt);
    if (ts_node_symbol(d) == kinds().class_definition && m.text(field(d, "name")) == name) out = d;
  });
  return out;
}

TSNode method_of(const SemanticModel& m, TSNode cls, std::string_view name) {
  TSNode out{};
  if (!ts_node_is_null(cls))
    for_each_named_child(field(cls, "body"), [&](TSNode stmt) {
      TSNode d = definition_node(stmt);
      if (ts_node_symbol(d) == kinds().function_definition && m.text(field(d, "name")) == name) out = d;
    });
  return out;
}

// The class of this file an expression is an instance of: `Timer(...)` or a name bound to one.
TSNode instance_of_local_class(const SemanticModel& m, TSNode expr) {
  const Kinds& k = kinds();
  if (ts_node_symbol(expr) == k.identifier || ts_node_symbol(expr) == k.attribute) {
    const Assignment* b = m.binding(m.text(expr), ts_node_start_byte(expr), m.function_of(expr));
    if (!b || b->parameter || ts_node_is_null(b->value)) return {};
    expr = b->value;
  }
  if (ts_node_symbol(expr) != k.call || ts_node_symbol(field(expr, "function")) != k.identifier) return {};
  return local_class(m, m.text(field(expr, "function")));
}

// The `def` of this file a call runs: a function, `self.method`, or a method of a local
// class's instance (`timer.stop()` with `timer = Timer()`).
TSNode called_definition(const SemanticModel& m, TSNode call) {
  TSNode def = local_definition(m, call);
  if (!ts_node_is_null(def)) return def;
  TSNode f = field(call, "function");
  if (ts_node_symbol(f) != kinds().attribute) return {};
  return method_of(m, instance_of_local_class(m, field(f, "object")), m.text(field(f, "attribute")));
}

// The target a helper stores a clock read in (`self.start = time.perf_counter()`,
// `_tic = time.time()`), or "".
std::string stored_clock(const SemanticModel& m, TSNode def) {
  std::string key;
  walk(field(def, "body"), [&](TSNode n) {
    if (!key.empty() || is_scope_boundary(ts_node_symbol(n))) return false;
    if (ts_node_symbol(n) == kinds().assignment && clock_read(m, field(n, "right")) != Clock::None) {
      TSSymbol ls = ts_node_symbol(field(n, "left"));
      if (ls == kinds().identifier || ls == kinds().attribute) key = std::string(m.text(field(n, "left")));
    }
    return true;
  }, [](TSNode) {});
  return key;
}

// The helper reads `clock() - KEY`: returns KEY (and the read), or "" when it reads none or
// waits for the device before the read.
std::string elapsed_clock(const SemanticModel& m, TSNode def, TSNode* read = nullptr) {
  const Kinds& k = kinds();
  TSNode body = field(def, "body");
  std::string key;
  TSNode at{};
  walk(body, [&](TSNode n) {
    if (!key.empty() || is_scope_boundary(ts_node_symbol(n))) return false;
    if (ts_node_symbol(n) == k.binary_operator && m.text(ts_node_child(n, 1)) == "-" &&
        clock_read(m, field(n, "left")) == Clock::Plain) {
      TSSymbol rs = ts_node_symbol(field(n, "right"));
      if (rs == k.identifier || rs == k.attribute) {
        key = std::string(m.text(field(n, "right")));
        at = n;
      }
    }
    return true;
  }, [](TSNode) {});
  if (key.empty()) return key;
  // A wait before the read (after a `yield`, in a context manager) makes it a synchronized read.
  TSNode from = body;
  walk(body, [&](TSNode n) {
    if (is_scope_boundary(ts_node_symbol(n))) return false;
    if (ts_node_symbol(n) == k.yield && ts_node_end_byte(n) <= ts_node_start_byte(at)) from = n;
    return true;
  }, [](TSNode) {});
  std::vector<Event> events;
  uint32_t begin = same_node(from, body) ? ts_node_start_byte(body) : ts_node_end_byte(from);
  collect_events(m, def, begin, ts_node_start_byte(at), {}, 1, events);
  for (const Event& e : events)
    if (e.kind == Ev::Sync || e.kind == Ev::Opaque) return "";
  if (read) *read = at;
  return key;
}

bool is_context_manager_function(const SemanticModel& m, TSNode def) {
  TSNode parent = m.parent(def);
  if (!is_kind(parent, "decorated_definition")) return false;
  bool found = false;
  for_each_named_child(parent, [&](TSNode d) {
    if (ts_node_symbol(d) == kinds().decorator && m.text(d).find("contextmanager") != std::string_view::npos) found = true;
  });
  return found;
}

// The window a timer helper call closes: `with timer():` encloses its body; `toc()` /
// `timer.stop()` closes the stretch since the last call that started the same clock.
bool helper_region(const SemanticModel& m, TSNode call, Region* r) {
  const Kinds& k = kinds();
  r->scope = scope_of(m, call);
  TSNode parent = m.parent(call);
  if (is_kind(parent, "as_pattern")) parent = m.parent(parent);
  if (ts_node_symbol(parent) == k.with_item) {
    TSNode clause = m.parent(parent);
    TSNode with = ts_node_is_null(clause) ? TSNode{} : m.parent(clause);
    if (ts_node_is_null(with) || ts_node_symbol(with) != k.with_statement) return false;
    TSNode def = called_definition(m, call);
    bool timed = false;
    if (!ts_node_is_null(def) && is_context_manager_function(m, def)) {
      std::string key = elapsed_clock(m, def);
      timed = !key.empty() && key == stored_clock(m, def);
    } else if (TSNode cls = ts_node_symbol(field(call, "function")) == k.identifier
                                ? local_class(m, m.text(field(call, "function"))) : TSNode{};
               !ts_node_is_null(cls)) {
      TSNode enter = method_of(m, cls, "__enter__"), exit = method_of(m, cls, "__exit__");
      if (!ts_node_is_null(enter) && !ts_node_is_null(exit)) {
        std::string key = elapsed_clock(m, exit);
        timed = !key.empty() && key == stored_clock(m, enter);
      }
    }
    if (!timed) return false;
    TSNode body = field(with, "body");
    r->window.push_back({ts_node_start_byte(body), ts_node_end_byte(body)});
    for (TSNode p : m.ancestors(with)) {
      if (is_scope_boundary(ts_node_symbol(p))) break;
      if (ts_node_symbol(p) == k.for_statement || ts_node_symbol(p) == k.while_statement) {
        r->loop = p;
        break;
      }
    }
    if (!ts_node_is_null(r->loop)) {
      TSNode lb = field(r->loop, "body");
      r->gap.push_back({ts_node_end_byte(with), ts_node_end_byte(lb)});
      r->gap.push_back({ts_node_start_byte(lb), ts_node_start_byte(with)});
    }
    return true;
  }
  TSNode def = called_definition(m, call);
  if (ts_node_is_null(def) || is_context_manager_function(m, def)) return false;
  std::string key = elapsed_clock(m, def);
  if (key.empty()) return false;
  // The last call before it, in this function, of a helper that starts the same clock (on
  // the same object, for methods).
  TSNode f = field(call, "function");
  std::string_view receiver = ts_node_symbol(f) == k.attribute ? m.text(field(f, "object")) : std::string_view{};
  TSNode start{};
  walk(r->scope, [&](TSNode n) {
    if (ts_node_start_byte(n) >= ts_node_start_byte(call)) return false;
    if (!same_node(n, r->scope) && is_scope_boundary(ts_node_symbol(n))) return false;
    if (ts_node_symbol(n) != k.call || exclusive(m, n, call)) return true;
    TSNode g = field(n, "function");
    std::string_view other = ts_node_symbol(g) == k.attribute ? m.text(field(g, "object")) : std::string_view{};
    if (other != receiver) return true;
    TSNode d = called_definition(m, n);
    if (!ts_node_is_null(d) && stored_clock(m, d) == key) start = n;
    return true;
  }, [](TSNode) {});
  if (ts_node_is_null(start) || !ts_node_is_null(loop_between(m, call, start))) return false;
  r->window.push_back({ts_node_end_byte(start), ts_node_start_byte(call)});
  r->loop = common_loop(m, start, call);
  if (!ts_node_is_null(r->loop)) {
    TSNode body = field(r->loop, "body");
    r->gap.push_back({ts_node_end_byte(call), ts_node_end_byte(body)});
    r->gap.push_back({ts_node_start_byte(body), ts_node_start_byte(start)});
  }
  return true;
}

// On a call of a timer helper of this file (TL701): `with timer(...):`, `toc()`,
// `timer.stop()` whose clock read closes a window ending with GPU work nothing waited for.
bool unsynchronized_timer_helper(const PredicateEnv& e, TSNode call) {
  const SemanticModel& m = e.model;
  if (ts_node_symbol(call) != kinds().call) return false;
  const FileFacts& facts = file_facts(m);
  if (facts.elapsed_helpers.empty()) return false;
  // `with timer():` names the context manager; `toc()` / `timer.stop()` the helper itself.
  std::string_view name = callee_name(m, call);
  bool candidate = facts.elapsed_helpers.count(std::string(name)) > 0;
  if (!candidate && (facts.elapsed_helpers.count("__exit__") > 0)) candidate = std::isupper(static_cast<unsigned char>(name.empty() ? 'a' : name[0]));
  if (!candidate || in_cpu_branch(m, call)) return false;
  Region r;
  if (!helper_region(m, call, &r)) return false;
  return bind_work(e, unwaited_work(m, r, call));
}

// On the statement argument of `timeit.timeit(stmt, ...)` / `timeit.repeat`: a lambda or a
// function of this file whose last operation is GPU work nothing waits for.
bool times_unsynchronized_callable(const PredicateEnv& e, TSNode stmt) {
  const SemanticModel& m = e.model;
  if (!uses_accelerator(m)) return false;
  const Kinds& k = kinds();
  TSNode body{}, root{};
  if (ts_node_symbol(stmt) == k.lambda) {
    root = stmt;
    body = field(stmt, "body");
  } else if (ts_node_symbol(stmt) == k.identifier) {
    // A function of this file, named as the statement.
    for_each_named_child(m.node_at(0), [&](TSNode c) {
      TSNode d = definition_node(c);
      if (ts_node_symbol(d) == k.function_definition && m.text(field(d, "name")) == m.text(stmt)) {
        root = d;
        body = field(d, "body");
      }
    });
  }
  if (ts_node_is_null(body)) return false;
  std::vector<Event> events;
  collect_events(m, root, ts_node_start_byte(body), ts_node_end_byte(body), {}, 0, events);
  order(events, 0);
  return bind_work(e, last_unwaited_work(events));
}

// ---- CUDA events ----------------------------------------------------------------------------

// What an event expression stands for across the loops that fill lists of events:
// `ends[i]` -> `ends`; `e` of `for s, e in zip(starts, ends)` (or a comprehension) -> `ends`.
std::string event_root(const SemanticModel& m, TSNode expr) {
  const Kinds& k = kinds();
  while (ts_node_symbol(expr) == k.subscript) expr = field(expr, "value");
  std::string_view name = m.text(expr);
  if (ts_node_symbol(expr) != k.identifier) return std::string(name);
  for (TSNode p : m.ancestors(expr)) {
    TSSymbol s = ts_node_symbol(p);
    if (s == k.function_definition || s == k.class_definition) break;
    TSNode left{}, right{};
    if (s == k.for_statement) {
      left = field(p, "left");
      right = field(p, "right");
    } else if (s == k.list_comprehension || s == k.generator_expression || is_kind(p, "set_comprehension") ||
               is_kind(p, "dictionary_comprehension")) {
      for_each_named_child(p, [&](TSNode c) {
        if (is_kind(c, "for_in_clause")) {
          left = field(c, "left");
          right = field(c, "right");
        }
      });
    }
    if (ts_node_is_null(left) || ts_node_is_null(right) || ts_node_symbol(right) != k.call ||
        m.text(field(right, "function")) != "zip")
      continue;
    // The position of the name among the targets picks the zipped list.
    int index = -1, i = 0;
    for_each_named_child(left, [&](TSNode t) {
      if (m.text(t) == name) index = i;
      ++i;
    });
    TSNode args = arguments(right);
    if (index >= 0 && !ts_node_is_null(args) && static_cast<uint32_t>(index) < ts_node_named_child_count(args))
      return event_root(m, ts_node_named_child(args, static_cast<uint32_t>(index)));
  }
  return std::string(name);
}

// A call of a project function in [from, to) that is not known to only queue work.
bool project_call_between(const SemanticModel& m, TSNode scope, uint32_t from, uint32_t to) {
  bool found = false;
  walk(scope, [&](TSNode n) {
    if (found || ts_node_end_byte(n) <= from || ts_node_start_byte(n) >= to) return false;
    if (!same_node(n, scope) && is_scope_boundary(ts_node_symbol(n))) return false;
    if (ts_node_symbol(n) == kinds().call && ts_node_start_byte(n) >= from && ts_node_end_byte(n) <= to &&
        m.call_resolves(n) && !m.call_effects(n, kRunsModel | kSteps))
      found = true;
    return true;
  }, [](TSNode) {});
  return found;
}

// On `end` of `start.elapsed_time(end)` (TL703): the last `end.record()` before it in this
// function is not followed by anything that waits for the device.
bool event_read_unsynchronized(const PredicateEnv& e, TSNode end) {
  const SemanticModel& m = e.model;
  const Kinds& k = kinds();
  TSNode call = e.match;
  std::string root = event_root(m, end);
  // Built here by something other than an Event (a timer class of the project with its own
  // `record()` / `elapsed_time()`): not a CUDA event.
  if (const Assignment* b = m.binding(root, ts_node_start_byte(call), m.function_of(call));
      b && !b->parameter && !b->loop_target && !ts_node_is_null(b->value) &&
      m.text(b->value).find("Event") == std::string_view::npos)
    return false;
  TSNode scope = scope_of(m, call);
  TSNode record{};
  walk(scope, [&](TSNode n) {
    if (ts_node_start_byte(n) >= ts_node_start_byte(call)) return false;
    if (!same_node(n, scope) && is_scope_boundary(ts_node_symbol(n))) return false;
    if (ts_node_symbol(n) != k.call) return true;
    TSNode f = field(n, "function");
    if (ts_node_symbol(f) != k.attribute || ts_node_end_byte(n) > ts_node_start_byte(call)) return true;
    std::string_view method = m.text(field(f, "attribute"));
    bool records = false;
    if (method == "record") records = event_root(m, field(f, "object")) == root;
    if (method == "record_event") {  // stream.record_event(end)
      TSNode args = arguments(n);
      records = !ts_node_is_null(args) && ts_node_named_child_count(args) > 0 &&
                event_root(m, ts_node_named_child(args, 0)) == root;
    }
    if (records && !exclusive(m, n, call)) record = n;
    return true;
  }, [](TSNode) {});
  if (ts_node_is_null(record)) return false;
  std::vector<Event> events;
  collect_events(m, scope, ts_node_end_byte(record), ts_node_start_byte(call), call, 0, events);
  for (const Event& ev : events)
    if (ev.kind == Ev::Sync || ev.kind == Ev::Opaque || ev.kind == Ev::Long) return false;
  // A helper of another file may wait for the device without reading a tensor.
  return !project_call_between(m, scope, ts_node_end_byte(record), ts_node_start_byte(call));
}

// ---- warm-up ------------------------------------------------------------------------------

bool mentions_warmup(std::string_view text) { return lower(text).find("warm") != std::string::npos; }

// `for _ in range(N)` (also through `tqdm(range(N))` / `enumerate`), `itertools.repeat`, or a
// `while` loop: repetitions of a benchmark, not an epoch over data.
bool repetition_loop(const SemanticModel& m, TSNode loop) {
  const Kinds& k = kinds();
  if (ts_node_symbol(loop) == k.while_statement) return true;
  TSNode right = field(loop, "right");
  while (ts_node_symbol(right) == k.call) {
    std::string c = m.canonical(field(right, "function"));
    if (c == "range" || c == "itertools.repeat") return true;
    TSNode args = arguments(right);
    bool wrapper = c == "enumerate" || last_segment(c) == "tqdm" || last_segment(c) == "trange";
    if (last_segment(c) == "trange") return true;
    if (!wrapper || ts_node_is_null(args) || ts_node_named_child_count(args) == 0) return false;
    right = ts_node_named_child(args, 0);
  }
  return false;
}

// The statement before `stmt` in its block that starts the timing: `X = time.perf_counter()`
// (sets *clock to X) or `EV.record()` (sets *event to EV). Simple statements in between
// (`torch.cuda.synchronize()`) are skipped; a compound one ends the search.
TSNode timing_start(const SemanticModel& m, TSNode stmt, std::string* clock, std::string* event) {
  const Kinds& k = kinds();
  for (TSNode prev = ts_node_prev_named_sibling(stmt); !ts_node_is_null(prev); prev = ts_node_prev_named_sibling(prev)) {
    if (ts_node_symbol(prev) == k.comment) continue;
    if (ts_node_symbol(prev) != k.expression_statement) return {};
    TSNode e = ts_node_named_child(prev, 0);
    if (ts_node_symbol(e) == k.assignment) {
      TSNode left = field(e, "left"), right = field(e, "right");
      if ((ts_node_symbol(left) == k.identifier || ts_node_symbol(left) == k.attribute) &&
          clock_read(m, right) != Clock::None) {
        *clock = std::string(m.text(left));
        return prev;
      }
    } else if (ts_node_symbol(e) == k.call && callee_name(m, e) == "record" &&
               ts_node_symbol(field(e, "function")) == k.attribute) {
      *event = std::string(m.text(field(field(e, "function"), "object")));
      return prev;
    }
  }
  return {};
}

// A read after `stmt` (in the statements that follow it in its block) that ends the timing
// begun by `clock` or `event`: `time.perf_counter() - X`, `t1 - X`, `EV.elapsed_time(...)`.
bool timing_end_after(const SemanticModel& m, TSNode stmt, const std::string& clock, const std::string& event) {
  const Kinds& k = kinds();
  bool found = false;
  for (TSNode next = ts_node_next_named_sibling(stmt); !found && !ts_node_is_null(next); next = ts_node_next_named_sibling(next)) {
    walk(next, [&](TSNode n) {
      if (found || is_scope_boundary(ts_node_symbol(n))) return false;
      if (!clock.empty() && ts_node_symbol(n) == k.binary_operator && m.text(field(n, "right")) == clock &&
          m.text(ts_node_child(n, 1)) == "-") {
        Clock kind = Clock::None;
        found = !ts_node_is_null(clock_value(m, field(n, "left"), m.function_of(n), &kind));
      }
      if (!event.empty() && ts_node_symbol(n) == k.call && callee_name(m, n) == "elapsed_time" &&
          ts_node_symbol(field(n, "function")) == k.attribute && m.text(field(field(n, "function"), "object")) == event)
        found = true;
      return true;
    }, [](TSNode) {});
  }
  return found;
}

// The key of the code a benchmark loop runs: the callee's text (`model`, `fn`, `self.attn`).
void work_callees(const SemanticModel& m, TSNode loop, std::vector<std::string>* out) {
  std::vector<Event> events;
  TSNode body = field(loop, "body");
  collect_events(m, scope_of(m, loop), ts_node_start_byte(body), ts_node_end_byte(body), {}, 0, events);
  for (const Event& e : events)
    if ((e.kind == Ev::Work || e.kind == Ev::Opaque) && ts_node_symbol(e.node) == kinds().call) {
      TSNode f = field(e.node, "function");
      if (m.is_backward_call(e.node) || (ts_node_symbol(f) == kinds().attribute && callee_name(m, e.node) == "step")) continue;
      out->push_back(std::string(m.text(f)));
    }
}

// How the function holding n is called in this file: more than once or in a loop (an earlier
// call warms up a later one) -> -1; else the number of calls (0 or 1), the call in *site.
int calls_of_enclosing_function(const SemanticModel& m, TSNode n, TSNode* site) {
  const Kinds& k = kinds();
  const FunctionInfo* f = m.function(m.function_of(n));
  if (!f) return 1;  // module-level code runs once
  int calls = 0;
  for (size_t i = 0; i < m.call_count(); ++i) {
    TSNode c = m.call_node(static_cast<uint32_t>(i));
    if (ts_node_symbol(c) != k.call || contains_node(f->node, c)) continue;
    if (callee_name(m, c) != f->name) continue;
    ++calls;
    *site = c;
    for (TSNode p : m.ancestors(c)) {
      if (is_scope_boundary(ts_node_symbol(p))) break;
      if (ts_node_symbol(p) == k.for_statement || ts_node_symbol(p) == k.while_statement) return -1;
    }
  }
  return calls > 1 ? -1 : calls;
}

// The parameter of the function around n that the callee text is rooted at (`model` of
// `model.forward`; never `self`), or -1.
int parameter_index(const SemanticModel& m, std::string_view callee, TSNode n) {
  std::string_view root = callee.substr(0, callee.find_first_of(".(["));
  const FunctionInfo* f = m.function(m.function_of(n));
  if (root == "self" || !f) return -1;
  const Assignment* b = m.binding(root, ts_node_start_byte(n), m.function_of(n));
  if (!b || !b->parameter) return -1;
  int index = 0, found = -1;
  for_each_named_child(field(f->node, "parameters"), [&](TSNode p) {
    TSNode name = ts_node_symbol(p) == kinds().identifier ? p : field(p, "name");
    if (ts_node_symbol(p) == kinds().typed_parameter) name = ts_node_named_child(p, 0);
    if (!ts_node_is_null(name) && m.text(name) == root) found = index;
    ++index;
  });
  return found;
}

// At the one call of the benchmark function, the code handed in for parameter `index` ran
// before (called, or handed to another function that may run it), or the caller speaks of
// warm-up: the benchmark starts warm.
bool caller_warmed_up(const SemanticModel& m, TSNode site, int index) {
  const Kinds& k = kinds();
  TSNode args = arguments(site);
  if (ts_node_is_null(args) || index < 0 || static_cast<uint32_t>(index) >= ts_node_named_child_count(args)) return true;
  TSNode arg = ts_node_named_child(args, static_cast<uint32_t>(index));
  if (ts_node_symbol(arg) == k.keyword_argument) return true;  // not positional: no claim
  std::string_view passed = m.text(arg);
  TSNode scope = scope_of(m, site);
  uint32_t from = ts_node_start_byte(scope);
  if (mentions_warmup(m.source().substr(from, ts_node_start_byte(site) - from))) return true;
  bool ran = false;
  walk(scope, [&](TSNode n) {
    if (ran || ts_node_start_byte(n) >= ts_node_start_byte(site)) return false;
    if (!same_node(n, scope) && is_scope_boundary(ts_node_symbol(n))) return false;
    if (ts_node_symbol(n) != k.call) return true;
    TSNode f = field(n, "function");
    if (m.text(f) == passed) ran = true;
    if (!m.canonical(f).starts_with("torch.") && !ts_node_is_null(arguments(n)))
      for_each_named_child(arguments(n), [&](TSNode a) {
        if (ts_node_symbol(a) == k.keyword_argument) a = field(a, "value");
        if (m.text(a) == passed) ran = true;
      });
    return true;
  }, [](TSNode) {});
  return ran;
}

// On a loop (TL702): a clock read or event recorded just before it and read just after it
// times every iteration, the first included, of GPU or compiled work that nothing ran before.
// The timing sits in a loop of its own function that runs the same code each time round: from
// its second pass on, the timed code is warm (`for epoch in ...: t0 = ...; <train>; print(...)`).
// Not when the loop brings new code each pass: a callee named by its variable
// (`for name, fn in impls:`) or bound in its body (`f = torch.compile(g)`).
bool timed_again_with_the_same_code(const SemanticModel& m, TSNode timed, TSNode scope,
                                    const std::vector<std::string>& callees) {
  const Kinds& k = kinds();
  TSNode outer{};
  for (TSNode p : m.ancestors(timed)) {
    if (same_node(p, scope)) break;
    if (ts_node_symbol(p) == k.for_statement || ts_node_symbol(p) == k.while_statement) {
      outer = p;
      break;
    }
  }
  if (ts_node_is_null(outer)) return false;
  auto root_of = [](std::string_view callee) { return callee.substr(0, callee.find_first_of(".([")); };
  auto binds = [&](TSNode target, std::string_view name) {
    bool found = false;
    walk(target, [&](TSNode n) {
      found = found || (ts_node_symbol(n) == k.identifier && m.text(n) == name);
      return !found;
    }, [](TSNode) {});
    return found;
  };
  for (const std::string& c : callees) {
    std::string_view root = root_of(c);
    if (root == "self") continue;  // attributes of the object: the same modules each pass
    if (ts_node_symbol(outer) == k.for_statement && binds(field(outer, "left"), root)) return false;
    bool rebound = false;
    walk(field(outer, "body"), [&](TSNode n) {
      if (rebound || is_scope_boundary(ts_node_symbol(n))) return false;
      if (ts_node_symbol(n) == k.assignment) rebound = binds(field(n, "left"), root);
      else if (ts_node_symbol(n) == k.for_statement) rebound = binds(field(n, "left"), root);
      return !rebound;
    }, [](TSNode) {});
    if (rebound) return false;
  }
  return true;
}

bool timed_without_warmup(const PredicateEnv& e, TSNode loop) {
  const SemanticModel& m = e.model;
  const Kinds& k = kinds();
  // The loop itself, or a `with` (no_grad, autocast) whose body is the loop.
  TSNode timed = loop;
  std::string clock, event;
  TSNode start = timing_start(m, timed, &clock, &event);
  while (ts_node_is_null(start)) {
    TSNode block = m.parent(timed);
    TSNode with = ts_node_is_null(block) ? TSNode{} : m.parent(block);
    if (ts_node_is_null(with) || ts_node_symbol(with) != k.with_statement) return false;
    timed = with;
    start = timing_start(m, timed, &clock, &event);
  }
  if (!uses_accelerator(m) || !repetition_loop(m, loop)) return false;
  if (!timing_end_after(m, timed, clock, event)) return false;
  std::vector<std::string> callees;
  work_callees(m, loop, &callees);
  if (callees.empty()) return false;
  // Warmed up: the same code ran before the timing started, or the code speaks of warm-up, or
  // the loop skips its first iterations, or the whole function runs more than once.
  TSNode scope = scope_of(m, loop);
  uint32_t from = ts_node_start_byte(scope);
  if (mentions_warmup(m.source().substr(from, ts_node_end_byte(loop) - from))) return false;
  bool ran_before = false;
  walk(scope, [&](TSNode n) {
    if (ran_before || ts_node_start_byte(n) >= ts_node_start_byte(start)) return false;
    if (!same_node(n, scope) && is_scope_boundary(ts_node_symbol(n))) return false;
    if (ts_node_symbol(n) == k.call) {
      std::string_view f = m.text(field(n, "function"));
      for (const std::string& c : callees) ran_before = ran_before || f == c;
    }
    return true;
  }, [](TSNode) {});
  if (ran_before || timed_again_with_the_same_code(m, timed, scope, callees)) return false;
  if (ts_node_symbol(loop) == k.for_statement) {
    std::string_view var = m.text(field(loop, "left"));
    bool guarded = false;
    walk(field(loop, "body"), [&](TSNode n) {
      if (guarded || is_scope_boundary(ts_node_symbol(n))) return false;
      if (ts_node_symbol(n) == k.if_statement && m.text(field(n, "condition")).find(var) != std::string_view::npos)
        guarded = true;
      return true;
    }, [](TSNode) {});
    if (guarded) return false;
  }
  // Code handed in by the caller: a helper never called here is warmed up (or not) by its
  // callers elsewhere; the one call in this file says whether it ran before.
  TSNode site{};
  int calls = calls_of_enclosing_function(m, loop, &site);
  if (calls < 0) return false;
  for (const std::string& c : callees) {
    int index = parameter_index(m, c, loop);
    if (index < 0) continue;
    if (calls == 0 || caller_warmed_up(m, site, index)) return false;
  }
  e.bindings.literal.insert(e.bindings.literal.begin(), {"WORK", short_text(callees.front())});
  return true;
}

// ---- profiler -------------------------------------------------------------------------------


// The loop leaves after a few iterations: `if step == 5: break` (a literal of at most `limit`
// compared in the condition of an `if` that breaks out of this loop).
bool breaks_early(const SemanticModel& m, TSNode loop, long limit) {
  const Kinds& k = kinds();
  bool early = false;
  walk(field(loop, "body"), [&](TSNode n) {
    TSSymbol s = ts_node_symbol(n);
    if (early || is_scope_boundary(s) || s == k.for_statement || s == k.while_statement) return false;
    if (!is_kind(n, "break_statement")) return true;
    for (TSNode p : m.ancestors(n)) {
      if (same_node(p, loop)) break;
      if (ts_node_symbol(p) != k.if_statement) continue;
      walk(field(p, "condition"), [&](TSNode c) {
        if (ts_node_symbol(c) == k.integer && std::strtol(std::string(m.text(c)).c_str(), nullptr, 0) <= limit &&
            ts_node_symbol(m.parent(c)) == k.comparison_operator)
          early = true;
        return !early;
      }, [](TSNode) {});
    }
    return true;
  }, [](TSNode) {});
  return early;
}

// A loop the profiler would record in full: over a data loader, one that trains, or a large or
// unbounded one that steps the profiler (`prof.step()`); not one that breaks after a few steps.
bool long_profiled_loop(const SemanticModel& m, TSNode loop, std::string_view profiler) {
  const Kinds& k = kinds();
  if (breaks_early(m, loop, 20)) return false;
  bool is_for = ts_node_symbol(loop) == k.for_statement;
  if (is_for && m.is_data_source(field(loop, "right"))) return true;
  // A training loop over a range that is not a short literal one (or a `while`); a loop over a
  // list or tuple (a few prepared batches) is as long as the list.
  if (const LoopInfo* info = m.loop(loop); info && info->reaches_backward) {
    TSNode right = is_for ? field(loop, "right") : TSNode{};
    bool range = is_for && ts_node_symbol(right) == k.call && m.text(field(right, "function")) == "range";
    if (!is_for || (range && !literal_range_at_most(m, right, 20))) return true;
  }
  if (profiler.empty()) return false;
  bool steps = false;
  walk(field(loop, "body"), [&](TSNode n) {
    if (steps || is_scope_boundary(ts_node_symbol(n))) return false;
    if (ts_node_symbol(n) == k.call && callee_name(m, n) == "step" && ts_node_symbol(field(n, "function")) == k.attribute &&
        m.text(field(field(n, "function"), "object")) == profiler)
      steps = true;
    return true;
  }, [](TSNode) {});
  if (!steps) return false;
  if (!is_for) return true;
  TSNode right = field(loop, "right");
  if (ts_node_symbol(right) == k.call && m.text(field(right, "function")) == "range")
    return !literal_range_at_most(m, right, 20);
  return false;
}

// On a `torch.profiler.profile(...)` call (TL704): no `schedule=`, and the profiled code runs a
// long loop: the profiler records every step of it.
bool profiles_long_loop(const PredicateEnv& e, TSNode call) {
  const SemanticModel& m = e.model;
  const Kinds& k = kinds();
  TSNode args = arguments(call);
  if (ts_node_is_null(args)) return false;
  bool scheduled = false;
  for_each_named_child(args, [&](TSNode a) {
    if (is_kind(a, "dictionary_splat") || is_kind(a, "list_splat")) scheduled = true;  // unknown arguments
    if (ts_node_symbol(a) == k.keyword_argument && m.text(field(a, "name")) == "schedule" && !is_kind(field(a, "value"), "none"))
      scheduled = true;
  });
  if (scheduled) return false;
  TSNode parent = m.parent(call);
  // `with profile() if args.profile else nullcontext() as prof:`
  while (ts_node_symbol(parent) == k.conditional_expression || ts_node_symbol(parent) == k.parenthesized_expression)
    parent = m.parent(parent);
  std::string profiler;
  TSNode region{};
  if (ts_node_symbol(parent) == k.with_item) {
    // `with profile(...) as prof:` binds prof through an as_pattern in the item's value.
    TSNode clause = m.parent(parent);
    TSNode with = ts_node_is_null(clause) ? TSNode{} : m.parent(clause);
    if (ts_node_is_null(with) || ts_node_symbol(with) != k.with_statement) return false;
    region = field(with, "body");
  } else if (is_kind(parent, "as_pattern")) {
    TSNode alias = field(parent, "alias");
    if (!ts_node_is_null(alias)) profiler = std::string(m.text(alias));
    TSNode item = m.parent(parent);
    TSNode clause = ts_node_is_null(item) ? TSNode{} : m.parent(item);
    TSNode with = ts_node_is_null(clause) ? TSNode{} : m.parent(clause);
    if (ts_node_is_null(with) || ts_node_symbol(with) != k.with_statement) return false;
    region = field(with, "body");
  } else if (ts_node_symbol(parent) == k.assignment && same_node(field(parent, "right"), call)) {
    // `prof = profile(...)`; `prof.start()` ... `prof.stop()`: the code after it in its function.
    profiler = std::string(m.text(field(parent, "left")));
    region = scope_of(m, call);
  } else {
    return false;
  }
  uint32_t from = ts_node_end_byte(call);
  TSNode found{};
  walk(region, [&](TSNode n) {
    if (!ts_node_is_null(found) || ts_node_end_byte(n) <= from) return false;
    if (!same_node(n, region) && is_scope_boundary(ts_node_symbol(n))) return false;
    TSSymbol s = ts_node_symbol(n);
    if ((s == k.for_statement || s == k.while_statement) && long_profiled_loop(m, n, profiler)) found = n;
    // A helper that trains in a loop of its own (`train_one_epoch(...)`): in this file, one of
    // its loops is long; in another, it backpropagates in a loop.
    if (s == k.call && ts_node_start_byte(n) >= from) {
      if (TSNode def = local_definition(m, n); !ts_node_is_null(def)) {
        walk(field(def, "body"), [&](TSNode c) {
          if (!ts_node_is_null(found) || is_scope_boundary(ts_node_symbol(c))) return false;
          TSSymbol cs = ts_node_symbol(c);
          if ((cs == k.for_statement || cs == k.while_statement) && long_profiled_loop(m, c, "")) found = n;
          return true;
        }, [](TSNode) {});
      } else if (m.call_resolves(n) && !m.call_target(n).starts_with("*.")) {
        uint32_t fx = m.call_effects(n, kBackward | kSteps);
        if ((fx & kBackward) && !(fx & kSteps)) found = n;
      }
    }
    return true;
  }, [](TSNode) {});
  if (ts_node_is_null(found)) return false;
  std::string_view head = m.text(found);
  head = head.substr(0, head.find('\n'));
  if (head.ends_with(":")) head.remove_suffix(1);
  e.bindings.literal.insert(e.bindings.literal.begin(), {"LOOP", short_text(head)});
  return true;
}

// A statement that only waits for the device: `torch.cuda.synchronize()`, `synchronize()`.
bool synchronize_statement(const SemanticModel& m, TSNode stmt) {
  if (ts_node_symbol(stmt) != kinds().expression_statement || ts_node_named_child_count(stmt) != 1) return false;
  TSNode call = ts_node_named_child(stmt, 0);
  if (ts_node_symbol(call) != kinds().call) return false;
  std::string name = lower(callee_name(m, call));
  return name.find("synchroniz") != std::string::npos || name.find("synchronis") != std::string::npos;
}

// On a host read: a `synchronize()` statement in the same block waits for the device with no
// GPU work queued between the two, so the read adds no wait of its own (a step timed on purpose).
bool device_waited_beside(const PredicateEnv& e, TSNode read) {
  const SemanticModel& m = e.model;
  const Kinds& k = kinds();
  // The statement of a block that holds the read; none at module level (the module is no block).
  TSNode stmt = read;
  for (TSNode up = m.parent(stmt); !ts_node_is_null(up) && ts_node_symbol(up) != k.block; up = m.parent(stmt)) stmt = up;
  if (ts_node_is_null(m.parent(stmt))) return false;
  auto queues_work = [&](TSNode t) {
    std::vector<Event> events;
    collect_events(m, t, ts_node_start_byte(t), ts_node_end_byte(t), TSNode{}, 0, events);
    return std::any_of(events.begin(), events.end(),
                       [](const Event& ev) { return ev.kind == Ev::Work || ev.kind == Ev::Long || ev.kind == Ev::Opaque; });
  };
  for (bool forward : {true, false}) {
    for (TSNode t = forward ? ts_node_next_named_sibling(stmt) : ts_node_prev_named_sibling(stmt); !ts_node_is_null(t);
         t = forward ? ts_node_next_named_sibling(t) : ts_node_prev_named_sibling(t)) {
      if (is_kind(t, "comment")) continue;
      if (synchronize_statement(m, t)) return true;
      if (ts_node_symbol(t) != k.expression_statement) break;  // control flow
      if (queues_work(t)) break;
    }
  }
  return false;
}

// On a `synchronize()` call: a later statement of its block reads a host clock, itself or through
// a project helper that reads one (`fw_timer.toc()` of a Timer class in another file). The
// synchronisation makes that reading measure the GPU work: it is timing, and needed.
bool synchronize_before_clock_read(const PredicateEnv& e, TSNode call) {
  const SemanticModel& m = e.model;
  TSNode stmt = call;
  while (!ts_node_is_null(m.parent(stmt)) && ts_node_symbol(m.parent(stmt)) != kinds().block &&
         ts_node_symbol(m.parent(stmt)) != kinds().module)
    stmt = m.parent(stmt);
  bool reads = false;
  for (TSNode next = ts_node_next_named_sibling(stmt); !ts_node_is_null(next) && !reads; next = ts_node_next_named_sibling(next))
    walk(next, [&](TSNode n) {
      if (reads || is_scope_boundary(ts_node_symbol(n))) return false;
      if (ts_node_symbol(n) == kinds().call)
        reads = is_clock_api(m.canonical(field(n, "function"))) || m.call_effects(n, kReadsClock);
      return !reads;
    }, [](TSNode) {});
  return reads;
}

}  // namespace

const std::vector<NamedPredicate>& timing_predicates() {
  static const std::vector<NamedPredicate> table = {
      {"unsynchronized-host-timing", unsynchronized_host_timing,
       "on X of `X - START`: both read a host clock, and the last operation between the reads is GPU work nothing waited for (binds {WORK})"},
      {"unsynchronized-timer-helper", unsynchronized_timer_helper,
       "on a call of a timer helper of this file (`with timer():`, `toc()`, `timer.stop()`): the window its clock read closes ends with GPU work nothing waited for (binds {WORK})"},
      {"times-unsynchronized-callable", times_unsynchronized_callable,
       "the lambda or function of this file ends with GPU work nothing waits for (binds {WORK})"},
      {"event-read-unsynchronized", event_read_unsynchronized,
       "on END of `start.elapsed_time(END)`: nothing waits for the device between the last `END.record()` and the read"},
      {"timed-without-warmup", timed_without_warmup,
       "on a loop: a clock read or event recorded just before it and read just after it times GPU or compiled work that nothing ran before (binds {WORK})"},
      {"synchronize-before-clock-read", synchronize_before_clock_read,
       "on a synchronize() call: a later statement of its block reads a host clock, itself or through a project helper that reads one (a timer's `toc()`)"},
      {"device-waited-beside", device_waited_beside,
       "on a host read: a `synchronize()` statement in the same block, with no GPU work queued between the two, waits for the device anyway"},
      {"profiles-long-loop", profiles_long_loop,
       "on a torch.profiler.profile(...) call without schedule=: the profiled code runs a loop over data, a training loop, or a large loop stepping the profiler (binds {LOOP})"},
  };
  return table;
}

}  // namespace torchlint::py
