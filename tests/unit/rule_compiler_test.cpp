// RuleSpec -> CompiledRule (python/rule_compiler.h): located compile errors, and the
// compiled matcher evaluated over a snippet.
#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "python/engine.h"
#include "python/rule_compiler.h"
#include "python_helpers.h"
#include "rulepack/loader.h"

using namespace torchlint;

namespace {
// Lines: `match:` is line 7, `pattern:` line 8, `where:` line 9, its first item line 10.
const std::string kRule = R"(id: ACME201
name: kept-loss
family: memory
language: python
severity: warning
message: "{X} kept in {ACC}"
match:
  pattern: $ACC.append($X)
  where:
    - carries-grad: $X
docs:
  what: a
  why: b
  example: c
  use-instead: d
)";

std::string with(const std::string& from, const std::string& to, std::string text = kRule) {
  size_t at = text.find(from);
  REQUIRE_MESSAGE(at != std::string::npos, from);
  return text.replace(at, from.size(), to);
}

RuleSpec spec_of(const std::string& yaml) {
  auto rules = load_rule_pack_text(yaml, "pack.yaml");
  REQUIRE(rules.size() == 1);
  return rules[0];
}

// The message of the RuleCompileError that compiling `yaml` throws ("" if none).
std::string compile_error(const std::string& yaml) {
  RuleSpec spec = spec_of(yaml);
  try {
    py::compile_rule(spec);
  } catch (const py::RuleCompileError& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// Texts of the nodes of `s` the compiled rule matches, in pre-order.
std::vector<std::string> matches(const py::CompiledRule& rule, const Snippet& s) {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.model->node_count(); ++i) {
    TSNode n = s.model->node_at(i);
    s.model->set_current(static_cast<int32_t>(i));
    py::Bindings b;
    if (py::evaluate(rule.matcher(), n, *s.model, b)) out.emplace_back(py::node_text(n, s.text));
  }
  s.model->set_current(-1);
  return out;
}
}  // namespace

TEST_CASE("a valid rule compiles and knows the node kinds it can match") {
  py::CompiledRule r = py::compile_rule(spec_of(kRule));
  CHECK(r.spec.id == "ACME201");
  REQUIRE(r.matcher().pattern);
  REQUIRE(r.kinds.size() == 1);
  CHECK(std::string(ts_language_symbol_name(py::python_language(), r.kinds[0])) == "call");
  REQUIRE(r.matcher().where.size() == 1);
  CHECK(r.matcher().where[0].metavariable == "X");
}

TEST_CASE("an unknown predicate is located and gets a suggestion") {
  std::string err = compile_error(with("carries-grad: $X", "carries-grd: $X"));
  CHECK_MESSAGE(contains(err, "pack.yaml:10:7"), err);
  CHECK_MESSAGE(contains(err, "`carries-grd`"), err);
  CHECK_MESSAGE(contains(err, "did you mean `carries-grad`"), err);
}

TEST_CASE("an unknown context is located and gets a suggestion") {
  std::string err = compile_error(with("    - carries-grad: $X\n", "    - carries-grad: $X\n    - inside: trainig-loop\n"));
  CHECK_MESSAGE(contains(err, "pack.yaml:11:7"), err);
  CHECK_MESSAGE(contains(err, "did you mean `training-loop`"), err);
}

TEST_CASE("a metavariable in `where` that no pattern binds is an error") {
  std::string err = compile_error(with("carries-grad: $X", "carries-grad: $Y"));
  CHECK_MESSAGE(contains(err, "pack.yaml:10:7"), err);
  CHECK_MESSAGE(contains(err, "$Y"), err);
  CHECK_MESSAGE(contains(err, "not bound"), err);

  SUBCASE("also inside not/any") {
    std::string nested = with("    - carries-grad: $X\n", "    - any:\n        - is-loss: $X\n        - not:\n            is-tensor: $Z\n");
    std::string e2 = compile_error(nested);
    CHECK_MESSAGE(contains(e2, "$Z"), e2);
  }
  SUBCASE("a predicate argument that is not a metavariable") {
    CHECK(contains(compile_error(with("carries-grad: $X", "carries-grad: X")), "takes a metavariable"));
  }
}

TEST_CASE("anchor and fix.replace must name bound metavariables") {
  CHECK(contains(compile_error(with("match:\n", "anchor: $Q\nmatch:\n")), "`anchor: $Q`"));
  std::string fix = kRule + "fix:\n  title: t\n  applicability: unsafe\n  replace: $W\n  with: \"$X.detach()\"\n";
  CHECK(contains(compile_error(fix), "`replace: $W`"));
  std::string good = kRule + "fix:\n  title: t\n  applicability: unsafe\n  replace: $X\n  with: \"$X.detach()\"\n";
  CHECK(compile_error(good).empty());
}

// The fix template is written into the user's file: an unbound `$Z` would be inserted
// literally (engine.cpp interpolate() leaves unknown names as they are). compile_rule checks
// `anchor` and `replace` but not `with` / `insert-after`.
TEST_CASE("a fix template naming an unbound metavariable is an error") {
  std::string fix = kRule + "fix:\n  title: t\n  applicability: unsafe\n  replace: $X\n  with: \"$Z.detach()\"\n";
  CHECK_MESSAGE(contains(compile_error(fix), "$Z"), "compile_rule accepted `with: $Z.detach()`");
}

TEST_CASE("an invalid pattern or node kind is reported where it was written") {
  std::string err = compile_error(with("pattern: $ACC.append($X)", "pattern: $ACC.append($X"));
  CHECK_MESSAGE(contains(err, "pack.yaml:8:"), err);
  CHECK_MESSAGE(contains(err, "invalid pattern"), err);
  std::string kind = compile_error(with("  pattern: $ACC.append($X)\n", "  pattern: $ACC.append($X)\n  kind: cal\n"));
  CHECK_MESSAGE(contains(kind, "unknown node kind `cal`"), kind);
}

TEST_CASE("the compiled matcher: pattern plus where conditions over a snippet") {
  std::string yaml = with("    - carries-grad: $X\n", "    - carries-grad: $X\n    - inside: training-loop\n");
  py::CompiledRule rule = py::compile_rule(spec_of(yaml));
  Snippet s(R"(
import torch
losses, seen = [], []
for x, y in loader:
    out = model(x)
    loss = criterion(out, y)
    loss.backward()
    optimizer.step()
    losses.append(loss)
    seen.append(loss.item())
    with torch.no_grad():
        frozen = model(x)
    seen.append(frozen)
losses.append(model(x))
)");
  // Outside the loop `model(x)` carries grad too, but the rule asks for a training loop.
  CHECK(matches(rule, s) == std::vector<std::string>{"losses.append(loss)"});
}

TEST_CASE("any/not combinators in a compiled rule") {
  std::string yaml = with("  pattern: $ACC.append($X)\n  where:\n    - carries-grad: $X\n",
                          "  any:\n    - pattern: $ACC.append($X)\n    - pattern: $ACC += $X\n"
                          "  not:\n    pattern: debug.append($X)\n");
  py::CompiledRule rule = py::compile_rule(spec_of(yaml));
  CHECK(rule.kinds.size() == 2);  // call and augmented_assignment
  Snippet s("a.append(1)\ndebug.append(2)\ntotal += 3\nb.extend(4)\n");
  CHECK(matches(rule, s) == std::vector<std::string>{"a.append(1)", "total += 3"});
}

TEST_CASE("a `has` descendant that fails leaves no bindings for the next one") {
  // The first call `f(a)` binds $F = f and then fails (`a` is not `b`); the second call must
  // be tried with $F unbound, or `g(b)` could never match.
  std::string yaml = with("  pattern: $ACC.append($X)\n  where:\n    - carries-grad: $X\n",
                          "  all:\n    - pattern: $ACC.append($X)\n    - has:\n        all:\n"
                          "          - pattern: $F($Y)\n          - has: {pattern: b}\n");
  yaml = with("message: \"{X} kept in {ACC}\"", "message: \"{X} kept in {ACC} by {F}\"", yaml);
  py::CompiledRule rule = py::compile_rule(spec_of(yaml));
  Snippet s("out.append((f(a), g(b)))\nout.append(f(a))\n");
  CHECK(matches(rule, s) == std::vector<std::string>{"out.append((f(a), g(b)))"});
}

TEST_CASE("an `inside` ancestor that fails leaves no bindings for the next one") {
  std::string yaml = with("  pattern: $ACC.append($X)\n  where:\n    - carries-grad: $X\n",
                          "  all:\n    - pattern: $ACC.append($X)\n    - inside:\n        all:\n"
                          "          - kind: call\n          - pattern: $F($$$A)\n          - has: {pattern: keep}\n");
  py::CompiledRule rule = py::compile_rule(spec_of(yaml));
  // The inner call `wrap(...)` binds $F and fails; the outer `outer(keep, ...)` must still match.
  Snippet s("outer(keep, wrap(xs.append(1)))\nwrap(xs.append(2))\n");
  CHECK(matches(rule, s) == std::vector<std::string>{"xs.append(1)"});
}

TEST_CASE("`bind` gives each `any` branch its own text, and a failed branch leaves none") {
  std::string yaml = with("  pattern: $ACC.append($X)\n  where:\n    - carries-grad: $X\n",
                          "  any:\n    - pattern: torch.qr($X)\n      bind: {USE: torch.linalg.qr}\n"
                          "    - pattern: torch.ger($X, $ACC)\n      bind: {USE: torch.outer}\n");
  yaml = with("message: \"{X} kept in {ACC}\"", "message: \"use {USE}\"", yaml);
  py::CompiledRule rule = py::compile_rule(spec_of(yaml));
  Snippet s("import torch\ntorch.ger(a, b)\n");
  std::vector<std::string> bound;
  for (size_t i = 0; i < s.model->node_count(); ++i) {
    py::Bindings b;
    if (py::evaluate(rule.matcher(), s.model->node_at(i), *s.model, b))
      for (const auto& [name, text] : b.literal) bound.push_back(name + "=" + text);
  }
  CHECK(bound == std::vector<std::string>{"USE=torch.outer"});
  std::string error;
  try {
    load_rule_pack_text(with("bind: {USE: torch.outer}", "bind: {use: torch.outer}", yaml), "pack.yaml");
  } catch (const std::exception& e) {
    error = e.what();
  }
  CHECK(contains(error, "pack.yaml:12:"));
  CHECK(contains(error, "upper case"));
}

TEST_CASE("a call meets only the rules its callee's head word can satisfy, renamed imports included") {
  std::string yaml = with("  pattern: $ACC.append($X)\n  where:\n    - carries-grad: $X\n",
                          "  any:\n    - pattern: torch.qr($X)\n    - pattern: $ACC.solve($X)\n");
  yaml = with("message: \"{X} kept in {ACC}\"", "message: \"{X}\"", yaml);
  std::vector<py::CompiledRule> rules{py::compile_rule(spec_of(yaml))};
  CHECK(rules[0].matcher().heads == std::vector<std::string>{"qr", "solve"});
  py::RuleIndex index(rules);
  Snippet s("from torch import qr as decompose\nq = decompose(a)\nr = lu.solve(b)\nt = lu.other(c)\n");
  std::vector<std::string> met;
  for (size_t i = 0; i < s.model->node_count(); ++i) {
    TSNode n = s.model->node_at(i);
    if (!py::is_kind(n, "call")) continue;
    index.for_each_candidate(n, *s.model, [&](uint32_t) {
      met.emplace_back(py::node_text(n, s.text));
      return true;
    });
  }
  CHECK(met == std::vector<std::string>{"decompose(a)", "lu.solve(b)"});
}

TEST_CASE("a rule is skipped for files that never spell the words it needs") {
  std::string yaml = with("  pattern: $ACC.append($X)\n  where:\n    - carries-grad: $X\n",
                          "  any:\n    - pattern: torch.qr($X)\n    - pattern: $ACC.solve($X)\n");
  yaml = with("message: \"{X} kept in {ACC}\"", "message: \"{X}\"", yaml);
  py::CompiledRule rule = py::compile_rule(spec_of(yaml));
  CHECK(rule.file_words == std::vector<std::string>{"qr", "solve"});
  Snippet plain("import torch\nx = torch.svd(a)\n");
  CHECK_FALSE(py::may_match_file(rule, py::FileWords(plain.text), plain.model->imports()));
  Snippet spelled("import torch as th\nx = th.qr(a)\n");
  CHECK(py::may_match_file(rule, py::FileWords(spelled.text), spelled.model->imports()));
  // An import can bind the name under another: the file never spells `qr` at a call.
  Snippet renamed("from torch import qr as decompose\nx = decompose(a)\n");
  CHECK(py::may_match_file(rule, py::FileWords("x = decompose(a)\n"), renamed.model->imports()));
  // Whole words only: `qrs` and `solver` do not spell `qr` or `solve`.
  CHECK_FALSE(py::may_match_file(rule, py::FileWords("qrs = solver(a)  # qr_"), plain.model->imports()));
  CHECK(matches(rule, renamed) == std::vector<std::string>{"decompose(a)"});
  // A rule with no literal word anywhere runs on every file.
  std::string any_call = with("  pattern: $ACC.append($X)\n  where:\n    - carries-grad: $X\n", "  pattern: $ACC($X)\n");
  any_call = with("message: \"{X} kept in {ACC}\"", "message: \"{X}\"", any_call);
  CHECK(py::compile_rule(spec_of(any_call)).file_words.empty());
}

#ifdef TORCHLINT_SOURCE_DIR
TEST_CASE("every shipped rule loads and compiles") {
  auto rules = load_rule_packs(std::string(TORCHLINT_SOURCE_DIR) + "/rules");
  CHECK(rules.size() >= 5);
  for (const RuleSpec& r : rules) {
    CAPTURE(r.id);
    if (r.engine != "pattern") continue;
    CHECK_NOTHROW(py::compile_rule(r));
  }
}
#endif

TEST_CASE("dedupe-by must name a metavariable the patterns bind") {
  std::string err = compile_error(with("match:", "dedupe-by: $Y\nmatch:"));
  CHECK_MESSAGE(contains(err, "`dedupe-by: $Y` is not a metavariable bound"), err);
  CHECK(compile_error(with("match:", "dedupe-by: $X\nmatch:")).empty());
}

namespace {
// A module-level rule that searches the whole module for each call: `$X.go()` where the
// module assigns `$X = make($Y)`.
py::CompiledRule module_search_rule() {
  std::string yaml = with("  pattern: $ACC.append($X)\n  where:\n    - carries-grad: $X\n",
                          "  all:\n    - pattern: $X.go()\n    - inside:\n        kind: module\n"
                          "        has: {pattern: $X = make($Y)}\n");
  return py::compile_rule(spec_of(with("message: \"{X} kept in {ACC}\"", "message: \"{X} from {Y}\"", yaml)));
}

// A module with `statements` filler assignments between the definitions and the calls.
std::string module_with_filler(int statements, const std::string& tail) {
  std::string text = "a = make(1)\nc = make(3)\n";
  for (int i = 0; i < statements; ++i) text += "z" + std::to_string(i) + " = " + std::to_string(i) + "\n";
  return text + tail;
}
}  // namespace

TEST_CASE("a remembered `has` search answers per binding and restores what it bound") {
  py::CompiledRule rule = module_search_rule();
  CHECK(rule.matcher().all[1].inside[0].has[0].structural);
  Snippet s(module_with_filler(40, "a.go()\nb.go()\nc.go()\na.go()\nb.go()\n"));
  py::MatchCache cache;
  std::vector<std::string> remembered, fresh;
  for (size_t i = 0; i < s.model->node_count(); ++i) {
    TSNode n = s.model->node_at(i);
    s.model->set_current(static_cast<int32_t>(i));
    for (auto* into : {&remembered, &fresh}) {
      py::Bindings b;
      if (!py::evaluate(rule.matcher(), n, *s.model, b, into == &remembered ? &cache : nullptr)) continue;
      into->push_back(std::string(py::node_text(*b.find("X"), s.text)) + "<-" + std::string(py::node_text(*b.find("Y"), s.text)));
    }
  }
  s.model->set_current(-1);
  CHECK(fresh == std::vector<std::string>{"a<-1", "c<-3", "a<-1"});
  CHECK(remembered == fresh);
  CHECK(cache.has_outcomes.size() == 3);  // one search of the module per name: a, b, c
}

TEST_CASE("an evaluation past its deadline stops and says it was cut short") {
  py::CompiledRule rule = module_search_rule();
  Snippet s(module_with_filler(2000, "b.go()\n"));
  TSNode call = s.find("b.go()", "call");
  py::MatchCache cache;
  cache.deadline = py::Deadline(py::Deadline::Clock::now() - std::chrono::seconds(1));
  py::Bindings b;
  CHECK_FALSE(py::evaluate(rule.matcher(), call, *s.model, b, &cache));
  CHECK(cache.deadline.cut_short());
  CHECK(cache.has_outcomes.empty());  // an interrupted search is no outcome to remember
  py::MatchCache in_time;
  CHECK_FALSE(py::evaluate(rule.matcher(), call, *s.model, b, &in_time));
  CHECK_FALSE(in_time.deadline.cut_short());
}

TEST_CASE("a rule over its time budget on a file stops there, with a note; its earlier findings stay") {
  std::string text = module_with_filler(10, "a.go()\nc.go()\n");
  py::Parser parser;
  py::ParsedFile pf = py::parse_file(std::make_unique<SourceFile>("m.py", text), parser);
  py::ProjectIndex index;
  index.add(pf.model->summary());
  index.complete();
  pf.model->complete(index);
  py::RuleSet rules({module_search_rule().spec});
  CHECK(py::run_rules(rules, pf).size() == 2);
  py::RuleLimits limits;
  limits.per_rule = std::chrono::nanoseconds(1);  // spent by its first evaluation
  std::vector<std::string> notes;
  std::vector<Diagnostic> found = py::run_rules(rules, pf, limits, &notes);
  REQUIRE(found.size() == 1);
  CHECK(found[0].message == "a from 1");
  REQUIRE(notes.size() == 1);
  CHECK_MESSAGE(contains(notes[0], "m.py: took more than"), notes[0]);
  CHECK_MESSAGE(contains(notes[0], "ACME201 at line 14"), notes[0]);
  // The file's own deadline, passed: nothing runs, and the note says where it stopped.
  notes.clear();
  py::RuleLimits passed{py::Deadline(py::Deadline::Clock::now()), {}};
  CHECK(py::run_rules(rules, pf, passed, &notes).empty());
  REQUIRE(notes.size() == 1);
  CHECK_MESSAGE(contains(notes[0], "m.py: out of time (--file-timeout) at line 13"), notes[0]);
}
