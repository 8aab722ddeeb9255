// RuleSpec (from YAML) -> a compiled matcher that knows which node kinds it can match, so
// one traversal dispatches every node to only the rules that could fire on it.
#pragma once
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/torch_version.h"
#include "python/deadline.h"
#include "python/head_words.h"
#include "python/pattern.h"
#include "python/predicates.h"
#include "rulepack/rule_spec.h"

namespace torchlint::py {

struct RuleCompileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Where {
  // Constant: known when the rule set is compiled (a `torch-version` condition).
  enum class Op { Predicate, Context, NotContext, Not, Any, Constant } op;
  bool constant = false;
  PredicateFn predicate = nullptr;
  ContextFn context = nullptr;
  std::string metavariable;
  std::vector<Where> children;
};

struct Matcher {
  const PatternNode* pattern = nullptr;  // compile_pattern's, shared by every rule that uses the text
  std::string required_text;  // an attribute name the pattern needs verbatim: a cheap pre-check
  // The last segment of the pattern's longest dotted name (`Tensor` of `torch.Tensor`): the
  // text must hold it unless an import renames a name ending in it.
  std::string required_dotted;
  std::optional<TSSymbol> kind;
  std::vector<Matcher> any, all, not_, inside, has;
  ContextFn inside_context = nullptr;
  std::optional<std::string> field;  // used when this matcher is the sub-rule of inside/has
  std::vector<Where> where;
  // Context conditions of this matcher and of its `all:` parts that are only `where:` lists:
  // they bind nothing, so they run first and spare the costly parts on nodes out of context.
  std::vector<Where> early_where;
  std::vector<std::pair<std::string, std::string>> bind;  // text bound when this rule matches
  // The head words one of which a node needs for this matcher to hold there (empty: any node).
  std::vector<std::string> heads;
  HeadIndex any_index;  // the `any:` branches by head word (empty: try them all)
  std::vector<TSSymbol> starts;  // the node kinds it can hold at (empty: any), tested first
  // It can hold only at named nodes: a `has` search may go through the node table, which
  // holds the named nodes only, instead of walking the tree.
  bool named_only = false;
  // The single metavariables its patterns compare (`$LD`, not `$_` nor `$$$X`), and whether
  // nothing in it asks a predicate or context: then, at a given node, its outcome depends
  // only on what those names are bound to, and a large `has` search can be remembered.
  std::vector<std::string> compared;
  bool structural = false;
};

// What one file's rule run shares across evaluations.
struct MatchCache {
  // Checked in the long loops (`has` and `inside` searches); once it has expired, every
  // evaluation fails, and the caller must discard what the interrupted one returned.
  Deadline deadline;
  // Node table indices where searches stop: subtrees nested too deep to analyse (empty: none).
  std::vector<char> pruned;
  // Outcomes of structural `has` searches over large subtrees, by (matcher, node, bindings
  // it compares): a rule asking the same question of a module for each of its calls (TL405)
  // searches the module once. `found` holds the bindings the search added.
  struct Outcome {
    bool matched = false;
    Bindings found;
  };
  std::unordered_map<std::string, Outcome> has_outcomes;
};

struct CompiledRule {
  RuleSpec spec;
  // Shared by copies: rule sets for other torch versions reuse a rule without `torch-version`
  // conditions instead of compiling it again (most of a set's memory is its matchers).
  std::shared_ptr<const Matcher> shared_matcher;
  const Matcher& matcher() const { return *shared_matcher; }
  std::vector<TSSymbol> kinds;  // empty: any kind
  // The rule can only match in a file whose text holds one of these words, or whose imports
  // rename a name ending in one (`from torch import Tensor as T`). Empty: no such words.
  std::vector<std::string> file_words;
  // How its `torch-version` conditions were decided ('1' held, '0' not), in source order.
  std::string version_outcomes;
};

// Every rule of a set filed by the node kinds and head words it can start at.
class RuleIndex {
 public:
  explicit RuleIndex(const std::vector<CompiledRule>& rules);
  // Calls `f(rule index)` in ascending order for each rule that may match `node`.
  template <typename F>
  void for_each_candidate(TSNode node, const SemanticModel& model, F&& f) const {
    TSSymbol s = ts_node_symbol(node);
    const HeadIndex& index = s < by_kind_.size() ? by_kind_[s] : any_kind_;
    index.for_each(index.empty() ? NodeHeads{} : node_heads(node, model), f);
  }

 private:
  std::vector<HeadIndex> by_kind_;
  HeadIndex any_kind_;
};

// Whether `rule` can match anywhere in a file that spells these words and has these imports.
bool may_match_file(const CompiledRule& rule, const FileWords& words, const ImportTable& imports);

// `torch`: the project's PyTorch, which `torch-version` conditions are decided against.
CompiledRule compile_rule(RuleSpec spec, const TorchRequirement& torch = {});

// `cache`, when given, bounds the evaluation by its deadline and remembers large searches.
bool evaluate(const Matcher& m, TSNode node, const SemanticModel& model, Bindings& b, MatchCache* cache = nullptr);

}  // namespace torchlint::py
