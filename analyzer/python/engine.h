// The Python analysis pipeline for one file: parse -> semantic model -> all rules in one
// traversal -> diagnostics.
#pragma once
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/source_file.h"
#include "python/rule_compiler.h"
#include "python/semantic_model.h"
#include "python/ts.h"

namespace torchlint::py {

class RuleSet {
 public:
  // Throws RuleCompileError (located) for a rule that does not compile. `torch`: the PyTorch
  // the checked files' project supports (rules with `torch-version` conditions depend on it).
  // `same_rules`: a set compiled from the same specs for another torch; its rules without
  // `torch-version` conditions are shared, not compiled again.
  explicit RuleSet(std::vector<RuleSpec> specs, TorchRequirement torch = {}, const RuleSet* same_rules = nullptr);
  const TorchRequirement& torch() const { return torch_; }
  // How the project's torch decided every `torch-version` condition of the set: two versions
  // with the same outcomes compile to the same rules (and may share one set).
  const std::string& version_outcomes() const { return version_outcomes_; }
  const std::vector<CompiledRule>& rules() const { return rules_; }
  // The rules by the node kinds and head words they can start at.
  const RuleIndex& index() const { return *index_; }
  // Every word some rule needs a file to spell (see CompiledRule::file_words).
  const WordSet& file_words() const { return file_words_; }
  // Whether `code` is the id or name of a rule in this set.
  bool knows_rule(const std::string& code) const {
    for (const auto& r : rules_)
      if (r.spec.id == code || r.spec.name == code) return true;
    for (const auto& r : cxx_rules_)
      if (r.id == code || r.name == code) return true;
    return false;
  }
  // The selected rules of the C/C++/CUDA front end (language cxx), which this set does not run.
  const std::vector<RuleSpec>& cxx_rules() const { return cxx_rules_; }
  // The rule that reports unused suppressions, when it is selected.
  const RuleSpec* unused_suppression_rule() const { return unused_suppression_.get(); }
  // The rule that reports syntax errors, when it is selected.
  const RuleSpec* syntax_error_rule() const { return syntax_error_.get(); }
  // Every rule the run could have selected (ids and names), for judging suppressions of
  // rules that did not run; and whether every rule that is on by default ran.
  void set_available_rules(const std::vector<RuleSpec>& all);
  bool is_available_rule(const std::string& code) const { return available_.count(code) > 0; }
  const std::set<std::string>& available_rules() const { return available_; }
  bool runs_every_default_rule() const { return runs_every_default_rule_; }

 private:
  TorchRequirement torch_;
  std::string version_outcomes_;
  std::vector<CompiledRule> rules_;
  std::vector<RuleSpec> cxx_rules_;
  std::unique_ptr<RuleIndex> index_;
  WordSet file_words_;
  std::shared_ptr<RuleSpec> unused_suppression_, syntax_error_;
  std::set<std::string> available_;
  bool runs_every_default_rule_ = true;
};

struct ParsedFile {
  std::unique_ptr<SourceFile> file;
  Tree tree;
  std::unique_ptr<SemanticModel> model;
  std::vector<uint32_t> syntax_error_offsets;  // start bytes of ERROR / MISSING nodes (first few)
};

// A test file (test_*.py, *_test.py, tests.py, conftest.py, a tests/ or test/ folder), judged on the
// path relative to its project root (the nearest folder up with .git, pyproject.toml,
// setup.py, setup.cfg or .torchlint.yaml), never on folders above the project. Training and
// evaluation contexts are off in test files unless set_lint_test_files_as_code(true).
bool is_test_file_path(const std::string& path);
// Whether a file is analysed as a test: in a test folder, or named like one (`test_*.py`) and
// holding tests (`def test...`, unittest, pytest). `test_net.py` beside `train_net.py` is an
// evaluation script and is checked as code.
bool is_test_file(const std::string& path, std::string_view source);
void set_lint_test_files_as_code(bool on);
// The project a file belongs to: its nearest ancestor folder with .git, pyproject.toml,
// setup.py, setup.cfg or .torchlint.yaml ("" when there is none). Cross-file facts never
// cross projects: two repositories checked in one run do not resolve into each other.
std::string project_root(const std::string& path);
// `pkg/sub/train.py` -> `pkg.sub.train` (`pkg/__init__.py` -> `pkg`): how other files of the
// project import it, up to a prefix the project index matches by dotted suffix.
std::string module_name_for_path(std::string_view path);
ParsedFile parse_file(std::unique_ptr<SourceFile> file, Parser& parser);
// The second half of parse_file, for callers that time parsing separately.
ParsedFile build_model(std::unique_ptr<SourceFile> file, Tree tree);
// How long one file's rules may run. When `file` expires, the traversal stops where it is;
// a rule that alone spends `per_rule` on the file stops there for that file while the
// others go on. Findings made before either stay. Zero `per_rule`: no limit per rule.
struct RuleLimits {
  Deadline file;
  Deadline::Clock::duration per_rule{};
};
// Code nested deeper than this (in named syntax nodes) is not analysed: asking where a node
// sits walks its ancestors, so a 100,000-deep `f(f(...))` would cost 10^10 steps. CPython
// itself rejects code nested much less deeply (200 parentheses).
constexpr uint32_t kMaxAnalysedDepth = 500;
// `notes` (may be null) gets what the limits cut short ("PATH: ..."). Such findings are not
// the file's complete results: a time limit cuts them short by chance, not by the file's content.
std::vector<Diagnostic> run_rules(const RuleSet& rules, const ParsedFile& parsed, const RuleLimits& limits = {},
                                  std::vector<std::string>* notes = nullptr);

}  // namespace torchlint::py
