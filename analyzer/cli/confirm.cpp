#include "cli/confirm.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/check_command.h"
#include "cli/config.h"
#include "cli/confirm_loop.h"
#include "cli/discover.h"
#include "cli/runner.h"
#include "gpu_harness/confirm.h"
#include "gpu_harness/probe.h"
#include "gpu_harness/sandbox.h"
#include "python/loop_site.h"
#include "python/engine.h"
#include "report/report.h"

namespace torchlint {
namespace fs = std::filesystem;

namespace {

// Applies non-overlapping edits (byte ranges of `text`); false when two overlap.
bool apply_edits(std::string& text, std::vector<Edit> edits) {
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.range.start > b.range.start; });
  uint32_t limit = static_cast<uint32_t>(text.size());
  for (const auto& e : edits) {
    if (e.range.end > limit || e.range.start > e.range.end) return false;
    text.replace(e.range.start, e.range.end - e.range.start, e.replacement);
    limit = e.range.start;
  }
  return true;
}

}  // namespace

fs::path project_root(const fs::path& file) {
  for (fs::path dir = file.parent_path(); !dir.empty(); dir = dir.parent_path()) {
    for (const char* marker : {".git", "pyproject.toml", "setup.py", "setup.cfg", ".torchlint.yaml"})
      if (fs::exists(dir / marker)) return dir;
    if (dir == dir.root_path()) break;
  }
  return file.parent_path();
}

namespace {

bool imports_module(const std::string& text, const std::string& module) {
  for (const std::string& form : {"import " + module, "from " + module + " import", "from ." + module + " import"}) {
    for (size_t at = text.find(form); at != std::string::npos; at = text.find(form, at + 1)) {
      size_t end = at + form.size();
      bool word_end = end >= text.size() || !(std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_');
      bool line_start = at == 0 || text[at - 1] == '\n' || text[at - 1] == ' ';
      if (word_end && line_start) return true;
    }
  }
  return false;
}

// The script to run: --run, else the file when it runs as a script, else the one script in the
// project that imports it. "" and `why` when there is no single answer.
std::string entry_script(const fs::path& root, const fs::path& file, const std::string& text, const ConfirmOptions& o,
                         bool loop_at_module_level, std::string& why) {
  if (!o.run_script.empty()) {
    fs::path run = fs::absolute(o.run_script);
    if (!fs::exists(run)) {
      why = "--run " + o.run_script + ": no such file";
      return "";
    }
    return fs::relative(run, root).string();
  }
  // A guarded script, or one whose measured loop is module-level code: running the file runs it.
  if (loop_at_module_level || py::has_main_guard(text)) return fs::relative(file, root).string();
  std::vector<std::string> importers;
  std::string module = file.stem().string();
  for (const auto& path : discover_source_files({root.string()}).files) {
    if (fs::absolute(path).lexically_normal() == file) continue;
    std::string other = harness::read_file(path);
    // The text first: parsing every file of a project for a guard it cannot have is waste.
    if (other.find("__main__") == std::string::npos || !imports_module(other, module)) continue;
    if (py::has_main_guard(other)) importers.push_back(fs::relative(path, root).string());
  }
  if (importers.size() == 1) return importers.front();
  std::sort(importers.begin(), importers.end());
  if (importers.empty()) why = file.filename().string() + " does not run as a script and no script imports it; name the program with --run SCRIPT";
  else why = fmt::format("{} scripts import {} ({}); name the program with --run SCRIPT", importers.size(), file.filename().string(),
                         fmt::join(importers, ", "));
  return "";
}

const std::string& python_for(const ConfirmOptions& o, std::string& why) {
  static std::map<std::string, std::pair<std::string, std::string>> found;  // explicit -> (python, why)
  auto it = found.find(o.python);
  if (it == found.end()) {
    std::string version, reason;
    std::string python = harness::find_python(o.python, version, reason);
    // The program runs in the copy: a relative interpreter path names the one found from here.
    if (python.find('/') != std::string::npos) python = fs::absolute(python).lexically_normal().string();
    it = found.emplace(o.python, std::make_pair(python, reason)).first;
  }
  why = it->second.second;
  return it->second.first;
}

harness::RunSettings settings_for(const ConfirmOptions& o, const std::string& python, const ConfirmSpec& spec) {
  harness::RunSettings s;
  s.python = python;
  s.args = o.args;
  s.steps = o.steps;
  s.warmup = o.warmup;
  s.repeats = o.repeats;
  s.timeout_seconds = o.timeout_seconds;
  s.device = o.device;
  if (o.device != "cpu") s.cupti_library = harness::installed_cupti_library();
  s.needs_gpu = spec.needs_gpu;
  return s;
}

Confirmation failed(Verdict v, const std::string& experiment, std::string why) {
  Confirmation c;
  c.verdict = v;
  c.experiment = experiment;
  c.why = std::move(why);
  return c;
}

// Why a rule's findings cannot be confirmed (its `confirm: {none: ...}`, or nothing said).
std::string unmeasured_why(const RuleSpec& spec) {
  if (!spec.unmeasured.empty()) return "no experiment shows this rule's cost: " + spec.unmeasured;
  return "the rule names no experiment (`confirm:` in its rule), so it cannot be confirmed by running it";
}

std::string no_twin_why(const std::string& rule_id) {
  return fmt::format("no twin on user code: the rule's fix is not an edit that can be applied, so only its docs example pair can be "
                     "measured: run `torchlint confirm --rule {} --example`",
                     rule_id);
}

// How the fixed twin differs from the program: edits to the file, or a probe variant.
bool fixed_twin(const Diagnostic& d, const ConfirmSpec& spec, std::vector<Edit>& edits, std::string& variant, std::string& why) {
  if (spec.rewrite) {
    if (!d.confirm_edit || d.confirm_edit->edits.empty()) {
      why = "the rule's `fixed-by` edit does not apply to this match";
      return false;
    }
    edits = d.confirm_edit->edits;
    return true;
  }
  if (!spec.fixed_by.empty()) {
    variant = spec.fixed_by;
    return true;
  }
  if (d.fix && !d.fix->edits.empty()) {
    edits = d.fix->edits;
    return true;
  }
  why = no_twin_why(d.rule_id);
  return false;
}

// `refutation`: the twin is the program without the line's statement (or the rule's probe variant).
Confirmation confirm_one(const Diagnostic& d, const SourceFile& src, const ConfirmSpec& spec, const ConfirmOptions& o,
                         std::ostream& log, const std::optional<Edit>& refutation = std::nullopt) {
  const harness::Experiment* e = harness::find_experiment(spec.experiment);
  if (!e) return failed(Verdict::Error, spec.experiment, "unknown experiment `" + spec.experiment + "`");
  std::vector<Edit> fix_edits;
  std::string variant, why;
  if (refutation && !spec.fixed_by.empty() && !spec.rewrite) variant = spec.fixed_by;
  else if (refutation) fix_edits = {*refutation};
  else if (!fixed_twin(d, spec, fix_edits, variant, why)) return failed(Verdict::Inconclusive, e->name, why);
  auto loop = measured_loop(src.text, d, spec.loop_after, o.loop_line, why);
  if (!loop) return failed(Verdict::Inconclusive, e->name, why);
  if (loop->is_async) return failed(Verdict::Inconclusive, e->name, "`async for` loops are not instrumented");

  fs::path file = fs::absolute(d.path).lexically_normal();
  fs::path root = project_root(file);
  std::string script = entry_script(root, file, src.text, o, loop->at_module_level, why);
  if (script.empty()) return failed(Verdict::Inconclusive, e->name, why);
  const std::string& python = python_for(o, why);
  if (python.empty()) return failed(Verdict::Error, e->name, why);

  std::string site = fmt::format("{}:{}", fs::relative(file, root).string(), loop->line);
  Edit probe = py::probe_edit(src.text, *loop, site);
  std::string bad_text = src.text, fixed_text = src.text;
  std::vector<Edit> fixed_edits = fix_edits;
  fixed_edits.push_back(probe);
  if (!apply_edits(bad_text, {probe}) || !apply_edits(fixed_text, fixed_edits))
    return failed(Verdict::Error, e->name, "the fix overlaps the loop head; cannot build the fixed twin");

  harness::TempDir tmp;
  // The program runs where the user is (paths in its arguments are relative to it) when that is
  // inside the project, else at the project root.
  std::error_code ec;
  fs::path here = fs::current_path(ec);
  std::string cwd = fs::relative(here, root, ec).string();
  if (ec || cwd.starts_with("..")) cwd = "";
  if (cwd == ".") cwd = "";
  harness::Variant bad{tmp.path() / "program", script, cwd, ""}, fixed{tmp.path() / "fixed", script, cwd, variant};
  for (const auto* v : {&bad, &fixed}) {
    harness::CopyReport copied = harness::copy_project(root, v->workdir);
    harness::write_file(v->workdir / fs::relative(file, root), v == &bad ? bad_text : fixed_text);
    if (v == &bad && !copied.left_out.empty())
      log << fmt::format("note: {} left out of the temporary copy of {} (over its size limits): {}\n",
                         copied.left_out.size() == 1 ? "1 file" : fmt::format("{} files", copied.left_out.size()), root.string(),
                         fmt::join(copied.left_out.begin(), copied.left_out.begin() + std::min<size_t>(copied.left_out.size(), 5), ", "));
  }
  return harness::confirm_pair(*e, bad, fixed, settings_for(o, python, spec), site);
}

}  // namespace

namespace {

// Experiments whose cost a line adds to the loop: without the line, it is gone. A weight update
// or an exception is not a cost the line adds; its twin needs the rule's own fix.
bool cost_added_by_line(const std::string& experiment) {
  for (const char* e : {"memory-growth", "sync-count", "grad-memory", "call-count", "step-growth", "copy-count", "peak-memory"})
    if (experiment == e) return true;
  return false;
}

// The code on `line` (without its indentation), or nullopt when the file is shorter.
std::optional<ByteRange> line_code(const std::string& t, uint32_t line) {
  size_t start = 0;
  for (uint32_t l = 1; l < line; ++l) {
    size_t nl = t.find('\n', start);
    if (nl == std::string::npos) return std::nullopt;
    start = nl + 1;
  }
  size_t end = std::min(t.find('\n', start), t.size());
  size_t code = std::min(t.find_first_not_of(" \t", start), end);
  return ByteRange{static_cast<uint32_t>(code), static_cast<uint32_t>(end)};
}

// The statement on `line` replaced by `pass` (same indentation): one whole statement, or why not.
std::optional<Edit> statement_removed(const SourceFile& src, uint32_t line, std::string& why) {
  std::optional<ByteRange> at = line_code(src.text, line);
  if (!at) {
    why = fmt::format("the file has no line {}", line);
    return std::nullopt;
  }
  std::string body = src.text.substr(at->start, at->end - at->start);
  int depth = 0;
  for (char ch : body) depth += ch == '(' || ch == '[' || ch == '{' ? 1 : ch == ')' || ch == ']' || ch == '}' ? -1 : 0;
  if (body.empty() || body.starts_with("#") || body.ends_with(":") || body.ends_with("\\") || depth != 0 ||
      body.find(';') != std::string::npos) {
    why = fmt::format("line {} is not one whole statement on one line; a refutation run measures the program with and without one", line);
    return std::nullopt;
  }
  Edit e;
  e.range = *at;
  e.replacement = "pass";
  return e;
}

}  // namespace

Diagnostic refutation_run(const RuleSpec& spec, const SourceFile& src, uint32_t line, const ConfirmOptions& o, std::ostream& log) {
  Diagnostic d;
  d.rule_id = spec.id;
  d.rule_name = spec.name;
  d.severity = spec.severity;
  d.path = src.path;
  std::string why;
  std::optional<Edit> removed = statement_removed(src, line, why);
  d.range = line_code(src.text, line).value_or(ByteRange{0, 0});
  d.message = fmt::format("refutation run: {} raises no finding on this line; measured with and without {}", spec.id,
                          spec.confirm && !spec.confirm->fixed_by.empty() && !spec.confirm->rewrite
                              ? "the rule's `" + spec.confirm->fixed_by + "` twin"
                              : fmt::format("the statement on line {}", line));
  auto label = [&](Confirmation c) {
    c.why = "refutation run (no finding on this line): " + c.why;
    c.summary = confirmation_line(d.rule_id, c);
    return c;
  };
  if (!spec.confirm) {
    d.confirmation = label(failed(Verdict::Inconclusive, "", unmeasured_why(spec)));
  } else if (spec.confirm->fixed_by.empty() && !cost_added_by_line(spec.confirm->experiment)) {
    d.confirmation = label(failed(Verdict::Error, spec.confirm->experiment,
                                  fmt::format("{} measures {}: its twin is the rule's own fix, which needs a finding; without one, "
                                              "run `torchlint confirm --rule {} --example`",
                                              spec.id, spec.confirm->experiment, spec.id)));
  } else if (!removed && (spec.confirm->fixed_by.empty() || spec.confirm->rewrite)) {
    d.confirmation = label(failed(Verdict::Error, spec.confirm->experiment, why));
  } else {
    log << fmt::format("refutation run of {} at {}:{} ({} runs of the program and of its twin)...\n", spec.id, src.path, line,
                       std::max(1, o.repeats));
    try {
      d.confirmation = label(confirm_one(d, src, *spec.confirm, o, log, removed));
    } catch (const std::exception& ex) {
      d.confirmation = label(failed(Verdict::Error, spec.confirm->experiment, ex.what()));
    }
  }
  return d;
}

std::string confirmability(const RuleSpec& spec) {
  if (!spec.confirm) return "no";
  bool edit_fix = spec.fix && spec.fix->applicability != Applicability::DisplayOnly;
  return spec.confirm->rewrite || !spec.confirm->fixed_by.empty() || edit_fix ? "code" : "example";
}

std::string confirmation_tally(const std::vector<Diagnostic>& findings) {
  std::map<std::string, std::map<Verdict, size_t>> by_rule;
  for (const auto& d : findings)
    if (d.confirmation) ++by_rule[d.rule_id][d.confirmation->verdict];
  if (by_rule.empty()) return "";
  std::map<Verdict, size_t> total;
  std::string rows;
  for (const auto& [rule, counts] : by_rule) {
    std::vector<std::string> parts;
    for (Verdict v : {Verdict::Confirmed, Verdict::NotConfirmed, Verdict::Inconclusive, Verdict::Error})
      if (auto it = counts.find(v); it != counts.end()) {
        parts.push_back(fmt::format("{} {}", it->second, to_string(v)));
        total[v] += it->second;
      }
    rows += fmt::format("  {:<7} {}\n", rule, fmt::join(parts, ", "));
  }
  return fmt::format("Confirmation: {} confirmed, {} not confirmed, {} inconclusive{}\n", total[Verdict::Confirmed],
                     total[Verdict::NotConfirmed], total[Verdict::Inconclusive],
                     total[Verdict::Error] ? fmt::format(", {} error(s)", total[Verdict::Error]) : "") +
         rows;
}

std::string confirmation_line(const std::string& rule_id, const Confirmation& c) {
  std::string line = fmt::format("{} {}: {}", rule_id, to_string(c.verdict), c.why);
  if (c.verdict == Verdict::Confirmed || c.verdict == Verdict::NotConfirmed || (c.n > 0 && !c.device.empty()))
    line += fmt::format(" (n={} steps over {} run{}, {}, torch {})", c.n, c.repeats, c.repeats == 1 ? "" : "s", c.device, c.torch_version);
  if (!c.sandbox.empty()) line += " [sandbox: " + c.sandbox + "]";
  return line;
}

void confirm_findings(std::vector<Diagnostic>& findings, const std::map<std::string, const SourceFile*>& sources,
                      const std::map<std::string, const RuleSpec*>& specs, const ConfirmOptions& o, std::ostream& log) {
  for (auto& d : findings) {
    auto spec = specs.find(d.rule_id);
    if (spec == specs.end()) continue;
    if (!spec->second->confirm) {  // said, not left out: `torchlint confirm` exits 0 only on a shown cost
      d.confirmation = failed(Verdict::Inconclusive, "", unmeasured_why(*spec->second));
      d.confirmation->summary = confirmation_line(d.rule_id, *d.confirmation);
      continue;
    }
    auto src = sources.find(d.path);
    if (src == sources.end()) continue;
    log << fmt::format("confirming {} at {}:{} ({} runs of the program and of its fixed twin)...\n", d.rule_id, d.path, d.start.line,
                       std::max(1, o.repeats));
    try {
      d.confirmation = confirm_one(d, *src->second, *spec->second->confirm, o, log);
    } catch (const std::exception& ex) {
      d.confirmation = failed(Verdict::Error, spec->second->confirm->experiment, ex.what());
    }
    d.confirmation->summary = confirmation_line(d.rule_id, *d.confirmation);
  }
}

namespace {

// The loop to measure in an example pair, and the same loop in the fixed example: the finding's
// loop or, where the fix removes that loop (per-sample calls become one call on the batch), the
// nearest loop around it that the fixed example keeps.
std::optional<std::pair<py::LoopSite, py::LoopSite>> example_loops(const std::string& bad, const std::string& fixed,
                                                                     const Diagnostic& d, bool loop_after) {
  auto loop = py::find_loop_site(bad, d.range, d.region, loop_after);
  if (!loop) return std::nullopt;
  if (auto same = py::loop_by_ordinal(fixed, loop->ordinal)) return std::make_pair(*loop, *same);
  auto around = py::loops_around(bad, d.range);
  for (auto it = around.rbegin(); it != around.rend(); ++it)
    if (it->ordinal < loop->ordinal)
      if (auto same = py::loop_by_ordinal(fixed, it->ordinal)) return std::make_pair(*it, *same);
  return std::nullopt;
}

}  // namespace

int confirm_rule_example(const std::string& rule, const std::vector<std::string>& packs, const ConfirmOptions& o,
                         const std::string& format) {
  std::vector<RuleSpec> rules = all_rules(packs);
  auto it = std::find_if(rules.begin(), rules.end(), [&](const RuleSpec& r) { return selector_matches(rule, r) && r.id.size() == rule.size(); });
  if (it == rules.end())
    it = std::find_if(rules.begin(), rules.end(), [&](const RuleSpec& r) { return r.name == rule || r.id == rule; });
  if (it == rules.end()) throw ConfigError("no rule `" + rule + "`");
  const RuleSpec& spec = *it;
  if (!spec.confirm) throw ConfigError(spec.id + ": " + unmeasured_why(spec));
  if (spec.docs.example.empty() || spec.docs.use_instead.empty()) throw ConfigError(spec.id + " has no docs example pair to run");

  // example.py = the world, the rule's setup, the example, the call that runs it.
  auto program = [&](const std::string& body) {
    // The imports docs examples take for granted, visible to the analysis (a star import is not).
    std::string text = std::string("from ") + harness::kExampleWorldModule + " import *  # noqa: F403\n" +
                       "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n";
    if (!spec.confirm->setup.empty()) text += spec.confirm->setup + (spec.confirm->setup.ends_with("\n") ? "" : "\n");
    text += body + (body.ends_with("\n") ? "" : "\n");
    if (!spec.confirm->run.empty()) text += spec.confirm->run + "\n";
    return text;
  };
  std::string bad_text = program(spec.docs.example), fixed_text = program(spec.docs.use_instead);

  // The finding on the example says which loop to measure. The example is code wherever the
  // command runs (a folder named tests/ must not make it a test file).
  py::set_lint_test_files_as_code(true);
  std::vector<RuleSpec> one = {spec};
  py::RuleSet set(one);
  std::vector<std::string> texts = {bad_text};
  RunResult result = run_analysis({"example.py"}, set, 1, &texts);
  auto finding = std::find_if(result.findings.begin(), result.findings.end(), [&](const Diagnostic& d) { return d.rule_id == spec.id; });
  if (finding == result.findings.end()) throw ConfigError(spec.id + "'s docs example raises no finding; nothing to confirm");
  auto loops = example_loops(bad_text, fixed_text, *finding, spec.confirm->loop_after);
  Confirmation c;
  if (!loops) {
    c = failed(Verdict::Inconclusive, spec.confirm->experiment, "the example has no loop around the finding");
  } else {
    std::string why;
    const std::string& python = python_for(o, why);
    if (python.empty()) {
      c = failed(Verdict::Error, spec.confirm->experiment, why);
    } else {
      const auto& [loop, fixed_loop] = *loops;
      std::string site = fmt::format("example.py:{}", loop.line);
      apply_edits(bad_text, {py::probe_edit(bad_text, loop, site)});
      apply_edits(fixed_text, {py::probe_edit(fixed_text, fixed_loop, site)});
      harness::TempDir tmp;
      harness::Variant bad{tmp.path() / "program", "example.py", "", ""}, fixed{tmp.path() / "fixed", "example.py", "", ""};
      for (const auto* v : {&bad, &fixed}) {
        harness::write_file(v->workdir / "example.py", v == &bad ? bad_text : fixed_text);
        harness::write_file(v->workdir / (std::string(harness::kExampleWorldModule) + ".py"), std::string(harness::example_world_source()));
      }
      std::cerr << fmt::format("confirming {} on its docs example ({} runs of the example and of its fixed twin)...\n", spec.id,
                               std::max(1, o.repeats));
      c = harness::confirm_pair(*harness::find_experiment(spec.confirm->experiment), bad, fixed, settings_for(o, python, *spec.confirm), site);
    }
  }
  c.summary = confirmation_line(spec.id, c);
  if (format == "json") {
    std::cout << confirmation_json(c).dump(2) << "\n";
  } else {
    std::cout << c.summary << "\n";
    render_figures(std::cout, c, "  ");
  }
  return c.verdict == Verdict::Confirmed ? kExitClean : c.verdict == Verdict::Error ? kExitError : kExitFindings;
}

int run_calibrate() {
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  fs::path tool = self.parent_path() / "torchlint-calibrate";
  if (ec || !fs::exists(tool)) {
    std::cerr << "error: this torchlint was built without CUDA (no nvcc/CUPTI at build time); calibrate needs the CUDA build\n";
    return kExitError;
  }
  harness::TempDir home("torchlint-calibrate-");
  harness::ProcessSpec p;
  p.argv = {tool.string()};
  p.env = harness::scrubbed_environment(home.path());
  p.timeout_seconds = 120;
  p.isolate_network = false;
  harness::ProcessResult r = harness::run_process(p);
  auto j = nlohmann::json::parse(r.output_tail.substr(std::min(r.output_tail.size(), r.output_tail.find('{'))), nullptr, false);
  if (r.exit_status != 0 || j.is_discarded() || j.contains("error")) {
    // The CUDA call that failed, not the tool's raw JSON; no device is the usual cause.
    std::string why = !j.is_discarded() && j.contains("error") && j["error"].is_string() ? j["error"].get<std::string>()
                                                                                          : r.output_tail;
    std::cerr << "error: calibration failed: " << why << " (calibrate needs an NVIDIA GPU and its driver)\n";
    return kExitError;
  }
  std::cout << fmt::format("GPU: {} (CUDA runtime {}, driver {})\n", j.value("gpu", "?"), j.value("cuda_runtime", 0), j.value("cuda_driver", 0));
  std::cout << fmt::format("  kernel launch (host cost):      {:8.2f} µs\n", j.value("launch_us", 0.0));
  std::cout << fmt::format("  sync round trip:                {:8.2f} µs  → each host read per step costs at least this\n",
                           j.value("sync_round_trip_us", 0.0));
  std::cout << fmt::format("  host-to-device, pageable:       {:8.2f} GB/s\n", j.value("h2d_pageable_gbps", 0.0));
  std::cout << fmt::format("  host-to-device, pinned:         {:8.2f} GB/s\n", j.value("h2d_pinned_gbps", 0.0));
  return kExitClean;
}

}  // namespace torchlint
