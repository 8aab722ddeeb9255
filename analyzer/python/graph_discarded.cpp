#include "python/graph_discarded.h"

#include "python/kinds.h"
#include "python/semantic_model.h"
#include "python/torch_api.h"

namespace torchlint::py {
namespace {

// `x.M(...)` where M gives back no graph: a detached tensor, indices, a mask or a Python value.
bool leaves_graph(const SemanticModel& m, TSNode x) {
  const Kinds& k = kinds();
  TSNode attribute = ts_node_parent(x);
  if (ts_node_is_null(attribute) || ts_node_symbol(attribute) != k.attribute) return false;
  if (!same_node(field(attribute, "object"), x)) return false;
  TSNode call = ts_node_parent(attribute);
  if (ts_node_is_null(call) || ts_node_symbol(call) != k.call) return false;
  std::string_view method = m.text(field(attribute, "attribute"));
  const TorchApi& api = TorchApi::get();
  return api.method_has(method, kApiNoGraph) || (api.method_returns_python(method) && !api.reads_metadata(method, true));
}

// Every read of `name` after `after` in `scope` leaves the graph, and there is one at least.
// A rebinding of the name ends the question (what follows reads another value).
bool every_read_leaves_graph(const SemanticModel& m, TSNode scope, std::string_view name, uint32_t after) {
  const Kinds& k = kinds();
  int reads = 0;
  bool all = true;
  walk(
      scope,
      [&](TSNode n) {
        if (!all) return false;
        if (ts_node_symbol(n) != k.identifier || ts_node_start_byte(n) <= after || m.text(n) != name) return true;
        TSNode parent = ts_node_parent(n);
        if (ts_node_symbol(parent) == k.attribute && !same_node(field(parent, "object"), n)) return false;  // `a.name`
        if (ts_node_symbol(parent) == k.keyword_argument && same_node(field(parent, "name"), n)) return false;
        if (ts_node_symbol(parent) == k.assignment && same_node(field(parent, "left"), n)) return false;
        ++reads;
        all = leaves_graph(m, n);
        return false;
      },
      [](TSNode) {});
  return all && reads > 0;
}

}  // namespace

bool forward_output_discarded(const SemanticModel& m, TSNode call, TSNode scope) {
  const Kinds& k = kinds();
  if (leaves_graph(m, call)) return true;
  TSNode parent = ts_node_parent(call);
  if (ts_node_is_null(parent) || ts_node_symbol(parent) != k.assignment) return false;
  TSNode target = field(parent, "left");
  if (!same_node(field(parent, "right"), call) || ts_node_symbol(target) != k.identifier) return false;
  return every_read_leaves_graph(m, scope, m.text(target), ts_node_end_byte(call));
}

}  // namespace torchlint::py
