// Predicates about accumulators: values that a loop over data grows batch after batch, or a
// metric's update() grows call after call.
#include <cctype>

#include "python/kinds.h"
#include "python/predicates.h"

namespace torchlint::py {

namespace {

// `name` occurs in `text` as a whole expression path (`acc`, not `acc_count` or `my_acc`).
bool mentions(std::string_view text, std::string_view name) {
  auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1)) {
    bool left = at == 0 || (!ident(text[at - 1]) && text[at - 1] != '.');
    bool right = at + name.size() == text.size() || !ident(text[at + name.size()]);
    if (left && right) return true;
  }
  return false;
}

// The condition of the `if`/`elif` branch that holds n (its consequence or its `else`), up to
// `stop`; calls f(condition) for each, innermost first.
template <class F>
void for_each_condition(const SemanticModel& m, TSNode n, TSNode stop, F&& f) {
  const Kinds& k = kinds();
  for (TSNode p : m.ancestors(n)) {
    if (same_node(p, stop) || is_scope_boundary(ts_node_symbol(p))) return;
    TSSymbol s = ts_node_symbol(p);
    if (s == k.if_statement || s == k.elif_clause || s == k.while_statement) f(field(p, "condition"));
  }
}

// `acc is None`, `not acc`, `acc is not None`: a lazy first assignment, not a bound on growth.
bool is_presence_check(const SemanticModel& m, TSNode condition) {
  if (ts_node_is_null(condition)) return false;
  std::string_view t = m.text(condition);
  return t.find(" is None") != std::string_view::npos || t.find(" is not None") != std::string_view::npos ||
         ts_node_symbol(condition) == kinds().not_operator || ts_node_symbol(condition) == kinds().identifier;
}

// The innermost `for` around n in its function, when it iterates a data source.
TSNode innermost_data_loop(const SemanticModel& m, TSNode n) {
  const Kinds& k = kinds();
  for (TSNode p : m.ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (is_scope_boundary(s)) return {};
    if (s == k.while_statement) return {};
    if (s == k.for_statement) return m.is_data_source(field(p, "right")) ? p : TSNode{};
  }
  return {};
}

// The statement `acc = torch.cat([acc, x])` grows `acc` across the iterations of the loop over
// data around it: nothing else in the loop rebinds `acc` to a fresh value (a lazy first value
// under `if acc is None:` is fine), and no condition on `acc` bounds the growth
// (`elif acc.size(0) < 10:`).
// The statement sits in a metric's `update()` (or `record()`): a method, called once per batch
// by the metric protocol, of a class that also has `compute()` or `reset()`, outside any loop of
// its own. The method body plays the part of the loop body. Returns the method, or null.
TSNode metric_update_method(const SemanticModel& m, TSNode n, TSNode acc) {
  const Kinds& k = kinds();
  if (!m.text(acc).starts_with("self.")) return {};
  TSNode method{};
  for (TSNode p : m.ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (s == k.for_statement || s == k.while_statement || s == k.lambda || s == k.class_definition) return {};
    if (s == k.function_definition) {
      method = p;
      break;
    }
  }
  if (ts_node_is_null(method)) return {};
  std::string_view name = m.text(field(method, "name"));
  if (name != "update" && name != "record") return {};
  TSNode cls{};
  for (TSNode p : m.ancestors(method)) {
    if (ts_node_symbol(p) == k.function_definition) return {};
    if (ts_node_symbol(p) == k.class_definition) {
      cls = p;
      break;
    }
  }
  if (ts_node_is_null(cls)) return {};
  bool protocol = false;
  for_each_named_child(field(cls, "body"), [&](TSNode c) {
    if (ts_node_symbol(c) == k.decorated_definition) c = field(c, "definition");
    if (ts_node_symbol(c) != k.function_definition) return;
    std::string_view other = m.text(field(c, "name"));
    protocol = protocol || other == "compute" || other == "reset";
  });
  return protocol ? method : TSNode{};
}

bool grows_across_iterations(const PredicateEnv& e, TSNode acc) {
  const SemanticModel& m = e.model;
  TSNode loop = innermost_data_loop(m, e.match);
  if (ts_node_is_null(loop)) loop = metric_update_method(m, e.match, acc);
  if (ts_node_is_null(loop)) return false;
  std::string_view name = m.text(acc);
  // `samples["imgs"]`: a condition on `samples` (its other entries) may bound it too.
  TSNode root = acc;
  while (ts_node_symbol(root) == kinds().subscript) root = field(root, "value");
  bool bounded = false;
  for_each_condition(m, e.match, loop, [&](TSNode c) {
    if (mentions(m.text(c), m.text(root)) && !is_presence_check(m, c)) bounded = true;
  });
  if (bounded) return false;
  if (const auto* list = m.assignments(m.function_of(e.match), name)) {
    uint32_t own = ts_node_end_byte(e.match);
    for (const Assignment& a : *list) {
      if (a.pos == own || a.pos <= ts_node_start_byte(loop) || a.pos > ts_node_end_byte(loop)) continue;
      if (a.loop_target || ts_node_is_null(a.value)) return false;
      // Rebound to a slice of itself after growing (`acts = acts[:, 1:]`: one in, one out, a
      // sliding window): bounded.
      if (a.pos > own && m.text(a.value).find(std::string(name) + "[") != std::string_view::npos) return false;
      if (mentions(m.text(a.value), name)) continue;  // another self-update
      bool lazy = false;
      for_each_condition(m, a.value, loop, [&](TSNode c) {
        if (mentions(m.text(c), name) && is_presence_check(m, c)) lazy = true;
      });
      if (!lazy) return false;
    }
  }
  return true;
}

}  // namespace

const std::vector<NamedPredicate>& accumulator_predicates() {
  static const std::vector<NamedPredicate> table = {
      {"grows-across-iterations", grows_across_iterations,
       "the match (an assignment growing $X from itself) sits in a loop over data that never rebinds $X to a fresh value and does not bound its size"},
  };
  return table;
}

}  // namespace torchlint::py
