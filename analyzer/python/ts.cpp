#include "python/ts.h"

namespace torchlint::py {

const TSLanguage* python_language() { return tree_sitter_python(); }

Parser::Parser() : parser_(ts_parser_new()) { ts_parser_set_language(parser_.get(), python_language()); }

Tree Parser::parse(std::string_view text) {
  ts_parser_reset(parser_.get());
  return Tree(ts_parser_parse_string(parser_.get(), nullptr, text.data(), static_cast<uint32_t>(text.size())));
}

}  // namespace torchlint::py
