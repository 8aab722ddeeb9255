// `torchlint check` (and `review`): configuration, rule selection, analysis, the fix loop,
// diff and baseline filters, and the renderers.
#include "cli/check_command.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <thread>

#include "cli/baseline.h"
#include "cli/builtin_rules.h"
#include "cli/config.h"
#include "cli/discover.h"
#include "cli/fixer.h"
#include "cli/git_diff.h"
#include "cli/progress.h"
#include "cli/runner.h"
#include "report/report.h"
#include "rulepack/loader.h"

#ifndef TORCHLINT_VERSION
#define TORCHLINT_VERSION "0.0.0"
#endif

namespace torchlint {

bool selector_matches(const std::string& sel, const RuleSpec& r) {
  return sel == "ALL" || sel == r.name || r.id.starts_with(sel);
}

// Keeps the rules that --select picks and --ignore does not. Unknown selectors are errors.
namespace {
std::vector<RuleSpec> select_rules(std::vector<RuleSpec> rules, const std::vector<std::string>& select,
                                   const std::vector<std::string>& ignore) {
  std::vector<std::string> known;
  for (const auto& r : rules) {
    known.push_back(r.id);
    known.push_back(r.name);
  }
  for (const auto* list : {&select, &ignore}) {
    for (const auto& s : *list) {
      bool any = std::any_of(rules.begin(), rules.end(), [&](const RuleSpec& r) { return selector_matches(s, r); });
      if (!any) {
        std::string guess = did_you_mean(s, known);
        throw RulePackError("unknown rule selector `" + s + "`" + (guess.empty() ? "" : "; did you mean `" + guess + "`?"));
      }
    }
  }
  std::vector<RuleSpec> out;
  for (auto& r : rules) {
    // Opt-in rules run only when a selector names them more precisely than "TL".
    auto picks = [&](const std::string& sel) {
      return selector_matches(sel, r) && (r.enabled_by_default || sel.size() > 2);
    };
    bool selected = (select.empty() && r.enabled_by_default) || std::any_of(select.begin(), select.end(), picks);
    bool ignored = std::any_of(ignore.begin(), ignore.end(), [&](const auto& s) { return selector_matches(s, r); });
    if (selected && !ignored) out.push_back(std::move(r));
  }
  return out;
}

}  // namespace

std::vector<RuleSpec> all_rules(const std::vector<std::string>& extra_packs) {
  std::vector<RuleSpec> rules = builtin_rules();
  for (const auto& p : extra_packs) {
    auto more = load_rule_packs(p);
    rules.insert(rules.end(), more.begin(), more.end());
  }
  std::stable_sort(rules.begin(), rules.end(), [](const RuleSpec& a, const RuleSpec& b) { return a.id < b.id; });
  std::map<std::string, std::string> seen;
  for (const auto& r : rules) {
    auto [it, fresh] = seen.emplace(r.id, r.mark.str());
    if (!fresh) throw RulePackError(r.mark.str() + ": rule id `" + r.id + "` is already defined at " + it->second);
  }
  return rules;
}

namespace {

// The rules for files under one configuration: its packs, selection and severities, with
// command-line flags taking precedence.
std::unique_ptr<py::RuleSet> rule_set_for(const Config& c, const CheckOptions& o) {
  try {
    std::vector<std::string> packs = o.rule_packs;
    packs.insert(packs.end(), c.extend_rules.begin(), c.extend_rules.end());
    const auto& select = o.select.empty() ? c.select.value_or(std::vector<std::string>{}) : o.select;
    // A --select on the command line states the whole selection: the configuration's
    // ignore list no longer applies either (an explicit --ignore still does).
    const auto& ignore = !o.ignore.empty() || !o.select.empty() ? o.ignore : c.ignore.value_or(std::vector<std::string>{});
    std::vector<RuleSpec> specs = select_rules(all_rules(packs), select, ignore);
    for (auto& r : specs) {
      for (const auto& [sel, sev] : c.severity)
        if (selector_matches(sel, r)) r.severity = sev;
    }
    return std::make_unique<py::RuleSet>(specs);
  } catch (const RulePackError& e) {
    if (c.path.empty()) throw;
    throw RulePackError(std::string(e.what()) + " (configuration: " + c.path + ")");
  }
}

bool ignored_by_config(const Config& c, const Diagnostic& d) {
  for (const auto& [glob, codes] : c.per_file_ignores) {
    if (!config_glob_matches(c, glob, d.path)) continue;
    for (const auto& code : codes)
      if (code == "ALL" || code == d.rule_name || d.rule_id.starts_with(code)) return true;
  }
  return false;
}

std::string absolute(const std::string& p) {
  std::error_code ec;
  return std::filesystem::absolute(p, ec).lexically_normal().string();
}

// Keeps the findings on changed lines, or whose region (their loop or function) changed.
void keep_changed(std::vector<Diagnostic>& findings, const ChangedLines& changed) {
  std::erase_if(findings, [&](const Diagnostic& d) {
    std::string abs = absolute(d.path);
    if (changed.touches(abs, d.start.line, d.end.line)) return false;
    return !(d.region && changed.touches(abs, d.region_start_line, d.region_end_line));
  });
}

// A pull_request event's base and head commits.
std::pair<std::string, std::string> pull_request_commits(const std::string& event_path) {
  std::ifstream in(event_path);
  if (!in) throw ConfigError(event_path + ": cannot read the GitHub event");
  try {
    auto j = nlohmann::json::parse(in);
    const auto& pr = j.at("pull_request");
    return {pr.at("base").at("sha").get<std::string>(), pr.at("head").at("sha").get<std::string>()};
  } catch (const nlohmann::json::exception& e) {
    throw ConfigError(event_path + ": not a pull_request event: " + e.what());
  }
}

}  // namespace

int run_check(CheckOptions o) {
  py::set_lint_test_files_as_code(o.include_tests);
  std::string head_commit;
  if (!o.github_event.empty()) {
    auto [base, head] = pull_request_commits(o.github_event);
    o.diff_base = base;
    head_commit = head;
    o.format = "github-review";
  }
  if (o.staged && !o.diff_base.empty()) throw RulePackError("--staged and --diff-base cannot be combined");
  if (o.staged && (o.fix || o.diff)) throw RulePackError("--staged checks the index; it cannot be combined with --fix or --diff");
  std::optional<ChangedLines> changed;
  if (o.staged) changed = staged_changes();
  if (!o.diff_base.empty()) changed = changed_since(o.diff_base);
  ConfigResolver configs(o.config);
  Discovery found = discover_python_files(o.paths);
  if (o.staged) {  // only what is staged, read from the index
    std::erase_if(found.files, [&](const std::string& f) { return !changed->files.count(absolute(f)); });
    for (const auto& [path, lines] : changed->files) {
      bool listed = std::any_of(found.files.begin(), found.files.end(), [&](const auto& f) { return absolute(f) == path; });
      bool under = o.paths == std::vector<std::string>{"."} || listed;
      if (!listed && under && path.ends_with(".py")) {
        std::error_code ec;
        found.files.push_back(std::filesystem::relative(path, std::filesystem::current_path(), ec).string());
      }
    }
    std::sort(found.files.begin(), found.files.end());
  }
  for (const auto& e : found.errors) std::cerr << "error: " << e << "\n";
  for (const auto& n : found.notes) std::cerr << "note: " << n << "\n";
  std::set<std::string> named(found.named.begin(), found.named.end());
  std::map<const Config*, std::unique_ptr<py::RuleSet>> rule_sets;
  std::map<std::string, const py::RuleSet*> rules_of;
  std::vector<std::string> files;
  std::vector<const py::RuleSet*> per_file;
  for (const auto& f : found.files) {
    const Config& c = configs.for_file(f);
    bool excluded = !named.count(f) && std::any_of(c.exclude.begin(), c.exclude.end(),
                                                   [&](const auto& g) { return config_glob_matches(c, g, f); });
    if (excluded) continue;
    auto& set = rule_sets[&c];
    if (!set) set = rule_set_for(c, o);
    files.push_back(f);
    per_file.push_back(set.get());
    rules_of[f] = set.get();
  }
  if (rule_sets.empty()) rule_sets[nullptr] = rule_set_for(Config{}, o);  // validate flags even with no files
  const py::RuleSet& rules = *rule_sets.begin()->second;
  auto rules_for = [&](const std::string& path) { return rules_of.count(path) ? rules_of.at(path) : &rules; };
  unsigned jobs = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
  // Released by process exit, not by destructors: freeing every syntax tree one node at a
  // time costs ~7% of a run and buys nothing for a process that is about to end.
  std::unique_ptr<ResultCache> cache;
  if (!o.no_cache) cache = std::make_unique<ResultCache>(o.cache_dir, hash_rules(per_file));
  std::vector<std::string> staged_texts;
  if (o.staged)
    for (const auto& f : files) staged_texts.push_back(staged_text(changed->repo_root, absolute(f)));
  auto analyse = [&] {
    ProgressLine progress(files.size(), !o.quiet && o.format == "text");
    auto* r = o.staged ? new RunResult(run_analysis(files, per_file, jobs, &staged_texts))
                       : new RunResult(run_analysis(files, per_file, jobs, nullptr, cache.get(), progress.counter()));
    if (changed) keep_changed(r->findings, *changed);
    std::erase_if(r->findings, [&](const Diagnostic& d) { return ignored_by_config(configs.for_file(d.path), d); });
    return r;
  };
  RunResult* result_ptr = analyse();
  if (o.fix || o.diff) {
    FixOutcome fixed = apply_fixes(*result_ptr, rules_for, jobs, {o.unsafe_fixes, !o.diff}, std::cout);
    for (const auto& n : fixed.notes) std::cerr << "warning: " << n << "\n";
    if (o.diff) {
      std::cerr << fmt::format("{} fix{} would change {} file{}.\n", fixed.fixes_applied,
                               fixed.fixes_applied == 1 ? "" : "es", fixed.files_changed,
                               fixed.files_changed == 1 ? "" : "s");
      return fixed.files_changed > 0 ? kExitFindings : kExitClean;
    }
    if (!o.quiet)
      std::cerr << fmt::format("Applied {} fix{} in {} file{}.\n", fixed.fixes_applied,
                               fixed.fixes_applied == 1 ? "" : "es", fixed.files_changed,
                               fixed.files_changed == 1 ? "" : "s");
    if (fixed.files_changed > 0) result_ptr = analyse();
  }
  RunResult& result = *result_ptr;
  std::map<std::string, const SourceFile*> sources;
  for (const auto& f : result.files) sources[f.file->path] = f.file.get();
  if (!o.write_baseline.empty()) {
    std::string err = write_baseline(o.write_baseline, result.findings, sources);
    if (!err.empty()) throw RulePackError(err);
    std::cerr << fmt::format("Wrote {} finding{} to the baseline {}.\n", result.findings.size(),
                             result.findings.size() == 1 ? "" : "s", o.write_baseline);
    return kExitClean;
  }
  if (!o.baseline.empty()) {
    try {
      filter_baseline(o.baseline, result.findings, sources);
    } catch (const std::runtime_error& e) {
      throw RulePackError(e.what());
    }
  }

  if (o.statistics) {
    std::map<std::pair<std::string, std::string>, size_t> counts;
    for (const auto& d : result.findings) ++counts[{d.rule_id, d.rule_name}];
    std::vector<std::pair<size_t, std::pair<std::string, std::string>>> rows;
    for (const auto& [rule, n] : counts) rows.push_back({n, rule});
    std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [n, rule] : rows) std::cout << fmt::format("{:>6}  {:<7} {}\n", n, rule.first, rule.second);
  } else if (o.format == "json") {
    render_json(std::cout, result.findings, result.summary);
  } else if (o.format != "text") {
    std::vector<RuleSpec> ran;  // every rule that ran, once, for SARIF rules[] and the review
    std::set<std::string> seen;
    for (const auto& [cfg, set] : rule_sets) {
      for (const auto& r : set->rules())
        if (seen.insert(r.spec.id).second) ran.push_back(r.spec);
      if (const RuleSpec* u = set->unused_suppression_rule(); u && seen.insert(u->id).second) ran.push_back(*u);
    }
    std::sort(ran.begin(), ran.end(), [](const RuleSpec& a, const RuleSpec& b) { return a.id < b.id; });
    if (o.format == "github-review") render_github_review(std::cout, result.findings, ran, sources, head_commit);
    else if (o.format == "sarif") render_sarif(std::cout, result.findings, ran, sources, TORCHLINT_VERSION);
    else if (o.format == "github") render_github(std::cout, result.findings);
    else if (o.format == "gitlab") render_gitlab(std::cout, result.findings, sources);
    else if (o.format == "rdjson") render_rdjson(std::cout, result.findings, sources);
    else render_review(std::cout, result.findings, ran, sources);
  } else {
    bool color = o.color == "always" || (o.color == "auto" && isatty(STDOUT_FILENO) && !getenv("NO_COLOR"));
    render_text(std::cout, result.findings, sources, result.summary, {color, !o.no_source, !o.quiet});
  }
  if (o.stats) {
    const RunTimings& t = result.timings;
    double cpu = t.read_seconds + t.parse_seconds + t.model_seconds + t.rules_seconds;
    std::cerr << fmt::format(
        "files: {}  lines: {}  rules: {}  threads: {}\n"
        "parse: {:.1f} ms  model: {:.1f} ms  rules: {:.1f} ms  read: {:.1f} ms  (CPU, summed over threads)\n"
        "wall: {:.1f} ms  lines per CPU-second: {:.0f}\n",
        result.summary.files, result.summary.lines, rules.rules().size(), jobs, t.parse_seconds * 1e3,
        t.model_seconds * 1e3, t.rules_seconds * 1e3, t.read_seconds * 1e3, t.wall_seconds * 1e3,
        cpu > 0 ? result.summary.lines / cpu : 0.0);
  }
  if (!result.findings.empty() && !o.exit_zero) return kExitFindings;
  return found.errors.empty() ? kExitClean : kExitError;
}

}  // namespace torchlint
