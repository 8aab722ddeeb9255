#include "python/pattern.h"

#include <algorithm>
#include <cctype>
#include <mutex>
#include <span>
#include <unordered_map>
#include <unordered_set>

#include "python/head_words.h"
#include "python/kinds.h"

namespace torchlint::py {

namespace {
constexpr std::string_view kMeta = "__tlmv_";
constexpr std::string_view kMetaMulti = "__tlmvs_";

std::string rewrite_metavariables(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    if (text[i] != '$') {
      out += text[i++];
      continue;
    }
    bool multi = text.substr(i, 3) == "$$$";
    size_t j = i + (multi ? 3 : 1);
    size_t start = j;
    while (j < text.size() && (std::isupper(static_cast<unsigned char>(text[j])) || std::isdigit(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
    if (j == start) throw PatternError{"`$` must start a metavariable such as $X, $$$ARGS or $_"};
    out += multi ? kMetaMulti : kMeta;
    out += text.substr(start, j - start);
    i = j;
  }
  return out;
}

bool is_pure_dotted(TSNode n, std::string_view src) {
  const Kinds& k = kinds();
  TSSymbol s = ts_node_symbol(n);
  if (s == k.identifier) return !node_text(n, src).starts_with("__tlmv");
  // `torch.$OP` ends in a metavariable: a pattern to match, not a name to compare.
  if (s == k.attribute)
    return is_pure_dotted(field(n, "object"), src) && !node_text(field(n, "attribute"), src).starts_with("__tlmv");
  return false;
}

PatternNode build(TSNode n, std::string_view src, bool attribute_name) {
  const Kinds& k = kinds();
  PatternNode p;
  p.symbol = ts_node_symbol(n);
  std::string_view text = node_text(n, src);
  if (p.symbol == k.identifier && text.starts_with(kMetaMulti)) {
    p.type = PatternNode::Type::MetaMulti;
    p.text = std::string(text.substr(kMetaMulti.size()));
    return p;
  }
  if (p.symbol == k.identifier && text.starts_with(kMeta)) {
    p.type = PatternNode::Type::Meta;
    p.text = std::string(text.substr(kMeta.size()));
    if (p.text == "_") p.text.clear();
    return p;
  }
  if (p.symbol == k.expression_statement && ts_node_named_child_count(n) == 1) {
    PatternNode inner = build(ts_node_named_child(n, 0), src, false);
    if (inner.type == PatternNode::Type::MetaMulti) return inner;  // `$$$BODY` as a statement
  }
  // In an import list a metavariable parses as a one-part module path: `import $$$A, x as y`
  // must match any run of names, aliased ones included, not only plain module paths.
  if (p.symbol == k.dotted_name && ts_node_child_count(n) == 1 &&
      node_text(n, src).starts_with("__tlmv"))
    return build(ts_node_child(n, 0), src, false);
  if (!attribute_name && is_pure_dotted(n, src)) {
    p.type = PatternNode::Type::Dotted;
    p.text = std::string(text);
    return p;
  }
  if (ts_node_child_count(n) == 0) {
    p.type = PatternNode::Type::Leaf;
    p.text = std::string(text);
    return p;
  }
  TSNode attr_name = p.symbol == k.attribute ? field(n, "attribute") : TSNode{};
  for_each_child(n, [&](TSNode c) {
    bool is_attr_name = !ts_node_is_null(attr_name) && same_node(c, attr_name);
    p.children.push_back(build(c, src, is_attr_name));
    p.has_multi_child = p.has_multi_child || p.children.back().type == PatternNode::Type::MetaMulti;
  });
  return p;
}

bool bind_single(const std::string& name, TSNode t, const SemanticModel& m, Bindings& b) {
  if (name.empty()) return true;
  if (const TSNode* prev = b.find(name)) return m.text(*prev) == m.text(t);
  b.single.emplace_back(name, t);
  return true;
}

size_t multi_count(const std::vector<PatternNode>& ps) {
  return std::count_if(ps.begin(), ps.end(), [](const PatternNode& p) { return p.type == PatternNode::Type::MetaMulti; });
}

// A node's children against a pattern's, where each `$$$` gap takes any run of siblings.
// Tried naively, k gaps over n children cost O(n^k). A failure from (pattern child, subject
// child) depends only on the single metavariables bound since this match began (earlier
// ones are fixed for it; `$$$` runs are never compared), so with two gaps or more each
// failed state is remembered under those bindings and never tried again: O(k n^2).
class ChildrenMatch {
 public:
  ChildrenMatch(const std::vector<PatternNode>& ps, std::span<const TSNode> ts, const SemanticModel& m, Bindings& b)
      : ps_(ps), ts_(ts), m_(m), b_(b), start_(b.mark()), remember_(multi_count(ps) >= 2) {}

  bool matches() { return match(0, 0); }

 private:
  bool match(size_t pi, size_t ti) {
    if (!remember_) return try_state(pi, ti);
    std::string key = state_key(pi, ti);
    if (failed_.count(key)) return false;
    if (try_state(pi, ti)) return true;
    failed_.insert(std::move(key));
    return false;
  }

  // The positions and what this match has bound so far (by node: finer than by text, and
  // as correct).
  std::string state_key(size_t pi, size_t ti) const {
    std::string key;
    auto add = [&](uint64_t v) { key.append(reinterpret_cast<const char*>(&v), sizeof v); };
    add(pi);
    add(ti);
    for (size_t i = start_.single; i < b_.single.size(); ++i) add(node_key(b_.single[i].second));
    return key;
  }

  // Every failure leaves the bindings as it found them.
  bool try_state(size_t pi, size_t ti) {
    if (pi == ps_.size()) return ti == ts_.size();
    const PatternNode& p = ps_[pi];
    if (p.type == PatternNode::Type::MetaMulti) return try_gap(p, pi, ti);
    // A comma next to `$$$X` is optional: `f($X, $$$REST)` also matches `f(a)`.
    bool comma_by_multi = p.type == PatternNode::Type::Leaf && p.text == "," &&
                          ((pi + 1 < ps_.size() && ps_[pi + 1].type == PatternNode::Type::MetaMulti) ||
                           (pi > 0 && ps_[pi - 1].type == PatternNode::Type::MetaMulti));
    if (comma_by_multi && match(pi + 1, ti)) return true;
    if (ti == ts_.size()) return false;
    Bindings::Mark mark = b_.mark();
    if (match_pattern(p, ts_[ti], m_, b_) && match(pi + 1, ti + 1)) return true;
    b_.rollback(mark);
    return false;
  }

  // Tries the longest run first; commas between arguments are part of the run. A named run
  // is bound once and shortened in place, not rebuilt for every length.
  bool try_gap(const PatternNode& p, size_t pi, size_t ti) {
    Bindings::Mark mark = b_.mark();
    if (!p.text.empty()) {
      std::vector<TSNode> run;
      for (size_t i = ti; i < ts_.size(); ++i)
        if (ts_node_is_named(ts_[i])) run.push_back(ts_[i]);
      b_.multi.emplace_back(p.text, std::move(run));
    }
    Bindings::Mark bound = b_.mark();
    for (size_t end = ts_.size();; --end) {
      if (match(pi + 1, end)) return true;
      b_.rollback(bound);
      if (end == ti) break;
      if (!p.text.empty() && ts_node_is_named(ts_[end - 1])) b_.multi[mark.multi].second.pop_back();
    }
    b_.rollback(mark);
    return false;
  }

  const std::vector<PatternNode>& ps_;
  std::span<const TSNode> ts_;
  const SemanticModel& m_;
  Bindings& b_;
  Bindings::Mark start_;
  bool remember_;
  std::unordered_set<std::string> failed_;
};
}  // namespace

const TSNode* Bindings::find(std::string_view name) const {
  for (const auto& [n, node] : single)
    if (n == name) return &node;
  return nullptr;
}

const std::vector<TSNode>* Bindings::find_multi(std::string_view name) const {
  for (const auto& [n, nodes] : multi)
    if (n == name) return &nodes;
  return nullptr;
}

const std::string* Bindings::find_literal(std::string_view name) const {
  for (const auto& [n, text] : literal)
    if (n == name) return &text;
  return nullptr;
}

std::vector<TSNode> Bindings::nodes(std::string_view name) const {
  if (const TSNode* n = find(name)) return {*n};
  if (const auto* list = find_multi(name)) return *list;
  return {};
}

PatternNode parse_pattern(std::string_view text) {
  std::string src = rewrite_metavariables(text);
  thread_local Parser parser;
  Tree tree = parser.parse(src);
  TSNode root = tree.root();
  if (ts_node_has_error(root)) throw PatternError{"the pattern does not parse as Python code"};
  if (ts_node_named_child_count(root) != 1) throw PatternError{"a pattern must be one statement or expression"};
  TSNode top = ts_node_named_child(root, 0);
  if (ts_node_symbol(top) == kinds().expression_statement && ts_node_named_child_count(top) == 1)
    top = ts_node_named_child(top, 0);
  return build(top, src, false);
}

namespace {

// Rules share many patterns (`torch.load($$$ARGS)`), and a rule's patterns are read both to
// collect its metavariables and to compile it: each text is parsed once per process. Entries
// are never removed, so references to them stay valid (unordered_map keeps its nodes).
struct PatternMemo {
  std::mutex mutex;
  std::unordered_map<std::string, PatternNode, WordHash, std::equal_to<>> compiled;  // found by string_view
};

PatternMemo& memo() {
  static PatternMemo& m = *new PatternMemo;  // lives as long as the process: not freed at exit
  return m;
}

}  // namespace

const PatternNode& compile_pattern(std::string_view text) {
  PatternMemo& m = memo();
  {
    std::lock_guard<std::mutex> lock(m.mutex);
    if (auto it = m.compiled.find(text); it != m.compiled.end()) return it->second;
  }
  PatternNode p = parse_pattern(text);  // throws for a pattern that does not parse: not kept
  std::lock_guard<std::mutex> lock(m.mutex);
  return m.compiled.try_emplace(std::string(text), std::move(p)).first->second;
}

void preload_patterns(std::vector<std::pair<std::string, PatternNode>> compiled) {
  PatternMemo& m = memo();
  std::lock_guard<std::mutex> lock(m.mutex);
  m.compiled.reserve(m.compiled.size() + compiled.size());
  for (auto& [text, node] : compiled) m.compiled.try_emplace(std::move(text), std::move(node));
}

void collect_metavariables(const PatternNode& p, std::vector<std::string>& out) {
  if ((p.type == PatternNode::Type::Meta || p.type == PatternNode::Type::MetaMulti) && !p.text.empty()) out.push_back(p.text);
  for (const auto& c : p.children) collect_metavariables(c, out);
}

bool match_pattern(const PatternNode& p, TSNode t, const SemanticModel& m, Bindings& b) {
  switch (p.type) {
    case PatternNode::Type::Meta:
      return ts_node_is_named(t) && bind_single(p.text, t, m, b);
    case PatternNode::Type::MetaMulti:
      if (!p.text.empty()) b.multi.emplace_back(p.text, std::vector<TSNode>{t});
      return true;
    case PatternNode::Type::Dotted: {
      TSSymbol s = ts_node_symbol(t);
      if (s != kinds().identifier && s != kinds().attribute) return false;
      std::string_view text = m.text(t);
      if (text == p.text) return true;
      // Only the root of a dotted name can be an import alias: `th.linalg.qr` must still end
      // in `.qr`. Comparing that first spares building a canonical name for every attribute.
      if (s == kinds().attribute) {
        std::string_view want = p.text;
        size_t dot = want.rfind('.');
        if (dot != std::string_view::npos) want = want.substr(dot + 1);
        if (!text.ends_with(want) || text.size() == want.size()) return false;
        char before = text[text.size() - want.size() - 1];
        if (std::isalnum(static_cast<unsigned char>(before)) || before == '_') return false;
      } else if (p.text.find('.') != std::string::npos && !m.names_import(t)) {
        return false;  // a plain name stands for `torch.x` only through an import
      }
      return m.canonical(t) == p.text;
    }
    case PatternNode::Type::Leaf:
      return ts_node_symbol(t) == p.symbol && m.text(t) == p.text;
    case PatternNode::Type::Node:
      break;
  }
  if (ts_node_symbol(t) != p.symbol) return false;
  // Comments only add children, so fewer children than the pattern can never match.
  uint32_t count = ts_node_child_count(t);
  if (!p.has_multi_child && count < p.children.size()) return false;
  // Small nodes (nearly all) collect their children on the stack.
  constexpr size_t kInline = 16;
  TSNode inline_children[kInline];
  std::vector<TSNode> heap_children;
  size_t n = 0;
  for_each_child(t, [&](TSNode c) {
    if (n < kInline) inline_children[n] = c;
    else {
      if (heap_children.empty()) heap_children.assign(inline_children, inline_children + kInline);
      heap_children.push_back(c);
    }
    ++n;
  });
  std::span<const TSNode> children = n <= kInline ? std::span<const TSNode>(inline_children, n)
                                                  : std::span<const TSNode>(heap_children);
  if (!p.has_multi_child && children.size() != p.children.size()) return false;
  return ChildrenMatch(p.children, children, m, b).matches();
}

}  // namespace torchlint::py
