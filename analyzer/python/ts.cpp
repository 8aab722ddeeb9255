#include "python/ts.h"

#include <unordered_map>

namespace torchlint::py {

const TSLanguage* python_language() { return tree_sitter_python(); }

TSFieldId field_id(std::string_view name) {
  static const std::unordered_map<std::string_view, TSFieldId> ids = [] {
    std::unordered_map<std::string_view, TSFieldId> out;
    const TSLanguage* lang = python_language();
    for (TSFieldId id = 1; id <= ts_language_field_count(lang); ++id)
      if (const char* f = ts_language_field_name_for_id(lang, id)) out.emplace(f, id);
    return out;
  }();
  auto it = ids.find(name);
  return it == ids.end() ? 0 : it->second;
}

TSNode field(TSNode n, std::string_view name) {
  TSFieldId id = field_id(name);
  return id ? ts_node_child_by_field_id(n, id) : TSNode{};
}

bool in_field(TSNode parent, std::string_view name, TSNode child) {
  TSFieldId id = field_id(name);
  if (!id) return false;
  TSNode first = ts_node_child_by_field_id(parent, id);
  if (ts_node_is_null(first) || same_node(first, child)) return !ts_node_is_null(first);  // the usual case: one child
  // A field with several children (`from m import a, b`): the child's own field, found by
  // index without allocating (nodes with fields have few children).
  const char* name_in_grammar = ts_language_field_name_for_id(python_language(), id);
  uint32_t count = ts_node_child_count(parent);
  for (uint32_t i = 0; i < count; ++i) {
    TSNode n = ts_node_child(parent, i);
    if (ts_node_start_byte(n) > ts_node_start_byte(child)) break;
    if (same_node(n, child)) return ts_node_field_name_for_child(parent, i) == name_in_grammar;
  }
  return false;
}

Parser::Parser() : parser_(ts_parser_new()) { ts_parser_set_language(parser_.get(), python_language()); }

Tree Parser::parse(std::string_view text) {
  ts_parser_reset(parser_.get());
  return Tree(ts_parser_parse_string(parser_.get(), nullptr, text.data(), static_cast<uint32_t>(text.size())));
}

}  // namespace torchlint::py
