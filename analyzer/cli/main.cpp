// torchlint command line: check, rule, rules, parse.

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <iostream>
#include <filesystem>
#include <fstream>

#include "cli/builtin_rules.h"
#include "cli/check_command.h"
#include "cli/config.h"
#include "cli/discover.h"
#include "cli/git_diff.h"
#include "cli/install_hook.h"
#include "python/engine.h"
#include "report/rule_docs.h"
#include "rulepack/loader.h"

#ifndef TORCHLINT_VERSION
#define TORCHLINT_VERSION "0.0.0"
#endif

namespace torchlint {
namespace {

int run_rule_docs(const std::string& code, const std::vector<std::string>& packs) {
  for (const auto& r : all_rules(packs)) {
    if (r.id == code || r.name == code) {
      std::cout << rule_docs_markdown(r);
      return kExitClean;
    }
  }
  std::vector<std::string> known;
  for (const auto& r : all_rules(packs)) known.push_back(r.id);
  std::string guess = did_you_mean(code, known);
  std::cerr << "error: no rule `" << code << "`" << (guess.empty() ? "" : "; did you mean `" + guess + "`?") << "\n";
  return kExitError;
}

int run_rules_list(const std::vector<std::string>& packs) {
  for (const auto& r : all_rules(packs)) {
    std::cout << fmt::format("{:<7} {:<32} {:<8} {:<12} {}\n", r.id, r.name, to_string(r.severity), r.family,
                             r.fix ? "fix: " + std::string(to_string(r.fix->applicability)) : "");
  }
  return kExitClean;
}

int run_parse(const std::string& path) {
  std::vector<std::string> paths = {path};
  Discovery found = discover_python_files(paths);
  if (!found.errors.empty() || found.files.empty()) {
    std::cerr << "error: " << (found.errors.empty() ? path + ": no Python file" : found.errors.front()) << "\n";
    return kExitError;
  }
  std::ifstream in(found.files.front(), std::ios::binary);
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  py::Parser parser;
  py::Tree tree = parser.parse(text);
  char* sexp = ts_node_string(tree.root());
  std::cout << sexp << "\n";
  free(sexp);
  return kExitClean;
}

// The options of `check`, shared by `review`.
void register_check_options(CLI::App* cmd, CheckOptions& o) {
  cmd->add_option("paths", o.paths, "Files or directories");
  cmd->add_option("--format", o.format, "Output format")->check(CLI::IsMember({"text", "json", "sarif", "github", "gitlab", "rdjson", "review"}));
  cmd->add_option("--color", o.color, "Colour text output")->check(CLI::IsMember({"auto", "always", "never"}));
  cmd->add_option("--select", o.select, "Only these rules: code (TL101), prefix (TL1) or name")->delimiter(',');
  cmd->add_option("--ignore", o.ignore, "Skip these rules: code, prefix or name")->delimiter(',');
  cmd->add_option("--rules", o.rule_packs, "Extra rule pack file or directory (repeatable)");
  cmd->add_flag("--stats", o.stats, "Print files, lines and parse vs analysis time to stderr");
  cmd->add_flag("--no-source", o.no_source, "Text output without code frames");
  cmd->add_option("-j,--jobs", o.jobs, "Threads (default: all cores)");
  cmd->add_flag("--fix", o.fix, "Apply safe fixes (files are rewritten atomically)");
  cmd->add_flag("--unsafe-fixes", o.unsafe_fixes, "With --fix or --diff: also apply unsafe fixes");
  cmd->add_flag("--diff", o.diff, "Print the fixes as a unified diff instead of writing them");
  cmd->add_flag("-q,--quiet", o.quiet, "Only the findings: no summary, notes or fix report");
  cmd->add_flag("--exit-zero", o.exit_zero, "Exit 0 even when there are findings");
  cmd->add_flag("--statistics", o.statistics, "Print the number of findings per rule");
  cmd->add_option("--diff-base", o.diff_base,
                         "Only findings on lines changed since the merge base of REF and HEAD (git diff REF...)");
  cmd->add_flag("--staged", o.staged, "Check the staged content; only findings on staged changes");
  cmd->add_option("--cache-dir", o.cache_dir, "Where results are cached (default: .torchlint_cache)");
  cmd->add_flag("--no-cache", o.no_cache, "Neither read nor write the cache");
  cmd->add_flag("--include-tests", o.include_tests, "Analyse test files (tests/, test_*.py) like other code");
  cmd->add_option("--config", o.config, "Use this .torchlint.yaml or pyproject.toml for every file");
  cmd->add_option("--baseline", o.baseline, "Report only findings not recorded in this baseline file");
  cmd->add_option("--write-baseline", o.write_baseline, "Record today's findings in this file and exit 0");

}

}  // namespace
}  // namespace torchlint

int main(int argc, char** argv) {
  using namespace torchlint;
  CLI::App app{"torchlint: finds the PyTorch bugs that cost GPU memory, training time and correct results"};
  app.set_version_flag("--version", std::string("torchlint ") + TORCHLINT_VERSION);
  app.require_subcommand(1);

  CheckOptions check;
  auto* check_cmd = app.add_subcommand("check", "Check Python files and directories (default: .)");
  register_check_options(check_cmd, check);

  std::string rule_code;
  std::vector<std::string> doc_packs;
  auto* rule_cmd = app.add_subcommand("rule", "Print a rule's documentation");
  rule_cmd->add_option("code", rule_code, "Rule code or name")->required();
  rule_cmd->add_option("--rules", doc_packs, "Extra rule pack file or directory");
  auto* rules_cmd = app.add_subcommand("rules", "List all rules");
  rules_cmd->add_option("--rules", doc_packs, "Extra rule pack file or directory");
  bool force_hook = false;
  auto* hook_cmd = app.add_subcommand("install-hook", "Install a git pre-commit hook that checks staged changes");
  hook_cmd->add_flag("--force", force_hook, "Replace an existing hook torchlint did not write");
  CheckOptions review;
  auto* review_cmd = app.add_subcommand("review", "Print a GitHub pull-request review payload for the changed lines");
  review_cmd->add_option("--github-event", review.github_event, "The pull_request event JSON ($GITHUB_EVENT_PATH)")->required();
  register_check_options(review_cmd, review);
  std::string parse_path;
  auto* parse_cmd = app.add_subcommand("parse", "Print a file's syntax tree (node kinds for writing patterns)");
  parse_cmd->add_option("file", parse_path, "Python file")->required();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : kExitError;
  }
  try {
    if (*check_cmd) return run_check(check);
    if (*review_cmd) return run_check(review);
    if (*rule_cmd) return run_rule_docs(rule_code, doc_packs);
    if (*rules_cmd) return run_rules_list(doc_packs);
    if (*parse_cmd) return run_parse(parse_path);
    if (*hook_cmd) {
      std::error_code ec;
      std::string self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
      return install_hook(ec ? std::string("torchlint") : self, force_hook, std::cout, std::cerr);
    }
  } catch (const RulePackError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitError;
  } catch (const GitError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitError;
  } catch (const ConfigError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitError;
  } catch (const py::RuleCompileError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kExitError;
  }
  return kExitError;
}
