#include "python/loop_site.h"

#include <vector>

#include "python/ts.h"

namespace torchlint::py {
namespace {

bool is_loop(TSNode n) {
  std::string_view t = ts_node_type(n);
  return t == "for_statement" || t == "while_statement" || t == "for_in_clause";
}

LoopSite site_of(TSNode loop, size_t ordinal, std::string_view src) {
  LoopSite s;
  std::string_view t = ts_node_type(loop);
  s.kind = t == "while_statement" ? LoopSite::Kind::While : t == "for_in_clause" ? LoopSite::Kind::Comprehension : LoopSite::Kind::For;
  TSNode head = ts_node_child_by_field_name(loop, s.kind == LoopSite::Kind::While ? "condition" : "right",
                                            s.kind == LoopSite::Kind::While ? 9 : 5);
  s.head = {ts_node_start_byte(head), ts_node_end_byte(head)};
  s.line = ts_node_start_point(loop).row + 1;
  s.ordinal = ordinal;
  s.is_async = node_text(loop, src).starts_with("async");
  s.at_module_level = true;
  for (TSNode p = ts_node_parent(loop); !ts_node_is_null(p); p = ts_node_parent(p))
    if (ts_node_type(p) == std::string_view("function_definition")) s.at_module_level = false;
  return s;
}

// Every loop in source order (pre-order: an outer loop before the loops inside it).
std::vector<TSNode> loops_in_order(TSNode root) {
  std::vector<TSNode> out, stack{root};
  while (!stack.empty()) {
    TSNode n = stack.back();
    stack.pop_back();
    if (is_loop(n)) out.push_back(n);
    for (uint32_t i = ts_node_child_count(n); i-- > 0;) stack.push_back(ts_node_child(n, i));
  }
  return out;
}

bool contains(TSNode loop, ByteRange range) {
  return ts_node_start_byte(loop) <= range.start && range.end <= ts_node_end_byte(loop);
}

// The function whose own code holds the range (a null node at module level).
TSNode function_around(TSNode root, ByteRange range) {
  for (TSNode n = ts_node_descendant_for_byte_range(root, range.start, range.end); !ts_node_is_null(n); n = ts_node_parent(n))
    if (ts_node_type(n) == std::string_view("function_definition")) return n;
  return TSNode{};
}

// The function that holds a node, not counting the node itself (a null node at module level).
TSNode function_holding(TSNode n) {
  for (n = ts_node_parent(n); !ts_node_is_null(n); n = ts_node_parent(n))
    if (ts_node_type(n) == std::string_view("function_definition")) return n;
  return TSNode{};
}

// The first loop statement after the range in `scope` (a function, or null: the module).
std::optional<size_t> first_loop_after(TSNode root, const std::vector<TSNode>& loops, ByteRange range, TSNode scope) {
  for (size_t i = 0; i < loops.size(); ++i) {
    ByteRange at{ts_node_start_byte(loops[i]), ts_node_end_byte(loops[i])};
    if (at.start >= range.end && ts_node_type(loops[i]) != std::string_view("for_in_clause") &&
        same_node(function_around(root, at), scope))
      return i;
  }
  return std::nullopt;
}

ByteRange extent(TSNode n) { return {ts_node_start_byte(n), ts_node_end_byte(n)}; }

// The first loop that runs after the code holding the range: after the outermost loop around it
// in its function; with none there, after the definition that holds it (a `forward` is called by
// the loop after its class), outwards to the module.
std::optional<size_t> loop_after(TSNode root, const std::vector<TSNode>& loops, ByteRange range) {
  ByteRange end = range;
  for (TSNode loop : loops)  // pre-order: the first loop around the range is the outermost
    if (contains(loop, range) && same_node(function_around(root, extent(loop)), function_around(root, range))) {
      end = extent(loop);
      break;
    }
  TSNode scope = function_around(root, range);
  while (true) {
    if (auto next = first_loop_after(root, loops, end, scope)) return next;
    if (ts_node_is_null(scope)) return std::nullopt;
    TSNode holder = scope;  // the outermost class around the function, if any, below the next function
    TSNode outer = function_holding(scope);
    for (TSNode n = ts_node_parent(scope); !ts_node_is_null(n) && !same_node(n, outer); n = ts_node_parent(n))
      if (ts_node_type(n) == std::string_view("class_definition")) holder = n;
    end = extent(holder);
    scope = outer;
  }
}

}  // namespace

std::optional<LoopSite> find_loop_site(std::string_view source, ByteRange range, std::optional<ByteRange> region,
                                       bool after) {
  Parser parser;
  Tree tree = parser.parse(source);
  if (!tree) return std::nullopt;
  std::vector<TSNode> loops = loops_in_order(tree.root());
  if (after) {
    std::optional<size_t> next = loop_after(tree.root(), loops, range);
    if (!next) return std::nullopt;
    return site_of(loops[*next], *next, source);
  }
  std::optional<size_t> best;
  for (size_t i = 0; i < loops.size(); ++i) {
    if (region && ts_node_start_byte(loops[i]) == region->start && ts_node_type(loops[i]) != std::string_view("for_in_clause"))
      return site_of(loops[i], i, source);
    // Pre-order: a later loop that also contains the range is nested deeper.
    if (contains(loops[i], range)) best = i;
  }
  // A finding before any loop (a hook registered, a mode switched on) costs in the loop after it.
  if (!best) best = first_loop_after(tree.root(), loops, range, function_around(tree.root(), range));
  if (!best) return std::nullopt;
  return site_of(loops[*best], *best, source);
}

std::vector<LoopSite> loops_around(std::string_view source, ByteRange range) {
  Parser parser;
  Tree tree = parser.parse(source);
  std::vector<LoopSite> out;
  if (!tree) return out;
  std::vector<TSNode> loops = loops_in_order(tree.root());
  for (size_t i = 0; i < loops.size(); ++i)
    if (contains(loops[i], range)) out.push_back(site_of(loops[i], i, source));
  return out;
}

std::optional<LoopSite> loop_by_ordinal(std::string_view source, size_t ordinal) {
  Parser parser;
  Tree tree = parser.parse(source);
  if (!tree) return std::nullopt;
  std::vector<TSNode> loops = loops_in_order(tree.root());
  if (ordinal >= loops.size()) return std::nullopt;
  return site_of(loops[ordinal], ordinal, source);
}

Edit probe_edit(std::string_view source, const LoopSite& site, const std::string& label) {
  std::string head(source.substr(site.head.start, site.head.end - site.head.start));
  std::string quoted = "\"";
  for (char c : label) quoted += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  quoted += "\"";
  Edit e;
  e.range = site.head;
  e.replacement = site.kind == LoopSite::Kind::While ? "__torchlint_probe__.tick(" + quoted + ") and (" + head + ")"
                                                     : "__torchlint_probe__.loop((" + head + "), " + quoted + ")";
  return e;
}

bool has_main_guard(std::string_view source) {
  Parser parser;
  Tree tree = parser.parse(source);
  if (!tree) return false;
  TSNode root = tree.root();
  for (uint32_t i = 0; i < ts_node_named_child_count(root); ++i) {
    TSNode n = ts_node_named_child(root, i);
    if (ts_node_type(n) != std::string_view("if_statement")) continue;
    TSNode cond = ts_node_child_by_field_name(n, "condition", 9);
    std::string_view text = node_text(cond, source);
    if (text.find("__name__") != std::string_view::npos && text.find("__main__") != std::string_view::npos) return true;
  }
  return false;
}

}  // namespace torchlint::py
