#include "cli/runner.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <map>
#include <mutex>
#include <iterator>
#include <optional>
#include <thread>

#include "cli/cache.h"
#include "core/suppressions.h"

namespace torchlint {

namespace {
using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Runs f(i) for i in [0, n) on `jobs` threads.
template <class F>
void parallel_for(size_t n, unsigned jobs, F&& f) {
  std::atomic<size_t> next{0};
  auto worker = [&](unsigned t) {
    for (size_t i; (i = next.fetch_add(1)) < n;) f(i, t);
  };
  std::vector<std::thread> threads;
  for (unsigned t = 1; t < jobs; ++t) threads.emplace_back(worker, t);
  worker(0);
  for (auto& th : threads) th.join();
}

struct ThreadStats {
  double read = 0, parse = 0, model = 0, rules = 0;
  size_t from_cache = 0;
  std::vector<std::string> notes;
};
}  // namespace

RunResult run_analysis(const std::vector<std::string>& paths, const py::RuleSet& rules, unsigned jobs,
                       const std::vector<std::string>* texts) {
  return run_analysis(paths, std::vector<const py::RuleSet*>(paths.size(), &rules), jobs, texts);
}

namespace {

struct FileWork {
  std::optional<py::ParsedFile> parsed;  // the file itself lives here (a tree only if parsed)
  std::optional<CacheEntry> cached;
  py::FileSummary summary;  // moved into the project index at the join
  uint32_t summary_id = 0;   // its id there
  uint64_t hash = 0;
  std::vector<Diagnostic> findings;
};

// `summarise`: also compute the file's summary for the index (phase 1; a re-analysis in phase 2
// keeps the one the index was built from).
void parse_and_model(FileWork& w, ThreadStats& st, bool summarise = true) {
  thread_local py::Parser parser;
  auto t1 = Clock::now();
  py::Tree tree = parser.parse(w.parsed->file->text);
  st.parse += seconds_since(t1);
  auto t2 = Clock::now();
  w.parsed = py::build_model(std::move(w.parsed->file), std::move(tree));
  if (w.parsed->model && summarise) w.summary = w.parsed->model->summary();
  st.model += seconds_since(t2);
}

// Where the parser gave up: the file's findings stay, and this one makes CI notice.
Diagnostic syntax_error_finding(const SourceFile& file, uint32_t offset, const RuleSpec& rule) {
  Diagnostic d;
  d.rule_id = rule.id;
  d.rule_name = rule.name;
  d.severity = rule.severity;
  d.path = file.path;
  uint32_t end = offset;
  while (end < file.text.size() && file.text[end] != '\n' && end - offset < 1) ++end;
  d.range = {offset, end};
  d.message = rule.message;
  resolve_positions(file, d);
  return d;
}

std::vector<Diagnostic> check_file(const py::ParsedFile& pf, const py::ProjectIndex& index, const py::RuleSet& rules) {
  pf.model->complete(index);
  std::vector<Diagnostic> found = py::run_rules(rules, pf);
  std::vector<Comment> comments;
  for (auto [b, e] : pf.model->comments()) comments.push_back({{b, e}});
  std::vector<Suppression> suppressions = parse_suppressions(*pf.file, comments);
  apply_suppressions(found, suppressions);
  if (const RuleSpec* r = rules.syntax_error_rule(); r && !pf.syntax_error_offsets.empty())  // never suppressed
    found.push_back(syntax_error_finding(*pf.file, pf.syntax_error_offsets.front(), *r));
  if (const RuleSpec* r = rules.unused_suppression_rule()) {
    SuppressionJudge judge{r->id, r->name, r->severity, [&](const std::string& code) {
                             if (rules.knows_rule(code) || code == r->id || code == r->name) return CodeStatus::kRan;
                             return rules.is_available_rule(code) ? CodeStatus::kNotEnabled : CodeStatus::kUnknown;
                           },
                           rules.runs_every_default_rule()};
    for (auto& d : unused_suppressions(*pf.file, suppressions, judge)) found.push_back(std::move(d));
  }
  return found;
}

}  // namespace

RunResult run_analysis(const std::vector<std::string>& paths, const std::vector<const py::RuleSet*>& rule_sets,
                       unsigned jobs, const std::vector<std::string>* texts, const ResultCache* cache,
                       std::atomic<size_t>* progress) {
  auto start = Clock::now();
  jobs = std::max(1u, std::min<unsigned>(jobs, static_cast<unsigned>(std::max<size_t>(1, paths.size()))));
  RunResult result;
  std::vector<FileWork> work(paths.size());
  std::vector<ThreadStats> stats(jobs);

  // Phase 1: read; an unchanged file brings its index contribution from the cache,
  // any other file is parsed and modelled.
  parallel_for(paths.size(), jobs, [&](size_t i, unsigned t) {
    auto t0 = Clock::now();
    std::string text;
    if (texts) {
      text = (*texts)[i];
    } else {
      std::ifstream in(paths[i], std::ios::binary | std::ios::ate);
      if (!in) {
        stats[t].notes.push_back(paths[i] + ": cannot read the file; skipped");
        return;
      }
      std::streamsize size = in.tellg();  // one read of the whole file
      in.seekg(0);
      text.resize(size > 0 ? static_cast<size_t>(size) : 0);
      if (size > 0 && !in.read(text.data(), size)) {
        stats[t].notes.push_back(paths[i] + ": cannot read the file; skipped");
        return;
      }
    }
    stats[t].read += seconds_since(t0);
    if (looks_binary(text)) {
      stats[t].notes.push_back(paths[i] + ": looks like a binary file; skipped");
      return;
    }
    FileWork& w = work[i];
    w.hash = content_hash(text);
    w.parsed.emplace();
    w.parsed->file = std::make_unique<SourceFile>(paths[i], std::move(text));
    if (cache) w.cached = cache->load(paths[i], w.hash);
    if (w.cached) w.summary = w.cached->summary;
    else parse_and_model(w, stats[t]);
  });

  // The join, per project: every file's summary, resolved and made transitive across files.
  auto t_index = Clock::now();
  std::map<std::string, py::ProjectIndex> indexes;
  std::vector<const py::ProjectIndex*> index_of(paths.size(), nullptr);
  for (size_t i = 0; i < paths.size(); ++i)
    if (work[i].parsed) work[i].summary_id = indexes[py::project_root(paths[i])].add(std::move(work[i].summary));
  for (auto& [root, ix] : indexes) ix.complete();
  for (size_t i = 0; i < paths.size(); ++i)
    if (work[i].parsed) index_of[i] = &indexes[py::project_root(paths[i])];
  stats[0].model += seconds_since(t_index);

  // Phase 2: findings from the cache when the rules and the facts they depend on are
  // unchanged; otherwise analysed (parsing now if phase 1 did not).
  parallel_for(paths.size(), jobs, [&](size_t i, unsigned t) {
    FileWork& w = work[i];
    struct Done {  // counts the file however this lambda returns
      std::atomic<size_t>* p;
      ~Done() { if (p) ++*p; }
    } done{progress};
    if (!w.parsed) return;
    auto t0 = Clock::now();
    // Whether the file counts as a test file changes its findings: part of the key.
    const py::ProjectIndex& index = *index_of[i];
    const py::FileSummary& summary = index.file(w.summary_id);
    std::string key = cache ? cache->rules_hash() + ":" + facts_hash(index, summary) +
                                  (py::is_test_file_path(paths[i]) ? ":test" : "")
                            : "";
    if (w.cached && w.cached->results_key == key) {
      w.findings = std::move(w.cached->findings);
      for (auto& d : w.findings) resolve_positions(*w.parsed->file, d);
      if (w.cached->syntax_error_offset) w.parsed->syntax_error_offsets = {*w.cached->syntax_error_offset};
      stats[t].rules += seconds_since(t0);
      ++stats[t].from_cache;
      return;
    }
    if (!w.parsed->model) parse_and_model(w, stats[t], false);  // stale results: analyse again
    auto t1 = Clock::now();
    if (w.parsed->model) w.findings = check_file(*w.parsed, index, *rule_sets[i]);
    stats[t].rules += seconds_since(t1);
    if (cache && w.parsed->model) {
      CacheEntry e{w.hash, summary, key, w.findings, std::nullopt};
      if (!w.parsed->syntax_error_offsets.empty()) e.syntax_error_offset = w.parsed->syntax_error_offsets.front();
      cache->store(paths[i], e);
    }
  });

  size_t test_files = 0;
  for (size_t i = 0; i < paths.size(); ++i) {
    if (!work[i].parsed) continue;
    py::ParsedFile& pf = *work[i].parsed;
    ++result.summary.files;
    test_files += py::is_test_file_path(pf.file->path);
    result.summary.lines += pf.file->lines.line_count();
    if (!pf.syntax_error_offsets.empty()) {
      Position p = pf.file->lines.position(pf.file->text, pf.syntax_error_offsets.front());
      result.summary.files_with_syntax_errors.push_back(pf.file->path + ":" + std::to_string(p.line) + ":" +
                                                        std::to_string(p.column));
    }
    for (auto& d : work[i].findings) result.findings.push_back(std::move(d));
    result.files.push_back(std::move(pf));
  }
  for (auto& s : stats) {
    result.timings.read_seconds += s.read;
    result.timings.parse_seconds += s.parse;
    result.timings.model_seconds += s.model;
    result.timings.rules_seconds += s.rules;
    result.timings.files_from_cache += s.from_cache;
    result.summary.notes.insert(result.summary.notes.end(), s.notes.begin(), s.notes.end());
  }
  std::sort(result.summary.notes.begin(), result.summary.notes.end());
  // Visible, never silent: what test files get, and how to change it.
  if (test_files > 0)
    result.summary.notes.push_back(std::to_string(test_files) + " test file" + (test_files == 1 ? "" : "s") +
                                   " (test_*.py, *_test.py, conftest.py, tests/): training and evaluation contexts "
                                   "are off there; --include-tests analyses them as code");
  std::sort(result.findings.begin(), result.findings.end(), diagnostic_less);
  result.timings.wall_seconds = seconds_since(start);
  return result;
}

}  // namespace torchlint
