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
#include "core/file_reading.h"
#include "core/interned.h"
#include "core/noqa_lines.h"
#include "core/suppressions.h"
#include "rulepack/loader.h"

namespace torchlint {

namespace {
std::atomic<size_t> analysis_memory_budget{kDefaultAnalysisMemoryBudget};
}  // namespace

void set_analysis_memory_budget(size_t bytes) { analysis_memory_budget = bytes; }

namespace {
std::atomic<std::chrono::milliseconds> analysis_timeout{kDefaultAnalysisTimeout};
}  // namespace

void set_analysis_timeout(std::chrono::milliseconds limit) { analysis_timeout = limit; }

namespace {
using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Runs f(i) for i in [0, n) on `jobs` threads. An exception from one item never ends the run:
// `failed(i, what)` records it and the other items go on.
template <class F, class Failed>
void parallel_for(size_t n, unsigned jobs, F&& f, Failed&& failed) {
  std::atomic<size_t> next{0};
  auto worker = [&](unsigned t) {
    for (size_t i; (i = next.fetch_add(1)) < n;) {
      try {
        f(i, t);
      } catch (const std::exception& e) {
        failed(i, t, e.what());
      } catch (...) {
        failed(i, t, "unknown exception");
      }
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 1; t < jobs; ++t) threads.emplace_back(worker, t);
  worker(0);
  for (auto& th : threads) th.join();
}

struct ThreadStats {
  double read = 0, parse = 0, model = 0, rules = 0;
  size_t from_cache = 0, analysed_again = 0;
  std::vector<std::string> notes;
};
}  // namespace

RunResult run_analysis(const std::vector<std::string>& paths, const py::RuleSet& rules, unsigned jobs,
                       const std::vector<std::string>* texts) {
  return run_analysis(paths, std::vector<const py::RuleSet*>(paths.size(), &rules), jobs, texts);
}

namespace {

// Syntax tree plus semantic model, per byte of source (measured: ~23 for tree-sitter's tree,
// ~10 for the model).
constexpr size_t kAnalysisBytesPerSourceByte = 33;
// Byte offsets are 32-bit: larger files are skipped with a note.
constexpr uint64_t kMaxFileBytes = 0xFFFFFFFFull - 1;
constexpr uint32_t kNotIndexed = UINT32_MAX;

// Bytes of trees and models that may stay alive between the phases.
class MemoryBudget {
 public:
  explicit MemoryBudget(size_t bytes) : left_(static_cast<long long>(bytes)) {}
  bool take(size_t bytes) {
    long long want = static_cast<long long>(bytes);
    for (long long left = left_.load(); left >= want;)
      if (left_.compare_exchange_weak(left, left - want)) return true;
    return false;
  }
  void give_back(size_t bytes) { left_ += static_cast<long long>(bytes); }

 private:
  std::atomic<long long> left_;
};

// One file's way through the run. Beyond the memory budget, its syntax tree and model live
// only while one worker analyses it; what survives is plain data (summary, recorded index
// questions, findings), and the text only when there are findings to show.
struct FileWork {
  std::unique_ptr<SourceFile> file;
  std::optional<CacheEntry> cached;
  py::FileSummary summary;  // moved into the project index at the join
  uint32_t summary_id = kNotIndexed;  // its id there
  uint64_t hash = 0;
  bool readable = false;
  size_t lines = 0;
  std::optional<uint32_t> syntax_error_offset;
  std::string syntax_error_at;  // "path:line:col"
  // Phase 1 analysed the file against an index of itself alone; its findings stand when the
  // project index answers every question it asked the same way.
  bool analysed_alone = false;
  std::vector<py::IndexQuery> queries;
  // Within the memory budget, the tree and model stay for phase 2 instead (one analysis).
  std::optional<py::ParsedFile> kept;
  size_t kept_bytes = 0;
  std::vector<Diagnostic> findings;
  // What the last analysis cut short (time, nesting depth): notes, and no cache entry.
  std::vector<std::string> cut_short;
};

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

std::vector<Diagnostic> check_file(const py::ParsedFile& pf, const py::ProjectIndex& index, const py::RuleSet& rules,
                                   FileWork& w) {
  py::RuleLimits limits;
  if (auto limit = analysis_timeout.load(); limit.count() > 0)
    limits = {py::Deadline(py::Deadline::Clock::now() + limit), limit / 2};
  pf.model->complete(index);
  w.cut_short.clear();
  std::vector<Diagnostic> found = py::run_rules(rules, pf, limits, &w.cut_short);
  std::vector<Comment> comments;
  for (auto [b, e] : pf.model->comments()) comments.push_back({{b, e}});
  std::vector<Suppression> suppressions = parse_suppressions(*pf.file, comments);
  NoqaLines comment_lines(suppressions.empty() ? std::string_view{} : std::string_view(pf.file->text));
  apply_suppressions(found, suppressions, &comment_lines);
  if (const RuleSpec* r = rules.syntax_error_rule(); r && !pf.syntax_error_offsets.empty())  // never suppressed
    found.push_back(syntax_error_finding(*pf.file, pf.syntax_error_offsets.front(), *r));
  if (const RuleSpec* r = rules.unused_suppression_rule()) {
    const RuleSpec* syntax = rules.syntax_error_rule();
    SuppressionJudge judge{r->id, r->name, r->severity,
                           [&](const std::string& code) {
                             if (syntax && (code == syntax->id || code == syntax->name)) return CodeStatus::kNeverSuppressed;
                             if (rules.knows_rule(code) || code == r->id || code == r->name) return CodeStatus::kRan;
                             return rules.is_available_rule(code) ? CodeStatus::kNotEnabled : CodeStatus::kUnknown;
                           },
                           [&](const std::string& code) {
                             const auto& known = rules.available_rules();
                             return did_you_mean(code, std::vector<std::string>(known.begin(), known.end()));
                           },
                           rules.runs_every_default_rule()};
    for (auto& d : unused_suppressions(*pf.file, suppressions, judge)) found.push_back(std::move(d));
  }
  return found;
}

}  // namespace

namespace {

// Parses and models the file `w` holds (the file moves into the result and back).
py::ParsedFile parse_and_model(FileWork& w, ThreadStats& st) {
  thread_local py::Parser parser;
  auto t1 = Clock::now();
  py::Tree tree = parser.parse(w.file->text);
  st.parse += seconds_since(t1);
  auto t2 = Clock::now();
  py::ParsedFile pf = py::build_model(std::move(w.file), std::move(tree));
  st.model += seconds_since(t2);
  return pf;
}

// Analyses a parsed file against `index`; afterwards the tree and model are freed and the
// file is back in `w`.
void analyse(FileWork& w, py::ParsedFile pf, const py::ProjectIndex& index, const py::RuleSet& rules, ThreadStats& st) {
  auto t = Clock::now();
  w.findings = pf.model ? check_file(pf, index, rules, w) : std::vector<Diagnostic>{};
  if (pf.model) w.queries = pf.model->index_queries();
  st.rules += seconds_since(t);
  w.file = std::move(pf.file);
}

// The file's text, or why it cannot be checked. Discovery has left out what `max-file-size`
// excludes; the cap here only keeps byte offsets within 32 bits.
FileRead read_text(const std::string& path, const std::vector<std::string>* texts, size_t i) {
  if (!texts) return read_regular_file(path, kMaxFileBytes);
  FileRead given;
  given.status = FileRead::kRead;
  given.text = (*texts)[i];
  return given;
}

}  // namespace

namespace {

// Files grouped by project, whole projects per batch, in order of first appearance. A batch's
// index and summaries are freed before the next one starts: the peak follows the largest
// project, not the number of files checked. Small projects share a batch so that the
// workers are not held at a barrier every few files.
constexpr size_t kMinBatchFiles = 256;

std::vector<std::vector<size_t>> project_batches(const std::vector<std::string>& paths) {
  std::map<std::string, size_t> slot_of;
  std::vector<std::vector<size_t>> projects;
  for (size_t i = 0; i < paths.size(); ++i) {
    auto [it, fresh] = slot_of.try_emplace(py::project_root(paths[i]), projects.size());
    if (fresh) projects.emplace_back();
    projects[it->second].push_back(i);
  }
  std::vector<std::vector<size_t>> batches;
  for (auto& files : projects) {
    if (batches.empty() || batches.back().size() >= kMinBatchFiles) batches.emplace_back();
    batches.back().insert(batches.back().end(), files.begin(), files.end());
  }
  return batches;
}

// One run over many files, a batch of projects at a time.
class Run {
 public:
  Run(const std::vector<std::string>& paths, const std::vector<const py::RuleSet*>& rule_sets, unsigned jobs,
      const std::vector<std::string>* texts, const ResultCache* cache, std::atomic<size_t>* progress)
      : paths_(paths), rule_sets_(rule_sets), jobs_(jobs), texts_(texts), cache_(cache), progress_(progress),
        stats_(jobs), budget_(analysis_memory_budget.load()) {}

  // Both phases over the batch, then its results move into `result`.
  void batch(const std::vector<size_t>& files, RunResult& result) {
    InternedScope scope;  // before `work`: the summaries' texts outlive them by nothing
    std::vector<FileWork> work(files.size());
    // A file whose analysis throws gets a note and no findings; the run goes on.
    auto failed = [&](size_t k, unsigned t, const char* what) {
      stats_[t].notes.push_back(paths_[files[k]] + ": internal error while analysing (" + what + "); skipped");
      FileWork& w = work[k];
      w.readable = w.readable && w.summary_id != kNotIndexed;  // indexed files stay counted
      w.findings.clear();
      w.kept.reset();
    };
    parallel_for(files.size(), jobs_, [&](size_t k, unsigned t) { summarise(work[k], files[k], t); }, failed);

    // The join, per project: every file's summary, resolved and made transitive across files.
    auto t_index = Clock::now();
    std::map<std::string, py::ProjectIndex> indexes;
    std::vector<const py::ProjectIndex*> index_of(files.size(), nullptr);
    for (size_t k = 0; k < files.size(); ++k)
      if (work[k].readable) work[k].summary_id = indexes[py::project_root(paths_[files[k]])].add(std::move(work[k].summary));
    for (auto& [root, ix] : indexes) ix.complete();
    for (size_t k = 0; k < files.size(); ++k)
      if (work[k].readable) index_of[k] = &indexes[py::project_root(paths_[files[k]])];
    stats_[0].model += seconds_since(t_index);

    parallel_for(files.size(), jobs_, [&](size_t k, unsigned t) {
      struct Done {  // counts the file however this lambda returns
        std::atomic<size_t>* p;
        ~Done() { if (p) ++*p; }
      } done{progress_};
      if (work[k].readable) finish(work[k], files[k], *index_of[k], t);
    }, failed);

    for (size_t k = 0; k < files.size(); ++k) {
      FileWork& w = work[k];
      if (!w.readable) continue;
      ++result.summary.files;
      test_files_ += w.file ? py::is_test_file(paths_[files[k]], w.file->text) : py::is_test_file_path(paths_[files[k]]);
      result.summary.lines += w.lines;
      if (!w.syntax_error_at.empty()) result.summary.files_with_syntax_errors.push_back(w.syntax_error_at);
      for (auto& d : w.findings) result.findings.push_back(std::move(d));
      if (w.file) result.sources.push_back(std::move(w.file));
    }
  }

  // Timings, notes and the test-file note, once every batch has run.
  void totals(RunResult& result) const {
    for (auto& s : stats_) {
      result.timings.read_seconds += s.read;
      result.timings.parse_seconds += s.parse;
      result.timings.model_seconds += s.model;
      result.timings.rules_seconds += s.rules;
      result.timings.files_from_cache += s.from_cache;
      result.timings.files_analysed_again += s.analysed_again;
      result.summary.notes.insert(result.summary.notes.end(), s.notes.begin(), s.notes.end());
    }
    std::sort(result.summary.notes.begin(), result.summary.notes.end());
    // Visible, never silent: what test files get, and how to change it.
    if (test_files_ > 0)
      result.summary.notes.push_back(std::to_string(test_files_) + " test file" + (test_files_ == 1 ? "" : "s") +
                                     " (test_*.py, *_test.py, tests.py, conftest.py, tests/): training and evaluation "
                                     "contexts are off there; --include-tests analyses them as code");
  }

 private:
  // Phase 1: read; an unchanged file brings its summary from the cache; any other file is
  // parsed and summarised, then either kept for phase 2 (within the memory budget) or analysed
  // against an index of itself alone and its tree freed: beyond the budget, memory holds one
  // tree per worker, not one per file.
  void summarise(FileWork& w, size_t i, unsigned t) {
    auto t0 = Clock::now();
    FileRead read = read_text(paths_[i], texts_, i);
    stats_[t].read += seconds_since(t0);
    if (!read.ok()) {
      stats_[t].notes.push_back(paths_[i] + ": " + read.problem + "; skipped");
      return;
    }
    if (looks_binary(read.text)) {
      stats_[t].notes.push_back(paths_[i] + ": looks like a binary file; skipped");
      return;
    }
    w.readable = true;
    w.hash = content_hash(read.text);
    w.file = std::make_unique<SourceFile>(paths_[i], std::move(read.text));
    w.lines = w.file->lines.line_count();
    if (cache_) w.cached = cache_->load(paths_[i], w.hash);
    if (w.cached) {
      w.summary = w.cached->summary;
      w.syntax_error_offset = w.cached->syntax_error_offset;
    } else {
      py::ParsedFile pf = parse_and_model(w, stats_[t]);
      if (!pf.syntax_error_offsets.empty()) w.syntax_error_offset = pf.syntax_error_offsets.front();
      if (pf.model) {
        auto t2 = Clock::now();
        w.summary = pf.model->summary();
        stats_[t].model += seconds_since(t2);
      }
      size_t cost = pf.file->text.size() * kAnalysisBytesPerSourceByte;
      if (pf.model && budget_.take(cost)) {  // keep it: phase 2 analyses it once, with the project's facts
        w.kept_bytes = cost;
        w.kept = std::move(pf);
      } else if (pf.model) {  // analyse it now, alone; phase 2 confirms or analyses it again
        auto t2 = Clock::now();
        py::ProjectIndex alone;
        alone.add(w.summary);
        alone.complete();
        stats_[t].model += seconds_since(t2);
        analyse(w, std::move(pf), alone, *rule_sets_[i], stats_[t]);
        w.analysed_alone = true;
      } else {
        w.file = std::move(pf.file);
      }
    }
    const SourceFile& f = w.kept ? *w.kept->file : *w.file;
    if (w.syntax_error_offset) {
      Position p = f.lines.position(f.text, *w.syntax_error_offset);
      w.syntax_error_at = paths_[i] + ":" + std::to_string(p.line) + ":" + std::to_string(p.column);
    }
    bool needed = w.analysed_alone ? !w.findings.empty() : (w.cached && !w.cached->findings.empty());
    if (!needed && !w.kept) w.file.reset();  // phase 2 reads it again if it must analyse it
  }

  // Phase 2: findings from the cache when the rules and the facts they depend on are
  // unchanged; phase 1's when the project answers its questions alike; otherwise the file is
  // analysed again against the project index.
  void finish(FileWork& w, size_t i, const py::ProjectIndex& index, unsigned t) {
    auto t0 = Clock::now();
    const py::FileSummary& summary = index.file(w.summary_id);
    // Whether the file counts as a test file changes its findings: part of the key.
    std::string key = cache_ ? cache_->rules_hash() : "";
    if (cache_ && py::is_test_file_path(paths_[i])) key += ":test";
    if (w.cached && w.cached->results_key == key && index.answers_alike(w.cached->queries, summary.module)) {
      w.findings = std::move(w.cached->findings);
      for (auto& d : w.findings) resolve_positions(*w.file, d);
      stats_[t].rules += seconds_since(t0);
      ++stats_[t].from_cache;
      return;
    }
    bool alike = w.analysed_alone && index.answers_alike(w.queries, summary.module);
    stats_[t].rules += seconds_since(t0);
    if (w.kept) {
      analyse(w, std::move(*w.kept), index, *rule_sets_[i], stats_[t]);
      w.kept.reset();
      budget_.give_back(w.kept_bytes);
    } else if (!alike) {
      if (!w.file) {
        FileRead again = read_text(paths_[i], texts_, i);
        if (!again.ok() || content_hash(again.text) != w.hash) {
          stats_[t].notes.push_back(paths_[i] + ": changed or removed during the run; skipped");
          w.findings.clear();
          return;
        }
        w.file = std::make_unique<SourceFile>(paths_[i], std::move(again.text));
      }
      analyse(w, parse_and_model(w, stats_[t]), index, *rule_sets_[i], stats_[t]);
      ++stats_[t].analysed_again;
    }
    // Cut short, the findings are not the file's results: analysed again next time, noted each time.
    stats_[t].notes.insert(stats_[t].notes.end(), w.cut_short.begin(), w.cut_short.end());
    if (cache_ && w.cut_short.empty())
      cache_->store(paths_[i], CacheEntry{w.hash, summary, key, w.queries, w.findings, w.syntax_error_offset});
    if (w.findings.empty()) w.file.reset();
  }

  const std::vector<std::string>& paths_;
  const std::vector<const py::RuleSet*>& rule_sets_;
  unsigned jobs_;
  const std::vector<std::string>* texts_;
  const ResultCache* cache_;
  std::atomic<size_t>* progress_;
  std::vector<ThreadStats> stats_;
  MemoryBudget budget_;
  size_t test_files_ = 0;
};

}  // namespace

RunResult run_analysis(const std::vector<std::string>& paths, const std::vector<const py::RuleSet*>& rule_sets,
                       unsigned jobs, const std::vector<std::string>* texts, const ResultCache* cache,
                       std::atomic<size_t>* progress) {
  auto start = Clock::now();
  jobs = std::max(1u, std::min<unsigned>(jobs, static_cast<unsigned>(std::max<size_t>(1, paths.size()))));
  RunResult result;
  Run run(paths, rule_sets, jobs, texts, cache, progress);
  for (const std::vector<size_t>& files : project_batches(paths)) run.batch(files, result);
  run.totals(result);
  std::sort(result.findings.begin(), result.findings.end(), diagnostic_less);
  result.timings.wall_seconds = seconds_since(start);
  return result;
}

}  // namespace torchlint
