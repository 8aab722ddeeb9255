// A rule as written in a pack, before any front end compiles it. Every value remembers
// where it was written (file:line:col) so that compile errors can point at it.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/archive.h"
#include "core/diagnostic.h"
#include "core/shared.h"

namespace torchlint {

struct SourceMark {
  Shared<std::string> file;  // shared: the thousands of marks of a pack name one file
  int line = 0;    // 1-based
  int column = 0;  // 1-based
  std::string str() const;
  bool operator==(const SourceMark&) const = default;
};

// One `where` condition: `carries-grad: $X`, `inside: training-loop`, `not: {...}`, `any: [...]`.
struct WhereSpec {
  std::string key;  // predicate or context name, or "not" / "any"
  std::string arg;  // metavariable or context name
  std::vector<WhereSpec> children;
  SourceMark mark;
  bool operator==(const WhereSpec&) const = default;
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
  bool operator==(const MatchSpec&) const = default;
};

struct FixSpec {
  std::string title;
  Applicability applicability = Applicability::DisplayOnly;
  std::optional<std::string> replace;       // metavariable; default: the whole match
  std::optional<std::string> with;          // template with $X / {X}
  std::optional<std::string> insert_after;  // a new statement after the matched statement
  SourceMark mark;
  std::map<std::string, SourceMark> key_marks;  // where each key's value is written
  bool operator==(const FixSpec&) const = default;
};

// How the harness shows a finding's cost (`confirm:` in a rule): the experiment, how the fixed
// twin is made, and what turns the docs example into a program.
struct ConfirmSpec {
  std::string experiment;          // memory-growth, sync-count, grad-memory, eval-mode, train-mode, call-count, step-growth
  std::string fixed_by;            // "": the rule's fix; else a probe variant (no-grad, eval-mode, train-mode)
  std::optional<FixSpec> rewrite;  // `fixed-by: {replace, with}`: this edit makes the fixed twin
  std::string setup;               // Python run before the docs example (defaults come from the world)
  std::string run;                 // Python run after it (calls the function the example defines)
  bool needs_gpu = false;          // `device: cuda`, or an experiment of CUDA only: the cost shows only on a GPU
  bool loop_after = false;         // `loop: after`: the cost shows in the first loop after the finding's own loop
  SourceMark mark;
  bool operator==(const ConfirmSpec&) const = default;
};

// One AST matcher of a clang rule: the node bound as the match is reported; `fix_member`
// renames the member a matched member call names (`.data<T>()` -> `.data_ptr<T>()`).
struct ClangMatcherSpec {
  std::string expression;
  std::string fix_member;
  SourceMark mark;
  bool operator==(const ClangMatcherSpec&) const = default;
};

struct RuleDocs {
  std::string what, why, example, use_instead, fix_safety;
  std::vector<std::string> references;
  bool operator==(const RuleDocs&) const = default;
};

struct RuleSpec {
  std::string id, name, family, language;
  Severity severity = Severity::Warning;
  std::string message;
  std::string hint;
  std::optional<std::string> anchor;  // metavariable the finding is reported on
  bool once_per_function = false;
  bool once_per_region = false;  // one finding per `region` (e.g. per training loop): one cause, one report
  std::string region;  // "", "training-loop", "function" or "except-handler": see Diagnostic::region
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
  // `security-severity: 8.8`: a security rule, with its CVSS-style score (0.0 to 10.0) as
  // written; "" for the rest. Code scanning shows such findings as security alerts.
  std::string security_severity;
  // Shared: copies of a rule (one per rule set that selects it) share its largest part.
  Shared<MatchSpec> match;
  std::optional<FixSpec> fix;
  std::optional<ConfirmSpec> confirm;
  std::string unmeasured;  // `confirm: {none: WHY}`: why no experiment can show this rule's cost
  RuleDocs docs;
  SourceMark mark;
  std::map<std::string, SourceMark> key_marks;  // where each top-level key's value is written
  std::string source;  // the rule's text as written: part of the cache key
  bool operator==(const RuleSpec&) const = default;
};

}  // namespace torchlint

namespace torchlint {

// Every member of each struct above, for the built-in rule image (cli/rule_image.h). A member
// left out here that a built-in rule sets fails the build: the image generator checks that
// the rules survive the round trip (compared with the defaulted operator==).
template <typename A, archive::Of<SourceMark> S>
void fields(A& a, S& m) {
  a(m.file, m.line, m.column);
}
template <typename A, archive::Of<WhereSpec> S>
void fields(A& a, S& w) {
  a(w.key, w.arg, w.children, w.mark);
}
template <typename A, archive::Of<MatchSpec> S>
void fields(A& a, S& m) {
  a(m.pattern, m.kind, m.any, m.all, m.not_, m.inside, m.has, m.inside_context, m.field, m.where, m.bind, m.mark,
    m.key_marks);
}
template <typename A, archive::Of<FixSpec> S>
void fields(A& a, S& f) {
  a(f.title, f.applicability, f.replace, f.with, f.insert_after, f.mark, f.key_marks);
}
template <typename A, archive::Of<ConfirmSpec> S>
void fields(A& a, S& c) {
  a(c.experiment, c.fixed_by, c.rewrite, c.setup, c.run, c.needs_gpu, c.loop_after, c.mark);
}
template <typename A, archive::Of<ClangMatcherSpec> S>
void fields(A& a, S& m) {
  a(m.expression, m.fix_member, m.mark);
}
template <typename A, archive::Of<RuleDocs> S>
void fields(A& a, S& d) {
  a(d.what, d.why, d.example, d.use_instead, d.fix_safety, d.references);
}
template <typename A, archive::Of<RuleSpec> S>
void fields(A& a, S& r) {
  a(r.id, r.name, r.family, r.language, r.severity, r.message, r.hint, r.anchor, r.once_per_function,
    r.once_per_region, r.region, r.dedupe_by, r.absorbs, r.engine, r.check, r.matchers, r.enabled_by_default, r.security_severity, r.match,
    r.fix, r.confirm, r.unmeasured, r.docs, r.mark, r.key_marks, r.source);
}

}  // namespace torchlint
