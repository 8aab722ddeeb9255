// RAII over tree-sitter's C API. Nothing above this header touches raw handles except
// TSNode, which is a plain value borrowed from its Tree.
#pragma once
#include <tree_sitter/api.h>

#include <memory>
#include <string_view>

extern "C" const TSLanguage* tree_sitter_python(void);

namespace torchlint::py {

const TSLanguage* python_language();

// Owns a TSTree (ts_tree_delete).
class Tree {
 public:
  Tree() = default;
  explicit Tree(TSTree* t) : tree_(t) {}
  TSNode root() const { return ts_tree_root_node(tree_.get()); }
  explicit operator bool() const { return tree_ != nullptr; }

 private:
  struct Deleter {
    void operator()(TSTree* t) const { ts_tree_delete(t); }
  };
  std::unique_ptr<TSTree, Deleter> tree_;
};

// Owns a TSParser (ts_parser_delete) configured for Python. One per thread.
class Parser {
 public:
  Parser();
  // Returns an empty Tree only when tree-sitter refuses the input (it never should).
  Tree parse(std::string_view text);

 private:
  struct Deleter {
    void operator()(TSParser* p) const { ts_parser_delete(p); }
  };
  std::unique_ptr<TSParser, Deleter> parser_;
};

// Owns a TSTreeCursor (ts_tree_cursor_delete).
class Cursor {
 public:
  explicit Cursor(TSNode n) : c_(ts_tree_cursor_new(n)) {}
  ~Cursor() { ts_tree_cursor_delete(&c_); }
  Cursor(const Cursor&) = delete;
  Cursor& operator=(const Cursor&) = delete;
  TSTreeCursor* get() { return &c_; }
  TSNode node() const { return ts_tree_cursor_current_node(&c_); }
  TSFieldId field() const { return ts_tree_cursor_current_field_id(&c_); }
  bool first_child() { return ts_tree_cursor_goto_first_child(&c_); }
  bool next_sibling() { return ts_tree_cursor_goto_next_sibling(&c_); }
  bool parent() { return ts_tree_cursor_goto_parent(&c_); }
  void reset(TSNode n) { ts_tree_cursor_reset(&c_, n); }

 private:
  TSTreeCursor c_;
};

inline std::string_view node_text(TSNode n, std::string_view src) {
  uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (b > src.size() || e > src.size() || e < b) return {};
  return src.substr(b, e - b);
}

inline uintptr_t node_key(TSNode n) { return reinterpret_cast<uintptr_t>(n.id); }
inline bool same_node(TSNode a, TSNode b) { return a.id == b.id; }

// Calls f(child) for each child (named and anonymous, comments skipped) in order.
// ts_node_child(i) costs O(i) but allocates nothing; a cursor is linear but allocates its
// stack: small nodes (nearly all) use the former.
template <class F>
void for_each_child(TSNode n, F&& f) {
  if (ts_node_is_null(n)) return;  // a field that broken code lacks
  uint32_t count = ts_node_child_count(n);
  if (count <= 8) {
    for (uint32_t i = 0; i < count; ++i) {
      TSNode ch = ts_node_child(n, i);
      if (!ts_node_is_extra(ch)) f(ch);
    }
    return;
  }
  TSTreeCursor c = ts_tree_cursor_new(n);
  if (ts_tree_cursor_goto_first_child(&c)) {
    do {
      TSNode ch = ts_tree_cursor_current_node(&c);
      if (!ts_node_is_extra(ch)) f(ch);
    } while (ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
}

template <class F>
void for_each_named_child(TSNode n, F&& f) {
  for_each_child(n, [&](TSNode ch) {
    if (ts_node_is_named(ch)) f(ch);
  });
}

}  // namespace torchlint::py

namespace torchlint::py {

// Depth-first walk without recursion (deeply nested input must not overflow the stack).
// enter(n) returns whether to visit n's children; leave(n) runs after them.
template <class Enter, class Leave>
void walk(TSNode root, Enter&& enter, Leave&& leave) {
  TSTreeCursor c = ts_tree_cursor_new(root);
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(&c);
    if (enter(n) && ts_tree_cursor_goto_first_child(&c)) continue;
    leave(n);
    bool done = false;
    while (!ts_tree_cursor_goto_next_sibling(&c)) {
      if (!ts_tree_cursor_goto_parent(&c)) {
        done = true;
        break;
      }
      leave(ts_tree_cursor_current_node(&c));
    }
    if (done) break;
  }
  ts_tree_cursor_delete(&c);
}

inline bool is_kind(TSNode n, std::string_view kind) { return !ts_node_is_null(n) && kind == ts_node_type(n); }
// The child in field `name`; the field's id is looked up in a table built once, not by
// comparing every field name of the grammar on each call.
TSNode field(TSNode n, std::string_view name);
TSFieldId field_id(std::string_view name);  // 0 for a name the grammar does not have
// Whether `child` is one of `parent`'s children in field `name` (fields may hold several).
bool in_field(TSNode parent, std::string_view name, TSNode child);
// Calls f(child) for each child of `n` in field `name`, in order, until f returns true. The
// first child comes straight from the field; the others (rare) are looked for by index.
template <typename F>
bool any_in_field(TSNode n, std::string_view name, F&& f) {
  TSFieldId id = field_id(name);
  TSNode first = id ? ts_node_child_by_field_id(n, id) : TSNode{};
  if (ts_node_is_null(first)) return false;
  if (f(first)) return true;
  const char* name_in_grammar = ts_language_field_name_for_id(python_language(), id);
  uint32_t count = ts_node_child_count(n);
  for (uint32_t i = 0; i < count; ++i) {
    TSNode c = ts_node_child(n, i);
    if (ts_node_start_byte(c) > ts_node_start_byte(first) && ts_node_field_name_for_child(n, i) == name_in_grammar && f(c))
      return true;
  }
  return false;
}

}  // namespace torchlint::py
