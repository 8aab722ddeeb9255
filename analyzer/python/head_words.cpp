#include "python/head_words.h"

#include <cctype>

#include "python/kinds.h"
#include "python/ts.h"

namespace torchlint::py {

std::string_view pattern_head(const PatternNode& p) {
  const Kinds& k = kinds();
  switch (p.type) {
    case PatternNode::Type::Dotted: {
      std::string_view t = p.text;
      size_t dot = t.rfind('.');
      return dot == std::string_view::npos ? t : t.substr(dot + 1);
    }
    case PatternNode::Type::Leaf:
      return p.symbol == k.identifier ? std::string_view(p.text) : std::string_view{};
    case PatternNode::Type::Node:
      if (p.children.empty()) return {};
      if (p.symbol == k.call) return pattern_head(p.children.front());
      // `$X.item`: the attribute's name is its last child.
      if (p.symbol == k.attribute && p.children.back().type == PatternNode::Type::Leaf)
        return pattern_head(p.children.back());
      return {};
    default:
      return {};
  }
}

NodeHeads node_heads(TSNode n, const SemanticModel& model) {
  const Kinds& k = kinds();
  TSSymbol s = ts_node_symbol(n);
  while (s == k.call) {
    n = field(n, "function");
    if (ts_node_is_null(n)) return {};
    s = ts_node_symbol(n);
  }
  if (s == k.attribute) {
    TSNode name = field(n, "attribute");
    return {ts_node_is_null(name) ? std::string_view{} : model.text(name), {}};
  }
  if (s != k.identifier) return {};
  std::string_view text = model.text(n);
  std::string_view imported = model.imports().alias_last_segment(text);
  return {text, imported == text ? std::string_view{} : imported};
}

FileWords::FileWords(std::string_view text, const WordSet* wanted) {
  auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t i = 0; i < text.size();) {
    if (!word_char(text[i])) {
      ++i;
      continue;
    }
    size_t start = i;
    while (i < text.size() && word_char(text[i])) ++i;
    std::string_view word = text.substr(start, i - start);
    if (!wanted || wanted->count(word)) words_.insert(word);
  }
}

void HeadIndex::add(uint32_t index, const std::vector<std::string>& heads) {
  if (heads.empty()) headless_.push_back(index);
  for (const std::string& h : heads) {
    auto& list = by_head_[h];
    if (list.empty() || list.back() != index) list.push_back(index);
  }
}

const std::vector<uint32_t>* HeadIndex::find(std::string_view head) const {
  if (head.empty()) return nullptr;
  auto it = by_head_.find(head);
  return it == by_head_.end() ? nullptr : &it->second;
}

}  // namespace torchlint::py
