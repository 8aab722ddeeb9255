// A rule as written in a pack, before any front end compiles it. Every value remembers
// where it was written (file:line:col) so that compile errors can point at it.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"

namespace torchlint {

struct SourceMark {
  std::string file;
  int line = 0;    // 1-based
  int column = 0;  // 1-based
  std::string str() const;
};

// One `where` condition: `carries-grad: $X`, `inside: training-loop`, `not: {...}`, `any: [...]`.
struct WhereSpec {
  std::string key;  // predicate or context name, or "not" / "any"
  std::string arg;  // metavariable or context name
  std::vector<WhereSpec> children;
  SourceMark mark;
};

// A match rule object; several keys in one object are a conjunction.
struct MatchSpec {
  std::optional<std::string> pattern;
  std::optional<std::string> kind;
  std::vector<MatchSpec> any, all;
  std::vector<MatchSpec> not_;   // 0 or 1
  std::vector<MatchSpec> inside, has;  // 0 or 1 (sub-rule form)
  std::optional<std::string> inside_context;  // `inside: training-loop`
  std::optional<std::string> field;           // with inside/has: the field that holds the node
  std::vector<WhereSpec> where;
  // `bind: {SINCE: "1.9"}`: text bound when this match rule matches (per-branch data for the
  // message, hint and fix of a rule whose `any` branches stand for different things).
  std::vector<std::pair<std::string, std::string>> bind;
  SourceMark mark;
  std::map<std::string, SourceMark> key_marks;
};

struct FixSpec {
  std::string title;
  Applicability applicability = Applicability::DisplayOnly;
  std::optional<std::string> replace;       // metavariable; default: the whole match
  std::optional<std::string> with;          // template with $X / {X}
  std::optional<std::string> insert_after;  // a new statement after the matched statement
  SourceMark mark;
  std::map<std::string, SourceMark> key_marks;  // where each key's value is written
};

// How the harness shows a finding's cost (`confirm:` in a rule): the experiment, how the fixed
// twin is made, and what turns the docs example into a program.
struct ConfirmSpec {
  std::string experiment;          // memory-growth, sync-count, grad-memory, eval-mode, train-mode, call-count, step-growth
  std::string fixed_by;            // "": the rule's fix; else a probe variant (no-grad, eval-mode, train-mode)
  std::optional<FixSpec> rewrite;  // `fixed-by: {replace, with}`: this edit makes the fixed twin
  std::string setup;               // Python run before the docs example (defaults come from the world)
  std::string run;                 // Python run after it (calls the function the example defines)
  SourceMark mark;
};

// One AST matcher of a clang rule: the node bound as the match is reported; `fix_member`
// renames the member a matched member call names (`.data<T>()` -> `.data_ptr<T>()`).
struct ClangMatcherSpec {
  std::string expression;
  std::string fix_member;
  SourceMark mark;
};

struct RuleDocs {
  std::string what, why, example, use_instead, fix_safety;
  std::vector<std::string> references;
};

struct RuleSpec {
  std::string id, name, family, language;
  Severity severity = Severity::Warning;
  std::string message;
  std::string hint;
  std::optional<std::string> anchor;  // metavariable the finding is reported on
  bool once_per_function = false;
  bool once_per_region = false;  // one finding per `region` (e.g. per training loop): one cause, one report
  std::string region;  // "", "training-loop" or "function": see Diagnostic::region
  // One finding per innermost training loop (or function) and text of this metavariable:
  // `loss.item()` on two adjacent lines is one problem.
  std::optional<std::string> dedupe_by;
  // Rules whose finding on the same node is the same problem seen from another side: one
  // finding (this rule's), whose help also carries theirs.
  std::vector<std::string> absorbs;
  // `pattern`: matched by the engine; `suppressions`: produced by the suppression pass.
  std::string engine = "pattern";  // or `clang` (language cxx)
  std::string check;                       // clang: a named C++ check of torchlint-cxx
  std::vector<ClangMatcherSpec> matchers;  // clang: AST matcher expressions
  bool enabled_by_default = true;  // `default: off` rules run only when selected by name
  MatchSpec match;
  std::optional<FixSpec> fix;
  std::optional<ConfirmSpec> confirm;
  RuleDocs docs;
  SourceMark mark;
  std::map<std::string, SourceMark> key_marks;  // where each top-level key's value is written
  std::string source;  // the rule's text as written: part of the cache key
};

}  // namespace torchlint
