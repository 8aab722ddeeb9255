// RuleSpec (from YAML) -> a compiled matcher that knows which node kinds it can match, so
// one traversal dispatches every node to only the rules that could fire on it.
#pragma once
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "python/pattern.h"
#include "python/predicates.h"
#include "rulepack/rule_spec.h"

namespace torchlint::py {

struct RuleCompileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Where {
  enum class Op { Predicate, Context, NotContext, Not, Any } op;
  PredicateFn predicate = nullptr;
  ContextFn context = nullptr;
  std::string metavariable;
  std::vector<Where> children;
};

struct Matcher {
  std::optional<PatternNode> pattern;
  std::string required_text;  // an attribute name the pattern needs verbatim: a cheap pre-check
  // The last segment of the pattern's longest dotted name (`Tensor` of `torch.Tensor`): the
  // text must hold it unless an import renames a name ending in it.
  std::string required_dotted;
  std::optional<TSSymbol> kind;
  std::vector<Matcher> any, all, not_, inside, has;
  ContextFn inside_context = nullptr;
  std::optional<std::string> field;  // used when this matcher is the sub-rule of inside/has
  std::vector<Where> where;
  std::vector<std::pair<std::string, std::string>> bind;  // text bound when this rule matches
};

struct CompiledRule {
  RuleSpec spec;
  Matcher matcher;
  std::vector<TSSymbol> kinds;  // empty: any kind
  // The rule can only match in a file whose text holds one of these words, or whose imports
  // rename a name ending in one (`from torch import Tensor as T`). Empty: no such words.
  std::vector<std::string> file_words;
};

// Whether `rule` can match anywhere in a file with this text and these imports.
bool may_match_file(const CompiledRule& rule, std::string_view text, const ImportTable& imports);

CompiledRule compile_rule(const RuleSpec& spec);

bool evaluate(const Matcher& m, TSNode node, const SemanticModel& model, Bindings& b);

}  // namespace torchlint::py
