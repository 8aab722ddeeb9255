// Contexts for regions a statement sits in that the model's core facts do not name:
// autocast regions and loops over data. Like every context, they stop at the enclosing
// function: a `def` inside the region is not in it.
#include "python/kinds.h"
#include "python/predicates.h"

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
// Test files (tests/, test_*.py, *_test.py, conftest.py) unless --include-tests: they build
// DataParallel models or load their own checkpoints on purpose.
bool ctx_test_code(const SemanticModel& m, TSNode) { return m.is_test_file(); }

bool is_data_loader(const PredicateEnv& e, TSNode x) { return e.model.is_data_source(x); }

}  // namespace

const std::vector<NamedContext>& region_contexts() {
  static const std::vector<NamedContext> table = {
      {"autocast", ctx_autocast,
       "in the body of `with torch.autocast(...)` (also torch.amp/torch.cuda.amp/torch.cpu.amp spellings) not given `enabled=False`"},
      {"test-code", ctx_test_code, "in a test file (tests/, test_*.py, conftest.py), unless --include-tests analyses them as code"},
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
