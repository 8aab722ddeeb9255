#include "cli/runner.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <mutex>
#include <iterator>
#include <optional>
#include <thread>

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
  std::vector<std::string> notes;
};
}  // namespace

RunResult run_analysis(const std::vector<std::string>& paths, const py::RuleSet& rules, unsigned jobs,
                       const std::vector<std::string>* texts) {
  return run_analysis(paths, std::vector<const py::RuleSet*>(paths.size(), &rules), jobs, texts);
}

RunResult run_analysis(const std::vector<std::string>& paths, const std::vector<const py::RuleSet*>& rule_sets,
                       unsigned jobs, const std::vector<std::string>* texts) {
  auto start = Clock::now();
  jobs = std::max(1u, std::min<unsigned>(jobs, static_cast<unsigned>(std::max<size_t>(1, paths.size()))));
  RunResult result;
  std::vector<std::optional<py::ParsedFile>> parsed(paths.size());
  std::vector<ThreadStats> stats(jobs);
  std::vector<py::ProjectIndex> indexes(jobs);

  parallel_for(paths.size(), jobs, [&](size_t i, unsigned t) {
    thread_local py::Parser parser;
    auto t0 = Clock::now();
    std::string text;
    if (texts) {
      text = (*texts)[i];
    } else {
      std::ifstream in(paths[i], std::ios::binary);
      if (!in) {
        stats[t].notes.push_back(paths[i] + ": cannot read the file; skipped");
        return;
      }
      text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    stats[t].read += seconds_since(t0);
    if (looks_binary(text)) {
      stats[t].notes.push_back(paths[i] + ": looks like a binary file; skipped");
      return;
    }
    auto t1 = Clock::now();
    auto file = std::make_unique<SourceFile>(paths[i], std::move(text));
    py::Tree tree = parser.parse(file->text);
    stats[t].parse += seconds_since(t1);
    auto t2 = Clock::now();
    py::ParsedFile pf = py::build_model(std::move(file), std::move(tree));
    if (pf.model) pf.model->contribute(indexes[t]);
    stats[t].model += seconds_since(t2);
    parsed[i] = std::move(pf);
  });

  py::ProjectIndex index;
  for (auto& ix : indexes) {
    index.called_outside_no_grad.merge(ix.called_outside_no_grad);
    index.called_under_no_grad.merge(ix.called_under_no_grad);
    index.called_after_eval_mode.merge(ix.called_after_eval_mode);
  }

  std::vector<std::vector<Diagnostic>> per_file(paths.size());
  parallel_for(paths.size(), jobs, [&](size_t i, unsigned t) {
    if (!parsed[i] || !parsed[i]->model) return;
    auto t0 = Clock::now();
    parsed[i]->model->complete(index);
    const py::RuleSet& rules = *rule_sets[i];
    per_file[i] = py::run_rules(rules, *parsed[i]);
    const py::ParsedFile& pf = *parsed[i];
    std::vector<Comment> comments;
    for (auto [b, e] : pf.model->comments()) comments.push_back({{b, e}});
    std::vector<Suppression> suppressions = parse_suppressions(*pf.file, comments);
    apply_suppressions(per_file[i], suppressions);
    if (const RuleSpec* r = rules.unused_suppression_rule()) {
      for (auto& d : unused_suppressions(*pf.file, suppressions, r->id, r->name, r->severity))
        per_file[i].push_back(std::move(d));
    }
    stats[t].rules += seconds_since(t0);
  });

  for (size_t i = 0; i < paths.size(); ++i) {
    if (!parsed[i]) continue;
    py::ParsedFile& pf = *parsed[i];
    ++result.summary.files;
    result.summary.lines += pf.file->lines.line_count();
    if (!pf.syntax_error_offsets.empty()) {
      Position p = pf.file->lines.position(pf.file->text, pf.syntax_error_offsets.front());
      result.summary.files_with_syntax_errors.push_back(pf.file->path + ":" + std::to_string(p.line) + ":" +
                                                        std::to_string(p.column));
    }
    for (auto& d : per_file[i]) result.findings.push_back(std::move(d));
    result.files.push_back(std::move(pf));
  }
  for (auto& s : stats) {
    result.timings.read_seconds += s.read;
    result.timings.parse_seconds += s.parse;
    result.timings.model_seconds += s.model;
    result.timings.rules_seconds += s.rules;
    result.summary.notes.insert(result.summary.notes.end(), s.notes.begin(), s.notes.end());
  }
  std::sort(result.summary.notes.begin(), result.summary.notes.end());
  std::sort(result.findings.begin(), result.findings.end(), diagnostic_less);
  result.timings.wall_seconds = seconds_since(start);
  return result;
}

}  // namespace torchlint
