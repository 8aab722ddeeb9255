// `torchlint check` (and `review`): configuration, file selection, analysis, the fix loop,
// diff and baseline filters, and the renderers.
#include "cli/check_command.h"
#include "cxx/cxx_runner.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>

#include "cli/add_noqa.h"
#include "cli/baseline.h"
#include "cli/builtin_rules.h"
#include "cli/config.h"
#include "cli/discover.h"
#include "cli/fixer.h"
#include "cli/git_diff.h"
#include "cli/progress.h"
#include "cli/runner.h"
#include "cli/selection.h"
#include "cli/show_settings.h"
#include "cli/terminal.h"
#include "cli/torch_requirement.h"
#include "core/version.h"
#include "report/report.h"
#include "rulepack/loader.h"

namespace torchlint {

namespace fs = std::filesystem;

namespace {

// Rule codes are upper case, names lower case: `tl201` and `TL201` select alike (as `rule tl201`).
bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](unsigned char x, unsigned char y) { return std::toupper(x) == std::toupper(y); });
}

}  // namespace

bool selector_matches(std::string_view sel, std::string_view id, std::string_view name) {
  return equals_ignoring_case(sel, "ALL") || equals_ignoring_case(sel, name) ||
         (id.size() >= sel.size() && equals_ignoring_case(sel, id.substr(0, sel.size())));
}

bool selector_matches(const std::string& sel, const RuleSpec& r) { return selector_matches(sel, r.id, r.name); }

bool selector_names_rule(const std::string& sel, const RuleSpec& r) {
  return equals_ignoring_case(sel, "ALL") || equals_ignoring_case(sel, r.id) || equals_ignoring_case(sel, r.name);
}

std::vector<RuleSpec> all_rules(const std::vector<std::string>& extra_packs) {
  std::vector<RuleSpec> rules = builtin_rules();
  for (const auto& p : extra_packs) {
    auto more = load_rule_packs(p);
    rules.insert(rules.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
  }
  sort_by_id(rules);
  return rules;
}

namespace {

struct ConfigFlags {
  std::string file;
  std::vector<std::string> overrides;
};

// `--config` takes a configuration file or `KEY = VALUE` overrides (repeatable, as in ruff).
ConfigFlags split_config_flags(const std::vector<std::string>& values) {
  ConfigFlags out;
  for (const auto& v : values) {
    if (is_config_override(v)) {
      out.overrides.push_back(v);
    } else if (!out.file.empty()) {
      throw ConfigError("--config: two configuration files given (`" + out.file + "`, `" + v + "`); use one");
    } else {
      out.file = v;
    }
  }
  return out;
}

}  // namespace

std::vector<std::string> rule_packs_in_effect(const std::vector<std::string>& cli_packs,
                                              const std::vector<std::string>& config) {
  ConfigFlags flags = split_config_flags(config);
  ConfigResolver configs(flags.file, flags.overrides);
  std::vector<std::string> packs = cli_packs;
  const Config& c = configs.for_file((fs::current_path() / "__torchlint__.py").string());
  if (!c.errors.empty()) {
    std::string all;
    for (const auto& e : c.errors) all += (all.empty() ? "" : "\n") + e;
    throw ConfigError(all);
  }
  packs.insert(packs.end(), c.extend_rules.begin(), c.extend_rules.end());
  return packs;
}

namespace {

std::string absolute(const std::string& p) {
  std::error_code ec;
  return fs::absolute(p, ec).lexically_normal().string();
}

// Keeps the findings on changed lines, or whose region (their loop or function) changed.
void keep_changed(std::vector<Diagnostic>& findings, const ChangedLines& changed) {
  std::erase_if(findings, [&](const Diagnostic& d) {
    std::string abs = absolute(d.path);
    if (changed.touches(abs, d.start.line, d.end.line)) return false;
    return !(d.region && changed.touches(abs, d.region_start_line, d.region_end_line));
  });
}

// The default cache folder: at the project root of what is checked (the nearest folder with a
// configuration or repository marker), so running from elsewhere leaves nothing behind.
std::string default_cache_dir(const std::vector<std::string>& files) {
  std::string root = files.empty() ? "" : py::project_root(files.front());
  std::error_code ec;
  fs::path base = root.empty() ? fs::current_path(ec) : fs::path(root);
  fs::path rel = (base / ".torchlint_cache").lexically_relative(fs::current_path(ec));
  return rel.empty() || rel.string().starts_with("../..") ? (base / ".torchlint_cache").string() : rel.string();
}

std::string plural(size_t n, const char* word, const char* suffix = "s") {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : suffix);
}

void print_statistics(const CheckOptions& o, const std::vector<Diagnostic>& findings) {
  struct Row {
    std::string id, name;
    size_t count = 0, fixable = 0;
  };
  std::map<std::string, Row> by_rule;
  for (const auto& d : findings) {
    Row& r = by_rule[d.rule_id];
    r.id = d.rule_id;
    r.name = d.rule_name;
    ++r.count;
    r.fixable += d.fix && d.fix->applicability == Applicability::Safe;
  }
  std::vector<Row> rows;
  for (auto& [id, r] : by_rule) rows.push_back(r);
  std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.count > b.count; });
  if (o.format == "json" || o.format == "sarif") {  // machine-readable, as ruff's --statistics --output-format json
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& r : rows) out.push_back({{"code", r.id}, {"name", r.name}, {"count", r.count}, {"fixable", r.fixable > 0}});
    std::cout << out.dump(2) << "\n";
    return;
  }
  bool any_fixable = std::any_of(rows.begin(), rows.end(), [](const Row& r) { return r.fixable > 0; });
  for (const auto& r : rows)  // `[*]`: fixable with --fix, as in ruff
    std::cout << fmt::format("{:>6}  {:<7} {}{}\n", r.count, r.id, !any_fixable ? "" : r.fixable ? "[*] " : "    ", r.name);
}

// CPU seconds this process and its finished children (the C/C++/CUDA front end) have used.
double cpu_seconds_used() {
  auto seconds = [](const rusage& u) {
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
  };
  rusage self{}, children{};
  getrusage(RUSAGE_SELF, &self);
  getrusage(RUSAGE_CHILDREN, &children);
  return seconds(self) + seconds(children);
}

void print_timings(const RunResult& result, size_t rules, unsigned jobs) {
  const RunTimings& t = result.timings;
  double cpu = cpu_seconds_used();
  std::cerr << fmt::format(
      "files: {}  lines: {}  rules: {}  threads: {}\n"
      "Python: parse: {:.1f} ms  model: {:.1f} ms  rules: {:.1f} ms  read: {:.1f} ms  (thread time, summed over threads)\n",
      result.summary.files, result.summary.lines, rules, jobs, t.parse_seconds * 1e3, t.model_seconds * 1e3,
      t.rules_seconds * 1e3, t.read_seconds * 1e3);
  if (t.cxx_wall_seconds > 0) std::cerr << fmt::format("C/C++/CUDA: {:.1f} ms wall\n", t.cxx_wall_seconds * 1e3);
  std::cerr << fmt::format("wall: {:.1f} ms  CPU: {:.1f} ms (the whole run, C/C++/CUDA processes included)", t.wall_seconds * 1e3,
                           cpu * 1e3);
  if (t.files_from_cache > 0)
    std::cerr << fmt::format("  ({} of {} from the cache; --no-cache to measure analysis)\n", t.files_from_cache,
                             plural(result.summary.files, "file"));
  else
    std::cerr << fmt::format("  lines per CPU-second: {:.0f}\n", cpu > 0 ? result.summary.lines / cpu : 0.0);
  std::cerr << fmt::format("analysed again with cross-file facts: {}\n", plural(t.files_analysed_again, "file"));
}

// "N fixable with `--fix` (M more with `--unsafe-fixes`)", or "" when nothing is. Once
// --unsafe-fixes is given, unsafe fixes count as fixable: only `--fix` is missing.
std::string fixable_summary(const std::vector<Diagnostic>& findings, bool unsafe_fixes) {
  size_t safe = 0, unsafe = 0;
  for (const auto& d : findings) {
    if (!d.fix || d.fix->edits.empty()) continue;
    (d.fix->applicability == Applicability::Safe || unsafe_fixes ? safe : unsafe)++;
  }
  if (safe == 0 && unsafe == 0) return "";
  if (safe == 0) return fmt::format("No fixes available ({} hidden fix{} can be enabled with `--unsafe-fixes`).", unsafe, unsafe == 1 ? "" : "es");
  return fmt::format("{} fixable with `--fix`{}.", safe,
                     unsafe ? fmt::format(" ({} more with `--unsafe-fixes`)", unsafe) : "");
}

void render(const CheckOptions& o, const RunResult& result, const RuleSets& rule_sets,
            const std::map<std::string, const SourceFile*>& sources, const std::optional<ChangedLines>& changed) {
  if (o.review_payload) {  // `torchlint review`
    auto in_diff = [&](const std::string& path, uint32_t line) { return changed && changed->touches(absolute(path), line, line); };
    std::ostringstream payload;
    render_github_review(payload, result.findings, sources, o.review_commit, in_diff);
    *o.review_payload = payload.str();
    return;
  }
  if (o.format == "json") return render_json(std::cout, result.findings, result.summary);
  if (o.format == "text") {
    TextOptions t;
    t.color = use_color(o.color, STDOUT_FILENO);
    t.show_source = !o.no_source;
    t.show_summary = !o.quiet;
    t.fixable_line = fixable_summary(result.findings, o.unsafe_fixes);
    return render_text(std::cout, result.findings, sources, result.summary, t);
  }
  std::vector<RuleSpec> ran;  // every rule that ran, once, for SARIF rules[] and the review
  std::set<std::string> seen;
  for (const auto& [cfg, set] : rule_sets) {
    for (const auto& r : set->rules())
      if (seen.insert(r.spec.id).second) ran.push_back(r.spec);
    for (const RuleSpec& r : set->cxx_rules())
      if (seen.insert(r.id).second) ran.push_back(r);
    for (const RuleSpec* u : {set->unused_suppression_rule(), set->syntax_error_rule()})
      if (u && seen.insert(u->id).second) ran.push_back(*u);
  }
  std::sort(ran.begin(), ran.end(), [](const RuleSpec& a, const RuleSpec& b) { return a.id < b.id; });
  if (o.format == "sarif") render_sarif(std::cout, result.findings, ran, sources, version());
  else if (o.format == "github") render_github(std::cout, result.findings);
  else if (o.format == "gitlab") render_gitlab(std::cout, result.findings, sources);
  else if (o.format == "rdjson") render_rdjson(std::cout, result.findings, sources);
  else render_review(std::cout, result.findings, ran, sources);
}

std::string read_stdin() {
  return {std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
}

}  // namespace

namespace {

// Sends std::cout into `into` while it lives (also when the check throws).
class CaptureStdout {
 public:
  explicit CaptureStdout(std::ostream& into) : saved_(std::cout.rdbuf(into.rdbuf())) {}
  ~CaptureStdout() { std::cout.rdbuf(saved_); }
  CaptureStdout(const CaptureStdout&) = delete;
  CaptureStdout& operator=(const CaptureStdout&) = delete;

 private:
  std::streambuf* saved_;
};

// Before the analysis runs: a path that can never take the report is an error at once.
void check_output_path(const std::string& path) {
  std::error_code ec;
  fs::path folder = fs::path(path).parent_path();
  if (!folder.empty() && !fs::is_directory(folder, ec))
    throw ConfigError("--output-file: " + path + ": the folder " + folder.string() + " does not exist");
  if (fs::is_directory(path, ec)) throw ConfigError("--output-file: " + path + ": is a folder");
}

// --output-file: what the check prints goes to the file, written whole (a temporary file beside
// it, then renamed), so a failure never leaves half a report.
int run_check_into_file(CheckOptions o) {
  std::string path = std::move(o.output_file);
  check_output_path(path);
  if (o.color == "auto") o.color = "never";  // the terminal on stdout says nothing about the file
  std::ostringstream report;
  int code;
  {
    CaptureStdout capture(report);
    code = run_check(std::move(o));
  }
  if (std::string err = write_file_atomically(path, report.str()); !err.empty())
    throw ConfigError("--output-file: " + err);
  return code;
}

// 1 for findings, or for files --fix changed when --exit-non-zero-on-fix asks (as ruff does);
// --exit-zero makes it 0 whatever happened.
int findings_exit_code(const CheckOptions& o, bool any_findings, bool files_fixed) {
  if (o.exit_zero) return kExitClean;
  return any_findings || (o.exit_non_zero_on_fix && files_fixed) ? kExitFindings : kExitClean;
}

// --add-noqa: today's findings suppressed in place, except those no comment hides (syntax
// errors, unused suppressions).
void add_noqa_directives(const CheckOptions& o, const RunResult& result, const RuleSets& rule_sets,
                         const std::string& temp_dir) {
  std::set<std::string> unsuppressible;
  for (const auto& [key, set] : rule_sets)
    for (const RuleSpec* r : {set->syntax_error_rule(), set->unused_suppression_rule()})
      if (r) unsuppressible.insert(r->id);
  AddNoqaOutcome added =
      add_noqa(result, [&](const Diagnostic& d) { return !unsuppressible.count(d.rule_id); }, temp_dir);
  for (const auto& n : added.notes) std::cerr << "warning: " << printable(n) << "\n";
  if (!o.quiet)
    std::cerr << fmt::format("Added {} in {}.\n", plural(added.directives, "`# noqa` directive"), plural(added.files, "file"));
}

}  // namespace

int run_check(CheckOptions o) {
  if (!o.output_file.empty()) return run_check_into_file(std::move(o));
  py::set_lint_test_files_as_code(o.include_tests);
  set_analysis_memory_budget(o.memory_budget_mb << 20);
  set_analysis_timeout(std::chrono::milliseconds(static_cast<long long>(o.file_timeout_seconds * 1000)));
  bool from_stdin = o.paths == std::vector<std::string>{"-"};
  if (!from_stdin && std::count(o.paths.begin(), o.paths.end(), "-"))
    throw ConfigError("`-` (stdin) cannot be combined with other paths");
  if (!from_stdin && !o.stdin_filename.empty()) throw ConfigError("--stdin-filename needs `-` as the path");
  if (o.staged && !o.diff_base.empty()) throw ConfigError("--staged and --diff-base cannot be combined");
  if (o.staged && (o.fix || o.diff)) throw ConfigError("--staged checks the index; it cannot be combined with --fix or --diff");
  if (o.add_noqa && (o.fix || o.diff || o.staged || from_stdin))
    throw ConfigError("--add-noqa edits the files on disk; it cannot be combined with --fix, --diff, --staged or stdin");
  if (o.unsafe_fixes && !o.fix && !o.diff && !o.quiet)
    std::cerr << "warning: `--unsafe-fixes` only matters with `--fix` or `--diff`\n";
  if (o.max_file_size_mib) o.config.push_back(fmt::format("max-file-size = {}", o.max_file_size_mib));
  ConfigFlags config_flags = split_config_flags(o.config);
  for (const auto& v : o.per_file_ignores) parse_per_file_ignore(v);  // a malformed value is an error even with no files
  std::optional<ChangedLines> changed;
  if (o.staged) changed = staged_changes();
  if (!o.diff_base.empty()) changed = changed_since(o.diff_base);
  ConfigResolver configs(config_flags.file, config_flags.overrides);

  Discovery found;
  std::vector<std::string> stdin_texts;
  if (from_stdin) {
    std::string name = o.stdin_filename.empty() ? "<stdin>" : fs::path(o.stdin_filename).lexically_normal().string();
    found.files = {name};
    found.named = {name};
    stdin_texts = {read_stdin()};
  } else {
    found = discover_source_files(o.paths);
  }
  if (o.staged) {  // only what is staged, read from the index
    std::erase_if(found.files, [&](const std::string& f) { return !changed->files.count(absolute(f)); });
    for (const auto& entry : changed->files) {
      const std::string& path = entry.first;  // a plain reference: lambdas may capture it
      bool listed = std::any_of(found.files.begin(), found.files.end(), [&](const auto& f) { return absolute(f) == path; });
      bool under = o.paths == std::vector<std::string>{"."} || listed;
      if (!listed && under && (path.ends_with(".py") || is_cxx_path(path))) {
        std::error_code ec;
        found.files.push_back(fs::relative(path, fs::current_path(), ec).string());
      }
    }
    std::sort(found.files.begin(), found.files.end());
  }
  for (const auto& e : found.errors) std::cerr << "error: " << printable(e) << "\n";
  if (!o.quiet)
    for (const auto& n : found.notes) std::cerr << "note: " << printable(n) << "\n";

  // Per file: its configuration, whether it is excluded, its rule set.
  std::set<std::string> named(found.named.begin(), found.named.end());
  RuleSets rule_sets;  // by configuration and version outcomes: versions that decide alike share a set
  std::map<std::pair<const Config*, std::string>, const py::RuleSet*> set_for_version;
  TorchRequirementResolver torch_of;
  std::map<std::string, const py::RuleSet*> rules_of;
  std::vector<std::string> files, texts;
  std::vector<const py::RuleSet*> per_file;
  Config cli_ignores;  // --per-file-ignores, relative to the working folder
  for (const auto& v : o.per_file_ignores) cli_ignores.per_file_ignores.push_back(parse_per_file_ignore(v));
  for (size_t i = 0; i < found.files.size(); ++i) {
    const std::string& f = found.files[i];
    const Config& c = configs.for_file(f);
    // Files named on the command line are checked even when excluded, unless --force-exclude
    // (what the pre-commit framework, which names every file, needs).
    const TorchRequirement& torch = torch_of.for_file(f, c);
    const py::RuleSet*& set = set_for_version[{&c, torch.key()}];
    if (!set) {
      const py::RuleSet* same_config = nullptr;  // a set for another torch: its version-free rules are shared
      for (const auto& [key, made] : rule_sets)
        if (key.first == &c) same_config = made.get();
      std::unique_ptr<py::RuleSet> fresh = rule_set_for(c, o, torch, same_config);  // also validates the configuration
      auto& shared = rule_sets[{&c, fresh->version_outcomes()}];
      if (!shared) shared = std::move(fresh);
      set = shared.get();
    }
    bool force = o.force_exclude || c.force_exclude;
    if ((!named.count(f) || force) && config_excludes(c, f)) continue;
    std::error_code size_ec;
    uint64_t size = from_stdin ? stdin_texts[i].size() : fs::file_size(f, size_ec);
    if (std::string note = over_max_file_size(c, f, size_ec ? 0 : size); !note.empty()) {
      if (!o.quiet) std::cerr << "note: " << note << "\n";
      continue;
    }
    files.push_back(f);
    if (from_stdin) texts.push_back(stdin_texts[i]);
    per_file.push_back(set);
    rules_of[f] = set;
  }
  if (rule_sets.empty()) rule_sets[{&configs.defaults(), ""}] = rule_set_for(configs.defaults(), o);  // flags are checked even with no files
  if (o.show_files) {
    for (const auto& f : files) std::cout << printable(f) << "\n";
    return kExitClean;
  }
  if (o.show_settings) {
    std::string probe = files.empty() ? (fs::current_path() / "__torchlint__.py").string() : files.front();
    const Config& c = configs.for_file(probe);
    const TorchRequirement& torch = torch_of.for_file(probe, c);
    print_settings(std::cout, probe, c, selection_for(c, o), *rule_set_for(c, o, torch), o);
    return kExitClean;
  }
  const py::RuleSet& rules = *rule_sets.begin()->second;
  auto rules_for = [&](const std::string& path) { return rules_of.count(path) ? rules_of.at(path) : &rules; };
  unsigned jobs = o.jobs ? o.jobs : std::max(1u, std::thread::hardware_concurrency());
  std::unique_ptr<ResultCache> cache;
  if (o.cache_dir.empty())
    if (const char* env = std::getenv("TORCHLINT_CACHE_DIR"); env && *env) o.cache_dir = env;
  if (o.confirm) o.no_cache = true;  // the fixed twins' edits are not cached
  std::string cache_root = o.cache_dir.empty() ? default_cache_dir(files) : o.cache_dir;  // --fix's temporary files too
  std::string cache_note;
  if (!o.no_cache && !from_stdin) cache = open_result_cache(cache_root, hash_rules(per_file), cache_note);
  if (o.staged)
    for (const auto& f : files) texts.push_back(staged_text(changed->repo_root, absolute(f)));
  bool in_memory = o.staged || from_stdin;
  // C/C++/CUDA files go to their own front end; everything else about them is shared.
  std::vector<std::string> cxx_files;
  std::vector<const py::RuleSet*> cxx_rules;
  std::map<std::string, std::string> cxx_texts;  // staged or stdin contents
  for (size_t i = files.size(); i-- > 0;) {
    if (!is_cxx_path(files[i])) continue;
    cxx_files.insert(cxx_files.begin(), files[i]);
    cxx_rules.insert(cxx_rules.begin(), per_file[i]);
    files.erase(files.begin() + static_cast<long>(i));
    per_file.erase(per_file.begin() + static_cast<long>(i));
    if (i < texts.size()) {
      cxx_texts[cxx_files.front()] = std::move(texts[i]);
      texts.erase(texts.begin() + static_cast<long>(i));
    }
  }
  auto analyse = [&] {
    ProgressLine progress(files.size(), !o.quiet && o.format == "text");
    auto r = std::make_unique<RunResult>(in_memory ? run_analysis(files, per_file, jobs, &texts)
                                                   : run_analysis(files, per_file, jobs, nullptr, cache.get(), progress.counter()));
    if (!cxx_files.empty()) {
      auto cxx_start = std::chrono::steady_clock::now();
      cxx::CxxResult c = cxx::run_cxx_analysis(cxx_files, cxx_rules, {o.compile_db, o.fast_headers, jobs, in_memory ? &cxx_texts : nullptr, cache ? cache->dir() : std::string()});
      if (!c.setup_error.empty()) throw ConfigError(c.setup_error);
      if (!c.rule_errors.empty()) throw ConfigError(c.rule_errors.front());
      for (auto& d : c.findings) r->findings.push_back(std::move(d));
      for (auto& s : c.sources) r->sources.push_back(std::move(s));
      if (!c.parse_summary.empty()) r->summary.notes.push_back(c.parse_summary);
      for (auto& n : c.notes) r->summary.notes.push_back(std::move(n));
      r->summary.files += c.files;
      r->summary.lines += c.lines;
      r->timings.cxx_wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - cxx_start).count();
      r->timings.wall_seconds += r->timings.cxx_wall_seconds;
      std::stable_sort(r->findings.begin(), r->findings.end(), diagnostic_less);
    }
    if (!cache_note.empty()) r->summary.notes.push_back(cache_note);
    if (changed) keep_changed(r->findings, *changed);
    std::erase_if(r->findings, [&](const Diagnostic& d) {
      return per_file_ignored(configs.for_file(d.path), d) || per_file_ignored(cli_ignores, d);
    });
    return r;
  };
  std::unique_ptr<RunResult> result_ptr = analyse();
  if (o.add_noqa) {
    add_noqa_directives(o, *result_ptr, rule_sets, cache_root);
    return found.errors.empty() ? kExitClean : kExitError;
  }
  bool files_fixed = false;  // for --exit-non-zero-on-fix
  if (o.fix || o.diff) {
    bool write = !o.diff && !from_stdin;
    std::map<std::string, std::string> fixed_texts;
    FixOutcome fixed = apply_fixes(*result_ptr, rules_for, jobs, {o.unsafe_fixes, write, cache_root}, std::cout,
                                   from_stdin && !o.diff ? &fixed_texts : nullptr, use_color(o.color, STDOUT_FILENO));
    for (const auto& n : fixed.notes) std::cerr << "warning: " << printable(n) << "\n";
    if (o.diff) {
      std::cerr << fmt::format("{} would change {}.\n", plural(fixed.fixes_applied, "fix", "es"),
                               plural(fixed.files_changed, "file"));
      return fixed.files_changed > 0 ? kExitFindings : kExitClean;
    }
    if (from_stdin) {  // the fixed source goes to stdout, as formatters and editors expect
      std::cout << (fixed_texts.empty() ? texts.front() : fixed_texts.begin()->second);
      texts = {fixed_texts.empty() ? texts.front() : fixed_texts.begin()->second};
    }
    if (!o.quiet) {
      std::cerr << fmt::format("Applied {} in {}.\n", plural(fixed.fixes_applied, "fix", "es"), plural(fixed.files_changed, "file"));
      if (o.show_fixes)
        for (const auto& [path, by_rule] : fixed.by_file)
          for (const auto& [rule, n] : by_rule) std::cerr << fmt::format("  {}: {} × {}\n", printable(path), n, rule);
    }
    files_fixed = fixed.files_changed > 0;
    if (fixed.files_changed > 0) {
      result_ptr.reset();  // one run's results in memory at a time
      result_ptr = analyse();
    }
    if (from_stdin) {  // the findings that remain, on stderr: stdout holds the source
      for (const auto& d : result_ptr->findings)
        std::cerr << fmt::format("{}:{}:{}: {} [{}] {}\n", printable(d.path), d.start.line, d.start.column, printable(d.rule_id),
                                 printable(d.rule_name), printable(d.message, Whitespace::Keep));
      return findings_exit_code(o, !result_ptr->findings.empty(), files_fixed);
    }
  }
  RunResult& result = *result_ptr;
  result.summary.path_errors = found.errors.size();
  std::map<std::string, const SourceFile*> sources;
  for (const auto& f : result.sources) sources[f->path] = f.get();
  if (!o.write_baseline.empty()) {
    std::string err = write_baseline(o.write_baseline, result.findings, sources);
    if (!err.empty()) throw ConfigError(err);
    std::cerr << fmt::format("Wrote {} to the baseline {}.\n", plural(result.findings.size(), "finding"), o.write_baseline);
    return found.errors.empty() ? kExitClean : kExitError;
  }
  if (!o.baseline.empty()) {
    try {
      size_t hidden = filter_baseline(o.baseline, result.findings, sources);
      if (hidden > 0) result.summary.notes.push_back(fmt::format("{} hidden by the baseline {}", plural(hidden, "finding"), o.baseline));
    } catch (const std::runtime_error& e) {
      throw ConfigError(e.what());
    }
  }
  if (!o.confirm_file.empty()) {
    std::vector<uint32_t> lines;
    std::erase_if(result.findings, [&](const Diagnostic& d) {
      std::error_code ec;
      if (fs::weakly_canonical(d.path, ec) != fs::path(o.confirm_file)) return true;
      lines.push_back(d.start.line);
      return d.start.line != o.confirm_line;
    });
    if (result.findings.empty() && !o.confirm_rule.empty()) {
      // Not a finding, but the experiment can still run: a refutation run of the named rule.
      const RuleSpec* spec = nullptr;
      for (const auto& [cfg, set] : rule_sets)
        for (const auto& r : set->rules())
          if (selector_matches(o.confirm_rule, r.spec)) spec = &r.spec;
      std::error_code ec;
      std::ifstream in(o.confirm_file, std::ios::binary);
      std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      if (spec && in) {
        fs::path shown = fs::relative(o.confirm_file, fs::current_path(ec), ec);
        result.sources.push_back(std::make_unique<SourceFile>(ec ? o.confirm_file : shown.string(), std::move(text)));
        sources[result.sources.back()->path] = result.sources.back().get();
        result.findings.push_back(refutation_run(*spec, *result.sources.back(), o.confirm_line, o.confirm_options, std::cerr));
        render(o, result, rule_sets, sources, changed);
        const Verdict v = result.findings.back().confirmation->verdict;
        return v == Verdict::Error ? kExitError : v == Verdict::Confirmed ? kExitClean : kExitFindings;
      }
    }
    if (result.findings.empty()) {
      std::string where = lines.empty() ? "it has no findings" : fmt::format("its findings are on line {}", fmt::join(lines, ", "));
      throw ConfigError(fmt::format("no finding at {}:{} ({})", o.confirm_file, o.confirm_line, where));
    }
  }
  if (o.confirm) {
    std::map<std::string, const RuleSpec*> specs;
    for (const auto& [cfg, set] : rule_sets)
      for (const auto& r : set->rules()) specs.emplace(r.spec.id, &r.spec);
    confirm_findings(result.findings, sources, specs, o.confirm_options, std::cerr);
  }
  if (o.statistics) print_statistics(o, result.findings);
  else render(o, result, rule_sets, sources, changed);
  if (o.confirm && o.confirm_file.empty()) std::cerr << confirmation_tally(result.findings);
  if (o.timings) print_timings(result, rules.rules().size(), jobs);
  // A path that cannot be checked is an error whatever the other files hold.
  if (!found.errors.empty()) return kExitError;
  if (!o.confirm_file.empty()) {  // `torchlint confirm`: 0 only when the cost was shown
    bool error = false, all_confirmed = true;
    for (const auto& d : result.findings) {
      if (!d.confirmation) continue;
      error = error || d.confirmation->verdict == Verdict::Error;
      all_confirmed = all_confirmed && d.confirmation->verdict == Verdict::Confirmed;
    }
    return error ? kExitError : all_confirmed ? kExitClean : kExitFindings;
  }
  return findings_exit_code(o, !result.findings.empty(), files_fixed);
}

}  // namespace torchlint
