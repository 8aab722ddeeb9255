// Code patterns with metavariables: `$X` matches one node, `$$$ARGS` any number of
// siblings, `$_` anything without binding. A pattern is Python source; dotted names in it
// (torch.no_grad) match by canonical name, so aliases and `from` imports match too.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/archive.h"
#include "python/semantic_model.h"
#include "python/ts.h"

namespace torchlint::py {

struct PatternNode {
  enum class Type { Node, Leaf, Dotted, Meta, MetaMulti };
  Type type = Type::Node;
  TSSymbol symbol = 0;
  std::string text;  // Leaf/Dotted: the text to compare; Meta*: the metavariable name ("" for $_)
  std::vector<PatternNode> children;
  bool has_multi_child = false;  // a $$$ among the children: the child count may vary
  bool operator==(const PatternNode&) const = default;
};

// For the built-in rule image (cli/rule_image.h): every member above.
template <typename A, archive::Of<PatternNode> S>
void fields(A& a, S& p) {
  a(p.type, p.symbol, p.text, p.children, p.has_multi_child);
}

struct Bindings {
  std::vector<std::pair<std::string, TSNode>> single;
  std::vector<std::pair<std::string, std::vector<TSNode>>> multi;
  // `bind: {NAME: text}` of the match rules that matched: text for messages and fixes.
  std::vector<std::pair<std::string, std::string>> literal;

  const TSNode* find(std::string_view name) const;
  const std::vector<TSNode>* find_multi(std::string_view name) const;
  // Every node bound to `name`, whether single or multi.
  std::vector<TSNode> nodes(std::string_view name) const;
  const std::string* find_literal(std::string_view name) const;
  struct Mark {
    size_t single, multi, literal;
  };
  Mark mark() const { return {single.size(), multi.size(), literal.size()}; }
  void rollback(const Mark& m) {
    single.resize(m.single);
    multi.resize(m.multi);
    literal.resize(m.literal);
  }
};

struct PatternError {
  std::string message;
};

// Throws PatternError when the text does not parse as one Python statement or expression.
// Memoised: each text is parsed once per process.
const PatternNode& compile_pattern(std::string_view text);
// The same without the memo: always parses.
PatternNode parse_pattern(std::string_view text);
// Fills compile_pattern's memo with patterns compiled ahead of time (the built-in rule image).
void preload_patterns(std::vector<std::pair<std::string, PatternNode>> compiled);
void collect_metavariables(const PatternNode& p, std::vector<std::string>& out);

bool match_pattern(const PatternNode& p, TSNode target, const SemanticModel& model, Bindings& b);

}  // namespace torchlint::py
