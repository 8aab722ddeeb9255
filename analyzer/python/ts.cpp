#include "python/ts.h"

#include <unordered_map>

namespace torchlint::py {

const TSLanguage* python_language() { return tree_sitter_python(); }

TSNode field(TSNode n, std::string_view name) {
  static const std::unordered_map<std::string_view, TSFieldId> ids = [] {
    std::unordered_map<std::string_view, TSFieldId> out;
    const TSLanguage* lang = python_language();
    for (TSFieldId id = 1; id <= ts_language_field_count(lang); ++id)
      if (const char* f = ts_language_field_name_for_id(lang, id)) out.emplace(f, id);
    return out;
  }();
  auto it = ids.find(name);
  return it == ids.end() ? TSNode{} : ts_node_child_by_field_id(n, it->second);
}

Parser::Parser() : parser_(ts_parser_new()) { ts_parser_set_language(parser_.get(), python_language()); }

Tree Parser::parse(std::string_view text) {
  ts_parser_reset(parser_.get());
  return Tree(ts_parser_parse_string(parser_.get(), nullptr, text.data(), static_cast<uint32_t>(text.size())));
}

}  // namespace torchlint::py
