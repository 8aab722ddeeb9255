#include "python/engine.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <mutex>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

#include <fmt/format.h>

#include "python/kinds.h"

namespace torchlint::py {

RuleSet::RuleSet(std::vector<RuleSpec> specs, TorchRequirement torch, const RuleSet* same_rules) : torch_(std::move(torch)) {
  // A rule of `same_rules` that no version decides compiles the same for this torch.
  auto shareable = [&](const RuleSpec& s) -> const CompiledRule* {
    if (!same_rules) return nullptr;
    for (const CompiledRule& r : same_rules->rules_)
      if (r.spec.id == s.id && r.version_outcomes.empty() && r.spec == s) return &r;
    return nullptr;
  };
  for (RuleSpec& s : specs) {
    if (s.engine == "clang") cxx_rules_.push_back(s);  // run by the C/C++/CUDA front end
    else if (s.engine == "suppressions") unused_suppression_ = std::make_shared<RuleSpec>(s);
    else if (s.engine == "syntax") syntax_error_ = std::make_shared<RuleSpec>(s);
    else if (const CompiledRule* same = shareable(s)) rules_.push_back(*same);
    else rules_.push_back(compile_rule(std::move(s), torch_));
  }
  index_ = std::make_unique<RuleIndex>(rules_);
  for (const CompiledRule& r : rules_) {
    file_words_.insert(r.file_words.begin(), r.file_words.end());
    if (!r.version_outcomes.empty()) version_outcomes_ += r.spec.id + ":" + r.version_outcomes + " ";
  }
}

void RuleSet::set_available_rules(const std::vector<RuleSpec>& all) {
  available_.clear();
  runs_every_default_rule_ = true;
  for (const RuleSpec& r : all) {
    available_.insert(r.id);
    available_.insert(r.name);
    bool ran = knows_rule(r.id) || (unused_suppression_ && unused_suppression_->id == r.id) ||
               (syntax_error_ && syntax_error_->id == r.id);
    if (r.enabled_by_default && !ran) runs_every_default_rule_ = false;
  }
}

namespace {
std::atomic<bool> lint_tests_as_code{false};

// The project root of a folder, memoised: the nearest ancestor with a project marker.
std::string project_root_of(const std::filesystem::path& dir) {
  static std::mutex mu;
  static std::unordered_map<std::string, std::string> memo;
  std::lock_guard<std::mutex> lock(mu);
  auto it = memo.find(dir.string());
  if (it != memo.end()) return it->second;
  std::string root;
  std::error_code ec;
  for (std::filesystem::path p = dir; !p.empty(); p = p.parent_path()) {
    for (const char* marker : {".git", "pyproject.toml", "setup.py", "setup.cfg", ".torchlint.yaml"})
      if (std::filesystem::exists(p / marker, ec)) root = p.string();
    if (!root.empty() || p == p.parent_path()) break;
  }
  memo[dir.string()] = root;
  return root;
}
}  // namespace

void set_lint_test_files_as_code(bool on) { lint_tests_as_code = on; }

std::string project_root(const std::string& path) {
  std::error_code ec;
  std::filesystem::path abs = std::filesystem::absolute(path, ec).lexically_normal();
  return project_root_of(abs.parent_path());
}

namespace {

// `tests.py`: the test module of a Django app, and a common pytest `python_files` setting.
bool named_like_test(std::string_view path) {
  std::string_view base = path;
  if (auto slash = base.rfind('/'); slash != std::string_view::npos) base = base.substr(slash + 1);
  return base.starts_with("test_") || base.ends_with("_test.py") || base == "tests.py";
}

bool in_test_folder(const std::string& path) {
  std::string_view base = path;
  if (auto slash = base.rfind('/'); slash != std::string_view::npos) base = base.substr(slash + 1);
  if (base == "conftest.py") return true;  // pytest's fixtures, wherever they are
  std::error_code ec;
  std::filesystem::path abs = std::filesystem::absolute(path, ec).lexically_normal();
  std::string root = project_root_of(abs.parent_path());
  if (root.empty()) {  // no project marker: relative to the working folder, if under it
    std::filesystem::path cwd = std::filesystem::current_path(ec);
    std::string r = abs.lexically_relative(cwd).generic_string();
    if (!ec && !r.empty() && !r.starts_with("..")) root = cwd.string();
    else return false;  // nothing but folders outside any project: no evidence
  }
  std::string rel = abs.lexically_relative(root).generic_string();
  while (rel.starts_with("./")) rel = rel.substr(2);
  return rel.starts_with("tests/") || rel.starts_with("test/") || rel.find("/tests/") != std::string::npos ||
         rel.find("/test/") != std::string::npos;
}

// Test functions, a unittest case or pytest: what a test module holds.
bool holds_tests(std::string_view source) {
  for (std::string_view mark : {"def test", "unittest", "pytest", "TestCase"})
    if (source.find(mark) != std::string_view::npos) return true;
  return false;
}

}  // namespace

bool is_test_file_path(const std::string& path) {
  return !lint_tests_as_code && (named_like_test(path) || in_test_folder(path));
}

bool is_test_file(const std::string& path, std::string_view source) {
  return !lint_tests_as_code && (in_test_folder(path) || (named_like_test(path) && holds_tests(source)));
}

std::string module_name_for_path(std::string_view path) {
  while (path.starts_with("./")) path.remove_prefix(2);
  while (path.starts_with("/")) path.remove_prefix(1);
  if (path.ends_with(".py")) path.remove_suffix(3);
  else if (path.ends_with(".pyi")) path.remove_suffix(4);
  std::string out;
  for (char c : path) out += c == '/' || c == '\\' ? '.' : c;
  if (out.ends_with(".__init__")) out.resize(out.size() - 9);
  if (out == "__init__" || out.empty()) out = "__main__";
  return out;
}

ParsedFile parse_file(std::unique_ptr<SourceFile> file, Parser& parser) {
  Tree tree = parser.parse(file->text);
  return build_model(std::move(file), std::move(tree));
}

ParsedFile build_model(std::unique_ptr<SourceFile> file, Tree tree) {
  ParsedFile out;
  out.tree = std::move(tree);
  out.file = std::move(file);
  if (!out.tree) return out;
  TSNode root = out.tree.root();
  if (ts_node_has_error(root)) {
    walk(root, [&](TSNode n) {
      if (out.syntax_error_offsets.size() >= 5) return false;
      if (ts_node_is_error(n) || ts_node_is_missing(n)) {
        out.syntax_error_offsets.push_back(ts_node_start_byte(n));
        return false;
      }
      return ts_node_has_error(n);
    }, [](TSNode) {});
  }
  out.model = std::make_unique<SemanticModel>(
      root, out.file->text,
      ModelOptions{module_name_for_path(out.file->path), is_test_file(out.file->path, out.file->text),
                   out.file->path == "__init__.py" || out.file->path.ends_with("/__init__.py")});
  return out;
}

namespace {

std::string short_text(std::string_view t) {
  std::string out;
  for (char c : t) {
    if (c == '\n' || c == '\r') {
      out += " ...";
      break;
    }
    out += c;
  }
  if (out.size() > 48) out = out.substr(0, 45) + "...";
  return out;
}

// Expressions that bind tighter than `.`: safe to suffix with `.method()`.
bool is_primary(TSNode n) {
  const Kinds& k = kinds();
  TSSymbol s = ts_node_symbol(n);
  return s == k.identifier || s == k.attribute || s == k.call || s == k.subscript ||
         s == k.parenthesized_expression || s == k.string || s == k.integer || s == k.float_ ||
         s == k.true_ || s == k.false_ || s == k.none || s == k.list_comprehension || s == k.tuple;
}

// Replaces $X / {X} (and $$$X) with the bound source text.
std::string interpolate(std::string_view tmpl, const Bindings& b, const SemanticModel& m, bool shorten) {
  std::string out;
  for (size_t i = 0; i < tmpl.size();) {
    bool brace = tmpl[i] == '{';
    if (tmpl[i] == '$' || brace) {
      size_t j = i + 1;
      while (j < tmpl.size() && tmpl[j] == '$') ++j;
      size_t start = j;
      while (j < tmpl.size() && (std::isupper(static_cast<unsigned char>(tmpl[j])) || std::isdigit(static_cast<unsigned char>(tmpl[j])) || tmpl[j] == '_')) ++j;
      std::string name(tmpl.substr(start, j - start));
      bool closed = !brace || (j < tmpl.size() && tmpl[j] == '}');
      auto nodes = name.empty() || !closed ? std::vector<TSNode>{} : b.nodes(name);
      const std::string* literal = nodes.empty() && !name.empty() && closed ? b.find_literal(name) : nullptr;
      if (literal) {
        out += *literal;
        i = brace ? j + 1 : j;
        continue;
      }
      if (!nodes.empty()) {
        uint32_t from = ts_node_start_byte(nodes.front()), to = ts_node_end_byte(nodes.back());
        std::string_view t = m.source().substr(from, to - from);
        // `$X.detach()` with X = `a * b` must become `(a * b).detach()`.
        size_t after = brace ? j + 1 : j;
        bool attribute_follows = after < tmpl.size() && (tmpl[after] == '.' || tmpl[after] == '[' || tmpl[after] == '(');
        if (attribute_follows && nodes.size() == 1 && !is_primary(nodes.front())) {
          out += "(" + std::string(t) + ")";
        } else {
          out += shorten ? short_text(t) : std::string(t);
        }
        i = brace ? j + 1 : j;
        continue;
      }
    }
    out += tmpl[i++];
  }
  return out;
}

// The `except` clause around n in its own scope, or null.
TSNode enclosing_except_clause(const SemanticModel& m, TSNode n) {
  for (TSNode p : m.ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (is_scope_boundary(s)) return {};
    if (s == kinds().except_clause) return p;
  }
  return {};
}

TSNode statement_of(TSNode n, const SemanticModel& m) {
  const Kinds& k = kinds();
  TSNode p = n;
  for (TSNode parent : m.ancestors(n)) {
    TSSymbol s = ts_node_symbol(parent);
    if (s == k.block || s == k.module) return p;
    p = parent;
  }
  return p;
}

// Whether every `$NAME` / `$$$NAME` in a template is bound in this match (rules with `any`
// branches bind different metavariables; an edit must not be built with a hole in it).
bool binds_all(std::string_view tmpl, const Bindings& b) {
  // `{NAME}`: a metavariable or a `bind` text.
  for (size_t i = tmpl.find('{'); i != std::string_view::npos; i = tmpl.find('{', i + 1)) {
    size_t end = i + 1;
    while (end < tmpl.size() && (std::isupper(static_cast<unsigned char>(tmpl[end])) || std::isdigit(static_cast<unsigned char>(tmpl[end])) || tmpl[end] == '_')) ++end;
    if (end == i + 1 || end >= tmpl.size() || tmpl[end] != '}') continue;
    std::string_view name = tmpl.substr(i + 1, end - i - 1);
    if (b.nodes(name).empty() && !b.find_literal(name)) return false;
  }
  for (size_t i = tmpl.find('$'); i != std::string_view::npos; i = tmpl.find('$', i)) {
    while (i < tmpl.size() && tmpl[i] == '$') ++i;
    size_t end = i;
    while (end < tmpl.size() && (std::isupper(static_cast<unsigned char>(tmpl[end])) || std::isdigit(static_cast<unsigned char>(tmpl[end])) || tmpl[end] == '_')) ++end;
    if (end > i && b.nodes(tmpl.substr(i, end - i)).empty() && !b.find_literal(tmpl.substr(i, end - i))) return false;
    i = end;
  }
  return true;
}

std::optional<Fix> build_fix(const FixSpec& spec, TSNode match, const Bindings& b, const ParsedFile& pf) {
  // A branch that binds nothing for the template gets no fix (never a literal `{NEW}`).
  if ((spec.with && !binds_all(*spec.with, b)) || (spec.insert_after && !binds_all(*spec.insert_after, b)))
    return std::nullopt;
  Fix fix;
  fix.title = interpolate(spec.title, b, *pf.model, true);
  fix.applicability = spec.applicability;
  const std::string& text = pf.file->text;
  if (spec.with) {
    TSNode target = match;
    if (spec.replace) {
      auto nodes = b.nodes(spec.replace->substr(spec.replace->find_first_not_of('$')));
      if (nodes.empty()) return std::nullopt;
      target = nodes.front();
    }
    fix.edits.push_back({{ts_node_start_byte(target), ts_node_end_byte(target)}, interpolate(*spec.with, b, *pf.model, false), {}, {}});
  } else if (spec.insert_after) {
    TSNode stmt = statement_of(match, *pf.model);
    uint32_t start = ts_node_start_byte(stmt);
    uint32_t line_begin = static_cast<uint32_t>(text.rfind('\n', start == 0 ? 0 : start - 1) + 1);
    if (start == 0) line_begin = 0;
    std::string indent = text.substr(line_begin, start - line_begin);
    if (indent.find_first_not_of(" \t") != std::string::npos) return std::nullopt;  // `a; b` on one line
    size_t eol = text.find('\n', ts_node_end_byte(stmt));
    if (eol == std::string::npos) eol = text.size();
    bool crlf = eol > 0 && eol < text.size() && text[eol - 1] == '\r';
    uint32_t at = static_cast<uint32_t>(crlf ? eol - 1 : eol);
    fix.edits.push_back({{at, at}, (crlf ? "\r\n" : "\n") + indent + interpolate(*spec.insert_after, b, *pf.model, false), {}, {}});
  }
  return fix;
}

// The named nodes that sit exactly kMaxAnalysedDepth deep: their subtrees are not analysed.
// Empty when the file has none (nearly always).
std::vector<char> too_deep_subtrees(const SemanticModel& model) {
  std::vector<char> pruned;
  std::vector<int32_t> open_ends;  // subtree ends of the current node's ancestors
  for (int32_t i = 0, n = static_cast<int32_t>(model.node_count()); i < n;) {
    while (!open_ends.empty() && open_ends.back() <= i) open_ends.pop_back();
    if (open_ends.size() < kMaxAnalysedDepth) {
      open_ends.push_back(model.subtree_end(i));
      ++i;
      continue;
    }
    if (pruned.empty()) pruned.resize(model.node_count());
    pruned[i] = 1;
    i = model.subtree_end(i);
  }
  return pruned;
}

// The time each rule has spent on the file: every reading of the clock charges the time since
// the last one to the rule that ran in between.
class RuleClock {
 public:
  explicit RuleClock(size_t rules) : spent_(rules) {}
  Deadline::Clock::time_point read(int next_rule) {
    auto now = Deadline::Clock::now();
    if (running_ >= 0) spent_[running_] += now - last_;
    last_ = now;
    running_ = next_rule;
    return now;
  }
  Deadline::Clock::duration spent(size_t rule) const { return spent_[rule]; }

 private:
  std::vector<Deadline::Clock::duration> spent_;
  Deadline::Clock::time_point last_{};
  int running_ = -1;
};

// When the evaluation of `rule`, starting `now`, must stop: at the file's deadline, or once
// the rule has spent its own budget on the file.
Deadline rule_deadline(const RuleLimits& limits, const RuleClock& clock, size_t rule, Deadline::Clock::time_point now) {
  if (limits.per_rule == Deadline::Clock::duration::zero()) return limits.file;
  auto at = now + (limits.per_rule - clock.spent(rule));
  return Deadline(limits.file.bounded() ? std::min(at, limits.file.at()) : at);
}

std::string seconds(Deadline::Clock::duration d) {
  return fmt::format("{:g} s", std::chrono::duration<double>(d).count());
}

// One problem, one finding: a rule that absorbs another takes over its finding on the same
// node and carries its help too. Findings are looked up by place, not compared pairwise.
void absorb_findings(const RuleSet& rules, std::vector<Diagnostic>& out) {
  std::map<std::tuple<uint32_t, uint32_t, std::string>, std::vector<size_t>> by_place;
  std::map<std::string, std::vector<size_t>> by_rule;
  for (const CompiledRule& rule : rules.rules()) {
    if (rule.spec.absorbs.empty()) continue;
    if (by_place.empty())
      for (size_t i = 0; i < out.size(); ++i) {
        by_place[{out[i].range.start, out[i].range.end, out[i].rule_id}].push_back(i);
        by_rule[out[i].rule_id].push_back(i);
      }
    for (const std::string& absorbed : rule.spec.absorbs) {
      for (size_t ai : by_rule[rule.spec.id]) {
        Diagnostic& a = out[ai];
        if (a.rule_id != rule.spec.id) continue;  // absorbed itself meanwhile
        for (size_t di : by_place[{a.range.start, a.range.end, absorbed}]) {
          Diagnostic& d = out[di];
          if (d.rule_id != absorbed) continue;
          a.message += "; also (" + d.rule_id + "): " + d.message;
          if (d.fix && a.fix) a.fix->title += "; " + d.fix->title;
          d.rule_id.clear();  // dropped below
        }
      }
    }
  }
  out.erase(std::remove_if(out.begin(), out.end(), [](const Diagnostic& d) { return d.rule_id.empty(); }), out.end());
}

}  // namespace

std::vector<Diagnostic> run_rules(const RuleSet& rules, const ParsedFile& pf, const RuleLimits& limits,
                                  std::vector<std::string>* notes) {
  std::vector<Diagnostic> out;
  if (!pf.tree || !pf.model) return out;
  const SemanticModel& model = *pf.model;
  if (model.written_for_another_framework()) return out;  // not PyTorch code: no rule applies
  std::set<std::pair<uint32_t, int>> reported_in_function;  // once-per-function rules
  std::set<std::pair<uint32_t, uint32_t>> reported_in_region;  // once-per-region rules
  // dedupe-by rules: (rule, scope, value) -> the finding reported, and the lines of the others
  std::map<std::string, std::pair<size_t, std::vector<uint32_t>>> reported_values;
  // Per rule and statement: the finding already reported there and the other texts it read.
  std::map<std::pair<size_t, uint32_t>, std::pair<size_t, std::vector<std::string>>> reported_statements;
  Bindings b;
  // Rules whose words the file never spells cannot match here: skip them for the whole file.
  std::vector<char> active(rules.rules().size());
  const FileWords words(model.source(), &rules.file_words());
  for (size_t ri = 0; ri < active.size(); ++ri)
    active[ri] = may_match_file(rules.rules()[ri], words, model.imports());
  std::vector<uint32_t> candidates;
  MatchCache cache;
  cache.pruned = too_deep_subtrees(model);
  RuleClock clock(active.size());
  bool timed = limits.file.bounded() || limits.per_rule != Deadline::Clock::duration::zero();
  std::string stopped_rules;  // "TL405 at line 12, ..."
  bool file_stopped = false;
  auto line_of = [&](TSNode n) { return pf.file->lines.position(pf.file->text, ts_node_start_byte(n)).line; };
  auto stop_file = [&](TSNode at) {
    file_stopped = true;
    if (notes)
      notes->push_back(fmt::format("{}: out of time (--file-timeout) at line {}: the rest of the file was not checked; "
                                   "findings before it are reported",
                                   pf.file->path, line_of(at)));
  };
  for (size_t i = 0; i < model.node_count() && !file_stopped; ++i) {
    if (!cache.pruned.empty() && cache.pruned[i]) {
      i = model.subtree_end(static_cast<int32_t>(i)) - 1;
      continue;
    }
    TSNode node = model.node_at(i);
    model.set_current(static_cast<int32_t>(i));
    candidates.clear();
    rules.index().for_each_candidate(node, model, [&](uint32_t ri) {
      if (active[ri]) candidates.push_back(ri);
      return true;
    });
    for (uint32_t ri : candidates) {
      const CompiledRule& rule = rules.rules()[ri];
      b.single.clear();
      b.multi.clear();
      b.literal.clear();
      model.clear_name_evidence();
      model.clear_lower_severity();
      auto now = timed ? clock.read(static_cast<int>(ri)) : Deadline::Clock::time_point{};
      if (limits.file.passed(now)) {
        stop_file(node);
        break;
      }
      cache.deadline = rule_deadline(limits, clock, ri, now);
      bool spent = cache.deadline.passed(now);  // the rule's own budget is used up
      bool matched = !spent && evaluate(rule.matcher(), node, model, b, &cache);
      if (spent || cache.deadline.cut_short()) {  // whatever it returned is no result
        if (limits.file.passed(Deadline::Clock::now())) {
          stop_file(node);
          break;
        }
        active[ri] = 0;
        stopped_rules += fmt::format("{}{} at line {}", stopped_rules.empty() ? "" : ", ", rule.spec.id, line_of(node));
        continue;
      }
      if (!matched) continue;
      if (model.never_runs(node)) continue;  // a switched-off stage: nothing there can go wrong
      bool by_name = model.used_name_evidence();
      if (rule.spec.once_per_function) {
        int fn = model.function_of(node);
        if (!reported_in_function.insert({ri, fn}).second) continue;
      }
      TSNode anchor = node;
      if (rule.spec.anchor) {
        auto nodes = b.nodes(rule.spec.anchor->substr(rule.spec.anchor->find_first_not_of('$')));
        if (!nodes.empty()) anchor = nodes.front();
      }
      Diagnostic d;
      d.rule_id = rule.spec.id;
      d.rule_name = rule.spec.name;
      d.severity = rule.spec.severity;
      d.confidence = by_name ? Confidence::Medium : Confidence::High;
      d.path = pf.file->path;
      d.range = {ts_node_start_byte(anchor), ts_node_end_byte(anchor)};
      if (!rule.spec.region.empty()) {
        TSNode region{};
        if (rule.spec.region == "training-loop" && !model.innermost_training_loop(node, &region))
          region = model.innermost_backward_loop(node);  // an epoch loop whose steps are in a nested loop
        else if (rule.spec.region == "except-handler")
          region = enclosing_except_clause(model, node);
        else if (const FunctionInfo* f = model.function(model.function_of(node))) region = f->node;
        if (!ts_node_is_null(region)) d.region = ByteRange{ts_node_start_byte(region), ts_node_end_byte(region)};
      }
      d.message = interpolate(rule.spec.message, b, model, true);
      if (!model.lower_severity_reason().empty()) {
        d.severity = Severity::Info;
        d.message += " (" + model.lower_severity_reason() + ")";
      }
      d.hint = interpolate(rule.spec.hint, b, model, true);
      if (rule.spec.fix) d.fix = build_fix(*rule.spec.fix, node, b, pf);
      if (rule.spec.confirm && rule.spec.confirm->rewrite && binds_all(*rule.spec.confirm->rewrite->with, b))
        d.confirm_edit = build_fix(*rule.spec.confirm->rewrite, node, b, pf);
      if (rule.spec.once_per_region && d.region && !reported_in_region.insert({ri, d.region->start}).second) continue;
      if (rule.spec.dedupe_by) {
        auto nodes = b.nodes(rule.spec.dedupe_by->substr(rule.spec.dedupe_by->find_first_not_of('$')));
        TSNode scope{};
        if (!model.innermost_training_loop(node, &scope)) scope = model.function(model.function_of(node)) ? model.function(model.function_of(node))->node : TSNode{};
        if (!nodes.empty()) {
          std::string key = std::to_string(ri) + ":" + std::to_string(ts_node_is_null(scope) ? 0 : ts_node_start_byte(scope)) +
                            ":" + std::string(model.text(nodes.front()));
          auto [it, first] = reported_values.try_emplace(key, out.size(), std::vector<uint32_t>{});
          if (!first) {
            it->second.second.push_back(pf.file->lines.position(pf.file->text, ts_node_start_byte(node)).line);
            continue;
          }
        }
        // One statement waits for the device once: a second read in it (`print(d.item(),
        // g.item())`) joins the first finding.
        auto [st, first_in_statement] =
            reported_statements.try_emplace({ri, ts_node_start_byte(statement_of(node, model))}, out.size(),
                                            std::vector<std::string>{});
        if (!first_in_statement) {
          st->second.second.emplace_back(model.text(anchor));
          continue;
        }
      }
      resolve_positions(*pf.file, d);
      out.push_back(std::move(d));
    }
  }
  model.set_current(-1);
  for (auto& [key, seen] : reported_values) {
    auto& [index, lines] = seen;
    if (lines.empty() || index >= out.size()) continue;
    std::string list;
    for (uint32_t l : lines) list += (list.empty() ? "" : ", ") + std::to_string(l);
    out[index].message += fmt::format(" (the same value is read again on line{} {} of this loop)", lines.size() == 1 ? "" : "s", list);
  }
  for (auto& [key, seen] : reported_statements) {
    auto& [index, texts] = seen;
    if (texts.empty() || index >= out.size()) continue;
    std::string list;
    for (const std::string& t : texts) list += (list.empty() ? "`" : "`, `") + t;
    out[index].message += fmt::format(" (the same statement also reads {}`)", list);
  }
  absorb_findings(rules, out);
  if (notes && !stopped_rules.empty())
    notes->push_back(fmt::format("{}: took more than {} each on this file and stopped there (--file-timeout): {}; their "
                                 "findings before that point are reported",
                                 pf.file->path, seconds(limits.per_rule), stopped_rules));
  if (notes && !cache.pruned.empty()) {
    auto first = std::find(cache.pruned.begin(), cache.pruned.end(), 1) - cache.pruned.begin();
    notes->push_back(fmt::format("{}:{}: code nested more than {} levels deep; what lies deeper was not analysed",
                                 pf.file->path, line_of(model.node_at(first)), kMaxAnalysedDepth));
  }
  return out;
}

}  // namespace torchlint::py
