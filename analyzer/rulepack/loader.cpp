#include "rulepack/loader.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "gpu_harness/experiments.h"
#include "core/file_reading.h"
#include "rulepack/document_budget.h"

namespace torchlint {

std::string SourceMark::str() const {
  return *file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  auto distance = [](const std::string& a, const std::string& b) {
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
      size_t prev = row[0];
      row[0] = i;
      for (size_t j = 1; j <= b.size(); ++j) {
        size_t cur = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1)});
        prev = cur;
      }
    }
    return row[b.size()];
  };
  std::string best;
  size_t best_d = std::max<size_t>(2, word.size() / 3) + 1;
  for (const std::string& c : candidates) {
    // The lengths' difference bounds the distance from below: skipping what cannot win keeps
    // a huge word from costing its length times every candidate's.
    if (std::max(word.size(), c.size()) - std::min(word.size(), c.size()) >= best_d) continue;
    size_t d = distance(word, c);
    if (d < best_d) {
      best_d = d;
      best = c;
    }
  }
  return best;
}

namespace {

// A mapping's values by key, read in one pass. yaml-cpp builds a stringstream for every
// `node["key"]` lookup, which made loading the built-in rules the largest cost of checking
// one file.
class Fields {
 public:
  explicit Fields(const YAML::Node& map) {
    if (!map.IsMap()) return;
    for (auto it = map.begin(); it != map.end(); ++it) entries_.emplace_back(it->first.Scalar(), it->second);
  }
  // The value under `key`, or an undefined node (false in a condition) when there is none.
  YAML::Node operator[](std::string_view key) const {
    for (const auto& [k, v] : entries_)
      if (k == key) return v;
    return YAML::Node(YAML::NodeType::Undefined);
  }

 private:
  std::vector<std::pair<std::string, YAML::Node>> entries_;
};

class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}  // every mark shares the name

  SourceMark mark(const YAML::Node& n) const {
    YAML::Mark m = n.Mark();
    return {file_, m.line + 1, m.column + 1};
  }
  [[noreturn]] void fail(const YAML::Node& n, const std::string& msg) const {
    throw RulePackError(mark(n).str() + ": " + msg);
  }
  void expect_map(const YAML::Node& n, const std::string& what) const {
    if (!n.IsMap()) fail(n, what + " must be a mapping");
  }
  std::string scalar(const YAML::Node& n, const std::string& key) const {
    if (!n.IsScalar()) fail(n, "`" + key + "` must be a string");
    return n.Scalar();
  }
  void check_keys(const YAML::Node& map, const std::vector<std::string>& allowed, const std::string& where) const {
    for (auto it = map.begin(); it != map.end(); ++it) {
      std::string key = it->first.Scalar();
      if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
      std::string msg = "unknown key `" + key + "` in " + where;
      std::string guess = did_you_mean(key, allowed);
      if (!guess.empty()) msg += "; did you mean `" + guess + "`?";
      fail(it->first, msg);
    }
  }

  RuleSpec rule(const YAML::Node& n);
  MatchSpec match(const YAML::Node& n);
  WhereSpec where(const YAML::Node& n);
  FixSpec fix(const YAML::Node& n);
  ConfirmSpec confirm(const YAML::Node& n);
  RuleDocs docs(const YAML::Node& n);

 private:
  // Match rules and `where` conditions nest; YAML aliases can make them cyclic or exponentially
  // large (document_budget.h).
  struct Nesting {
    Nesting(Reader& r, const YAML::Node& n) : enter_(r.budget_) {
      if (std::string exceeded = enter_.exceeded(); !exceeded.empty()) r.fail(n, "match rules " + exceeded);
    }
    DocumentBudget::Enter enter_;
  };
  Shared<std::string> file_;
  bool clang_rule_ = false;
  DocumentBudget budget_;
};

const std::vector<std::string> kRuleKeys = {"id", "name", "family", "language", "severity", "message", "hint",
                                            "anchor", "report", "match", "fix", "confirm", "docs", "engine", "default", "region",
                                            "dedupe-by", "absorbs", "check", "matchers", "security-severity"};
const std::vector<std::string> kClangMatcherKeys = {"matcher", "fix-member"};
const std::vector<std::string> kMatchKeys = {"pattern", "kind", "any", "all", "not", "inside", "has", "field", "where", "bind"};
const std::vector<std::string> kFixKeys = {"title", "applicability", "replace", "with", "insert-after"};
const std::vector<std::string> kConfirmKeys = {"experiment", "fixed-by", "setup", "run", "device", "loop"};
const std::vector<std::string> kDocKeys = {"what", "why", "example", "use-instead", "fix-safety", "references"};

}  // namespace

const std::vector<std::string>& rule_keys() { return kRuleKeys; }
const std::vector<std::string>& match_keys() { return kMatchKeys; }
const std::vector<std::string>& fix_keys() { return kFixKeys; }
const std::vector<std::string>& doc_keys() { return kDocKeys; }

namespace {

RuleSpec Reader::rule(const YAML::Node& n) {
  budget_ = DocumentBudget();  // per rule
  const Fields at(n);
  expect_map(n, "a rule");
  check_keys(n, kRuleKeys, "a rule");
  RuleSpec r;
  r.mark = mark(n);
  for (auto it = n.begin(); it != n.end(); ++it) r.key_marks[it->first.Scalar()] = mark(it->second);
  if (at["engine"]) {
    r.engine = scalar(at["engine"], "engine");
    if (r.engine != "pattern" && r.engine != "suppressions" && r.engine != "syntax" && r.engine != "clang")
      fail(at["engine"], "`engine` must be `pattern` (the default), `clang`, `suppressions` or `syntax`");
  }
  if (at["default"]) {
    std::string d = scalar(at["default"], "default");
    if (d != "on" && d != "off") fail(at["default"], "`default` must be `on` or `off`");
    r.enabled_by_default = d == "on";
  }
  if (at["security-severity"]) {
    r.security_severity = scalar(at["security-severity"], "security-severity");
    char* end = nullptr;
    double score = std::strtod(r.security_severity.c_str(), &end);
    if (r.security_severity.empty() || *end != '\0' || !(score >= 0.0 && score <= 10.0))
      fail(at["security-severity"], "`security-severity` must be a score from 0.0 to 10.0, such as 8.8");
  }
  // `docs` is optional for users' packs; every built-in rule has it (a unit test checks).
  for (const char* required : {"id", "name", "family", "language", "severity", "message", "match"}) {
    if (std::string(required) == "match" && r.engine != "pattern") continue;
    if (!n[required]) fail(n, std::string("rule is missing the required key `") + required + "`");
  }
  r.id = scalar(at["id"], "id");
  if (r.id.size() < 3 || (r.id.substr(0, 2) != "TL" && r.id.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != std::string::npos))
    fail(at["id"], "`id` must look like TL101 or, for user packs, an upper-case code like ACME001");
  r.name = scalar(at["name"], "name");
  if (r.name.empty() || r.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") != std::string::npos)
    fail(at["name"], "`name` must be kebab-case (lower-case letters, digits and '-')");
  r.family = scalar(at["family"], "family");
  r.language = scalar(at["language"], "language");
  if (r.language != "python" && r.language != "cxx") fail(at["language"], "`language` must be `python` or `cxx` (C, C++ and CUDA)");
  if ((r.language == "cxx") != (r.engine == "clang"))
    fail(at["language"], "`language: cxx` rules use `engine: clang`, and only they do");
  if (r.engine == "clang") {
    if (at["match"]) fail(at["match"], "clang rules say what they find with `check` or `matchers`, not `match`");
    if (!at["check"] && !at["matchers"]) fail(n, "a clang rule needs `check` (a named check) or `matchers`");
    if (at["check"]) r.check = scalar(at["check"], "check");
    if (at["matchers"]) {
      if (!at["matchers"].IsSequence()) fail(at["matchers"], "`matchers` must be a list");
      for (const auto& m : at["matchers"]) {
        expect_map(m, "a matcher");
        check_keys(m, kClangMatcherKeys, "a matcher");
        if (!m["matcher"]) fail(m, "a matcher needs `matcher` (an AST matcher expression, as clang-query takes)");
        ClangMatcherSpec spec{scalar(m["matcher"], "matcher"), "", mark(m["matcher"])};
        if (m["fix-member"]) spec.fix_member = scalar(m["fix-member"], "fix-member");
        r.matchers.push_back(std::move(spec));
      }
    }
  } else if (at["check"] || at["matchers"]) {
    fail(at["check"] ? at["check"] : at["matchers"], "`check` and `matchers` belong to clang rules (`engine: clang`)");
  }
  std::string sev = scalar(at["severity"], "severity");
  auto s = parse_severity(sev);
  if (!s) {
    std::string guess = did_you_mean(sev, {"error", "warning", "info"});
    fail(at["severity"], "`severity` must be error, warning or info" + (guess.empty() ? "" : "; did you mean `" + guess + "`?"));
  }
  r.severity = *s;
  r.message = scalar(at["message"], "message");
  if (at["hint"]) r.hint = scalar(at["hint"], "hint");
  if (at["anchor"]) r.anchor = scalar(at["anchor"], "anchor");
  if (at["report"]) {
    std::string rep = scalar(at["report"], "report");
    if (rep != "every-match" && rep != "once-per-function" && rep != "once-per-region")
      fail(at["report"], "`report` must be `every-match`, `once-per-function` or `once-per-region`");
    r.once_per_function = rep == "once-per-function";
    r.once_per_region = rep == "once-per-region";
  }
  if (YAML::Node c = at["confirm"]) {
    // `confirm: {none: WHY}` says why no experiment measures the cost (shown in the docs and by
    // `torchlint confirm`), instead of leaving it unsaid.
    if (c.IsMap() && c["none"]) {
      check_keys(c, {"none"}, "`confirm` with `none`");
      r.unmeasured = scalar(c["none"], "none");
      if (r.unmeasured.empty()) fail(c["none"], "`confirm: {none: ...}` needs the reason no experiment shows the cost");
    } else {
      r.confirm = confirm(c);
    }
  }
  if (at["dedupe-by"]) {
    r.dedupe_by = scalar(at["dedupe-by"], "dedupe-by");
    if (!r.dedupe_by->starts_with("$")) fail(at["dedupe-by"], "`dedupe-by` must be a metavariable such as `$T`");
  }
  if (at["absorbs"]) {
    if (!at["absorbs"].IsSequence()) fail(at["absorbs"], "`absorbs` must be a list of rule codes");
    for (const auto& code : at["absorbs"]) {
      std::string c = scalar(code, "absorbs");
      // A code, not a name: the merge compares finding codes (a typo would merge nothing).
      if (c.size() < 3 || c.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != std::string::npos)
        fail(code, "`absorbs` lists rule codes such as `TL304`, not `" + c + "`");
      r.absorbs.push_back(c);
    }
  }
  if (at["region"]) {
    r.region = scalar(at["region"], "region");
    if (r.region != "training-loop" && r.region != "function" && r.region != "except-handler")
      fail(at["region"], "`region` must be `training-loop`, `function` or `except-handler`");
  }
  if (at["match"]) r.match = match(at["match"]);
  clang_rule_ = r.engine == "clang";
  if (at["fix"]) r.fix = fix(at["fix"]);
  clang_rule_ = false;
  if (at["docs"]) r.docs = docs(at["docs"]);
  return r;
}

MatchSpec Reader::match(const YAML::Node& n) {
  const Nesting nesting(*this, n);
  const Fields at(n);
  expect_map(n, "`match`");
  check_keys(n, kMatchKeys, "a match rule");
  MatchSpec m;
  m.mark = mark(n);
  for (auto it = n.begin(); it != n.end(); ++it) m.key_marks[it->first.Scalar()] = mark(it->second);
  if (at["pattern"]) m.pattern = scalar(at["pattern"], "pattern");
  if (at["kind"]) m.kind = scalar(at["kind"], "kind");
  if (at["field"]) m.field = scalar(at["field"], "field");
  for (const char* key : {"any", "all"}) {
    if (!n[key]) continue;
    if (!n[key].IsSequence() || n[key].size() == 0) fail(n[key], std::string("`") + key + "` must be a non-empty list of match rules");
    for (const auto& item : n[key]) (std::string(key) == "any" ? m.any : m.all).push_back(match(item));
  }
  if (at["not"]) m.not_.push_back(match(at["not"]));
  if (at["inside"]) {
    if (at["inside"].IsScalar()) m.inside_context = at["inside"].Scalar();
    else m.inside.push_back(match(at["inside"]));
  }
  if (at["has"]) m.has.push_back(match(at["has"]));
  if (m.field && m.inside.empty() && m.has.empty() && !m.inside_context) {
    // `field` belongs to the sub-rule given to inside/has; checked by the parent.
  }
  if (at["bind"]) {
    if (!at["bind"].IsMap()) fail(at["bind"], "`bind` must map metavariable names (upper case) to text");
    for (auto it = at["bind"].begin(); it != at["bind"].end(); ++it) {
      std::string name = it->first.Scalar();
      bool upper = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
      });
      if (!upper) fail(it->first, "`bind` names are upper case like metavariables: `" + name + "`");
      m.bind.emplace_back(name, scalar(it->second, "bind." + name));
    }
  }
  if (at["where"]) {
    if (!at["where"].IsSequence()) fail(at["where"], "`where` must be a list of conditions");
    for (const auto& item : at["where"]) m.where.push_back(where(item));
  }
  if (!m.pattern && !m.kind && m.any.empty() && m.all.empty() && m.not_.empty() && m.inside.empty() &&
      m.has.empty() && !m.inside_context && m.where.empty())
    fail(n, "a match rule needs at least one of pattern, kind, any, all, not, inside, has, where");
  return m;
}

WhereSpec Reader::where(const YAML::Node& n) {
  const Nesting nesting(*this, n);
  if (!n.IsMap() || n.size() != 1) fail(n, "each `where` condition is a mapping with one key, e.g. `carries-grad: $X`");
  auto it = n.begin();
  WhereSpec w;
  w.key = it->first.Scalar();
  w.mark = mark(it->first);
  YAML::Node v = it->second;  // a copy: `it->` yields a temporary proxy
  if (w.key == "not") {
    w.children.push_back(where(v));
  } else if (w.key == "any") {
    if (!v.IsSequence() || v.size() == 0) fail(v, "`any` in `where` must be a non-empty list of conditions");
    for (const auto& c : v) w.children.push_back(where(c));
  } else {
    w.arg = scalar(v, w.key);
  }
  return w;
}

FixSpec Reader::fix(const YAML::Node& n) {
  const Fields at(n);
  expect_map(n, "`fix`");
  check_keys(n, kFixKeys, "`fix`");
  FixSpec f;
  f.mark = mark(n);
  for (auto it = n.begin(); it != n.end(); ++it) f.key_marks[it->first.Scalar()] = mark(it->second);
  if (!at["title"]) fail(n, "`fix` needs a `title`");
  f.title = scalar(at["title"], "title");
  if (!at["applicability"]) fail(n, "`fix` needs an `applicability` (safe, unsafe or display-only)");
  std::string a = scalar(at["applicability"], "applicability");
  auto app = parse_applicability(a);
  if (!app) {
    std::string guess = did_you_mean(a, {"safe", "unsafe", "display-only"});
    fail(at["applicability"], "`applicability` must be safe, unsafe or display-only" +
                                 (guess.empty() ? "" : "; did you mean `" + guess + "`?"));
  }
  f.applicability = *app;
  if (at["replace"]) f.replace = scalar(at["replace"], "replace");
  if (at["with"]) f.with = scalar(at["with"], "with");
  if (at["insert-after"]) f.insert_after = scalar(at["insert-after"], "insert-after");
  if (f.replace && !f.with) fail(n, "`fix.replace` needs `with`");
  if (f.with && f.insert_after) fail(n, "`fix` takes either `with` or `insert-after`, not both");
  // A clang rule's edits come from its check or matcher (`fix-member`); the YAML gives the title.
  if (f.applicability != Applicability::DisplayOnly && !f.with && !f.insert_after && !clang_rule_)
    fail(n, "a safe or unsafe `fix` must say what to change (`with` or `insert-after`)");
  return f;
}

// `confirm: memory-growth`, or a mapping with the experiment and how the fixed twin is made.
ConfirmSpec Reader::confirm(const YAML::Node& n) {
  const Fields at(n);
  ConfirmSpec c;
  c.mark = mark(n);
  auto known_experiment = [&](const YAML::Node& v) {
    std::string name = scalar(v, "experiment");
    const auto& names = harness::experiment_names();
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      std::string guess = did_you_mean(name, names);
      std::string all;
      for (const auto& e : names) all += (all.empty() ? "" : ", ") + e;
      fail(v, "unknown experiment `" + name + "` (" + all + ")" + (guess.empty() ? "" : "; did you mean `" + guess + "`?"));
    }
    return name;
  };
  // An experiment of CUDA only (copy-count) needs a GPU whatever the rule says.
  auto experiment_needs_gpu = [](const ConfirmSpec& spec) { return harness::find_experiment(spec.experiment)->needs_gpu; };
  if (n.IsScalar()) {
    c.experiment = known_experiment(n);
    c.needs_gpu = experiment_needs_gpu(c);
    return c;
  }
  expect_map(n, "`confirm`");
  check_keys(n, kConfirmKeys, "`confirm`");
  if (!at["experiment"]) fail(n, "`confirm` needs an `experiment`");
  c.experiment = known_experiment(at["experiment"]);
  if (YAML::Node f = at["fixed-by"]) {
    if (f.IsScalar()) {
      c.fixed_by = f.Scalar();
      const auto& variants = harness::probe_variants();
      if (std::find(variants.begin(), variants.end(), c.fixed_by) == variants.end()) {
        std::string guess = did_you_mean(c.fixed_by, variants);
        fail(f, "`fixed-by` must be a probe variant (no-grad, eval-mode, train-mode) or {replace, with}" +
                    (guess.empty() ? "" : "; did you mean `" + guess + "`?"));
      }
    } else {
      expect_map(f, "`fixed-by`");
      check_keys(f, {"replace", "with"}, "`fixed-by`");
      FixSpec edit;
      edit.mark = mark(f);
      for (auto it = f.begin(); it != f.end(); ++it) edit.key_marks[it->first.Scalar()] = mark(it->second);
      edit.title = "the fixed twin";
      edit.applicability = Applicability::Unsafe;
      const Fields edit_at(f);
      if (!edit_at["with"]) fail(f, "`fixed-by` needs `with` (and optionally `replace`, a metavariable)");
      edit.with = scalar(edit_at["with"], "with");
      if (edit_at["replace"]) edit.replace = scalar(edit_at["replace"], "replace");
      c.rewrite = edit;
    }
  }
  if (at["setup"]) c.setup = scalar(at["setup"], "setup");
  if (at["run"]) c.run = scalar(at["run"], "run");
  if (YAML::Node d = at["device"]) {
    std::string device = scalar(d, "device");
    if (device != "cuda" && device != "any") fail(d, "`device` is `cuda` (the cost shows only on a GPU) or `any`, not `" + device + "`");
    c.needs_gpu = device == "cuda";
  }
  if (YAML::Node l = at["loop"]) {
    std::string loop = scalar(l, "loop");
    if (loop != "after" && loop != "around")
      fail(l, "`loop` is `after` (the first loop after the one the finding is in) or `around` (the finding's own loop), not `" + loop + "`");
    c.loop_after = loop == "after";
  }
  c.needs_gpu = c.needs_gpu || experiment_needs_gpu(c);
  return c;
}

RuleDocs Reader::docs(const YAML::Node& n) {
  const Fields at(n);
  expect_map(n, "`docs`");
  check_keys(n, kDocKeys, "`docs`");
  RuleDocs d;
  for (const char* required : {"what", "why", "example", "use-instead"})
    if (!n[required]) fail(n, std::string("`docs` is missing `") + required + "`");
  d.what = scalar(at["what"], "what");
  d.why = scalar(at["why"], "why");
  d.example = scalar(at["example"], "example");
  d.use_instead = scalar(at["use-instead"], "use-instead");
  if (at["fix-safety"]) d.fix_safety = scalar(at["fix-safety"], "fix-safety");
  if (at["references"]) {
    if (!at["references"].IsSequence()) fail(at["references"], "`references` must be a list of URLs");
    for (const auto& r : at["references"]) d.references.push_back(scalar(r, "references"));
  }
  return d;
}

}  // namespace

std::vector<RuleSpec> load_rule_pack_text(const std::string& text, const std::string& file_name) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    throw RulePackError(file_name + ":" + std::to_string(e.mark.line + 1) + ":" + std::to_string(e.mark.column + 1) +
                        ": invalid YAML: " + e.msg);
  }
  Reader reader(file_name);
  std::vector<RuleSpec> out;
  try {
    if (!root || root.IsNull()) throw RulePackError(file_name + ":1:1: the rule pack is empty");
    // Any other file gets no error about its keys: they would show what it holds.
    if (!root.IsMap() || (!root["rules"] && !root["id"]))
      throw RulePackError(file_name + ":1:1: not a rule pack (a YAML mapping with `id`, one rule, or `rules`, a list of rules)");
    if (root.IsMap() && root["rules"]) {
      reader.check_keys(root, {"rules"}, "a rule pack");
      if (!root["rules"].IsSequence()) reader.fail(root["rules"], "`rules` must be a list of rules");
      std::vector<size_t> starts;
      for (const auto& r : root["rules"]) {
        out.push_back(reader.rule(r));
        starts.push_back(static_cast<size_t>(std::max(0, r.Mark().pos)));
      }
      // Each rule's source is its text up to the next rule: part of the cache key.
      for (size_t i = 0; i < out.size(); ++i) {
        size_t end = i + 1 < starts.size() ? starts[i + 1] : text.size();
        out[i].source = text.substr(std::min(starts[i], text.size()), end > starts[i] ? end - starts[i] : 0);
      }
    } else {
      out.push_back(reader.rule(root));
      out.back().source = text;
    }
  } catch (const YAML::Exception& e) {  // type conversions inside yaml-cpp
    throw RulePackError(file_name + ":" + std::to_string(e.mark.line + 1) + ":" + std::to_string(e.mark.column + 1) +
                        ": " + e.msg);
  }
  return out;
}

void sort_by_id(std::vector<RuleSpec>& rules) {
  std::stable_sort(rules.begin(), rules.end(), [](const RuleSpec& a, const RuleSpec& b) { return a.id < b.id; });
  for (size_t i = 1; i < rules.size(); ++i) {
    const RuleSpec& r = rules[i];
    if (r.id == rules[i - 1].id)
      throw RulePackError(r.mark.str() + ": rule id `" + r.id + "` is already defined at " + rules[i - 1].mark.str());
  }
}

std::vector<RuleSpec> load_rule_pack_file(const std::string& path) {
  FileRead file = read_regular_file(path, kMaxRulePackBytes);
  if (!file.ok()) throw RulePackError(path + ": " + file.problem + "; cannot use it as a rule pack");
  return load_rule_pack_text(file.text, path);
}

namespace {

// The *.yaml / *.yml files of a pack folder, sorted. A file reached through a symbolic link
// out of the folder is an error: a folder that is inside the project must not read outside it.
std::vector<std::string> pack_files_in(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path root = fs::canonical(dir, ec);
  std::vector<std::string> files;
  auto it = fs::recursive_directory_iterator(dir, fs::directory_options::skip_permission_denied, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    auto ext = it->path().extension().string();
    if (ext != ".yaml" && ext != ".yml") continue;
    std::error_code fec;
    if (!it->is_regular_file(fec)) continue;  // folders, FIFOs, devices: never opened
    fs::path target = fs::canonical(it->path(), fec);
    if (fec || !is_within(target, root))
      throw RulePackError(it->path().string() + ": a symbolic link out of the rule-pack folder " + dir + "; not read");
    files.push_back(it->path().string());
  }
  if (ec) throw RulePackError(dir + ": cannot read the rule-pack folder: " + ec.message());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

bool is_within(const std::filesystem::path& path, const std::filesystem::path& folder) {
  return std::mismatch(folder.begin(), folder.end(), path.begin(), path.end()).first == folder.end();
}

std::vector<RuleSpec> load_rule_packs(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::file_status st = fs::status(path, ec);
  if (!fs::exists(st)) throw RulePackError(path + ": no such rule file or directory");
  if (!fs::is_directory(st)) return load_rule_pack_file(path);
  std::vector<RuleSpec> out;
  for (const auto& f : pack_files_in(path)) {
    auto rules = load_rule_pack_file(f);
    out.insert(out.end(), rules.begin(), rules.end());
  }
  return out;
}

}  // namespace torchlint
