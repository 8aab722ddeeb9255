// torchlint command line: check, review, rule, rules, parse, install-hook, completion.

#include <CLI/CLI.hpp>

#include <filesystem>
#include <iostream>
#include <sstream>

#include "cli/check_command.h"
#include "cli/completion.h"
#include "cli/config.h"
#include "cli/git_diff.h"
#include "cli/info_commands.h"
#include "cli/install_hook.h"
#include "cli/schemas.h"
#include "core/version.h"
#include "lsp/server.h"
#include "python/rule_compiler.h"
#include "rulepack/loader.h"

namespace torchlint {
namespace {

// A list option in ruff's grammar: one value per flag, comma-separated, repeatable
// (`--select TL1,TL301 --select TL000`), so it never swallows the paths after it. The commas
// are split after parsing (CLI11 counts split values against `expected(1)`).
std::vector<std::vector<std::string>*> comma_lists;

CLI::Option* list_option(CLI::App* cmd, const std::string& name, std::vector<std::string>& into, const std::string& help) {
  comma_lists.push_back(&into);
  return cmd->add_option(name, into, help)->expected(1)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

// One value per flag, repeatable, no comma splitting (paths and `KEY = VALUE` may hold commas).
CLI::Option* repeatable_option(CLI::App* cmd, const std::string& name, std::vector<std::string>& into, const std::string& help) {
  return cmd->add_option(name, into, help)->expected(1)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

void split_comma_lists() {
  for (auto* list : comma_lists) {
    std::vector<std::string> out;
    for (const auto& v : *list) {
      for (size_t b = 0; b <= v.size();) {
        size_t e = std::min(v.find(',', b), v.size());
        if (e > b) out.push_back(v.substr(b, e - b));
        b = e + 1;
      }
    }
    *list = std::move(out);
  }
}

// What selects rules and configures the analysis: shared by `check` and `review`.
void register_selection_options(CLI::App* cmd, CheckOptions& o) {
  list_option(cmd, "--select", o.select, "Only these rules: code (TL101), prefix (TL1) or name; replaces the configured selection");
  list_option(cmd, "--extend-select", o.extend_select, "Add these rules to the selection");
  list_option(cmd, "--ignore", o.ignore, "Skip these rules: code, prefix or name");
  list_option(cmd, "--extend-ignore", o.extend_ignore, "Skip these rules as well as the configured ones");
  repeatable_option(cmd, "--per-file-ignores", o.per_file_ignores, "GLOB:CODES, e.g. 'scripts/*.py:TL201' (repeatable)");
  repeatable_option(cmd, "--rules", o.rule_packs, "An extra rule pack file or directory (repeatable)");
  repeatable_option(cmd, "--config", o.config,
                    "A .torchlint.yaml or pyproject.toml used for every file, or a `KEY = VALUE` override (TOML, repeatable)");
  cmd->add_flag("--include-tests", o.include_tests, "Analyse test files (tests/, test_*.py) like other code");
  cmd->add_option("-j,--jobs", o.jobs, "Threads (default: all cores)");
  cmd->add_option("--memory-budget", o.memory_budget_mb,
                  "MB of syntax trees kept between the analysis phases (default 64); beyond it, memory stays "
                  "bounded and files whose results depend on other files are parsed again");
  cmd->add_option("--cache-dir", o.cache_dir, "Where results are cached (default: $TORCHLINT_CACHE_DIR, else .torchlint_cache at the project root)");
  cmd->add_flag("--no-cache", o.no_cache, "Neither read nor write the cache");
  cmd->add_option("--baseline", o.baseline, "Report only findings not recorded in this baseline file");
  cmd->add_flag("--force-exclude", o.force_exclude, "Apply `exclude` to files named on the command line too (pre-commit)");
}

void register_check_options(CLI::App* cmd, CheckOptions& o) {
  cmd->add_option("paths", o.paths, "Files or directories (default: .); `-` reads stdin");
  register_selection_options(cmd, o);
  cmd->add_option("--format,--output-format", o.format, "Output format")
      ->check(CLI::IsMember({"text", "json", "sarif", "github", "gitlab", "rdjson", "review"}));
  cmd->add_option("--color", o.color, "Colour text output (auto: NO_COLOR, FORCE_COLOR, TERM and the terminal decide)")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  cmd->add_option("-e,--pattern", o.pattern, "Try a pattern (`torch.cuda.synchronize()`, `$X.item()`): only its matches are reported");
  cmd->add_option("--stdin-filename", o.stdin_filename, "The path of the code read from stdin (configuration, per-file rules)");
  cmd->add_flag("--fix", o.fix, "Apply safe fixes (files are rewritten atomically)");
  cmd->add_flag("--unsafe-fixes", o.unsafe_fixes, "With --fix or --diff: also apply unsafe fixes");
  cmd->add_flag("--diff", o.diff, "Print the fixes as a unified diff instead of writing them");
  cmd->add_flag("--show-fixes", o.show_fixes, "With --fix: list the fixes applied, per file and rule");
  cmd->add_flag("--show-files", o.show_files, "List the files that would be checked, and exit");
  cmd->add_flag("--show-settings", o.show_settings, "Print the settings in effect for the first file, and exit");
  cmd->add_flag("-q,--quiet", o.quiet, "Only the findings: no summary, notes or fix report");
  cmd->add_flag("--exit-zero", o.exit_zero, "Exit 0 even when there are findings");
  cmd->add_flag("--statistics", o.statistics, "Print the number of findings per rule instead of the findings");
  cmd->add_flag("--timings", o.timings, "Print files, lines, parse vs analysis time and throughput to stderr");
  cmd->add_flag("--no-source", o.no_source, "Text output without code frames");
  cmd->add_option("--diff-base", o.diff_base,
                  "Only findings on lines changed since the merge base of REF and HEAD (git diff REF...)");
  cmd->add_flag("--staged", o.staged, "Check the staged content; only findings on staged changes");
  cmd->add_option("--write-baseline", o.write_baseline, "Record today's findings in this file and exit 0");
}

// `explain TL101` / `chekc`: the nearest command instead of "a subcommand is required".
int unknown_command(const CLI::App& app, const std::string& word) {
  std::vector<std::string> names;
  for (const auto* sub : app.get_subcommands({})) names.push_back(sub->get_name());
  std::string guess = did_you_mean(word, names);
  std::cerr << "error: unknown command `" << word << "`" << (guess.empty() ? "" : "; did you mean `" + guess + "`?")
            << "\n       commands: ";
  for (size_t i = 0; i < names.size(); ++i) std::cerr << (i ? ", " : "") << names[i];
  std::cerr << "\n";
  return kExitError;
}

// Prints each line of a (possibly multi-line) error with the `error:` prefix.
int report_error(const std::string& what) {
  std::istringstream in(what);
  for (std::string line; std::getline(in, line);) std::cerr << "error: " << line << "\n";
  return kExitError;
}

}  // namespace
}  // namespace torchlint

int main(int argc, char** argv) {
  using namespace torchlint;
  CLI::App app{"torchlint: finds the PyTorch bugs that cost GPU memory, training time and correct results"};
  app.set_version_flag("--version", std::string("torchlint ") + version());
  app.require_subcommand(1);

  CheckOptions check;
  auto* check_cmd = app.add_subcommand("check", "Check Python files and directories (default: .)");
  register_check_options(check_cmd, check);
  bool stats_alias = false;  // the old name of --timings, kept working with a notice
  check_cmd->add_flag("--stats", stats_alias)->group("");

  CheckOptions review;
  auto* review_cmd = app.add_subcommand("review", "Print a GitHub pull-request review payload (JSON) for the changed lines");
  review_cmd->add_option("paths", review.paths, "Files or directories (default: .)");
  review_cmd->add_option("--github-event", review.github_event, "The pull_request event JSON ($GITHUB_EVENT_PATH)")->required();
  register_selection_options(review_cmd, review);

  std::string rule_code;
  bool all_docs = false;
  std::vector<std::string> doc_packs, doc_config;
  auto* rule_cmd = app.add_subcommand("rule", "Print a rule's documentation");
  rule_cmd->alias("explain");
  rule_cmd->add_option("code", rule_code, "Rule code (case-insensitive) or name");
  rule_cmd->add_flag("--all", all_docs, "Every rule's documentation");
  std::string rules_format = "text";
  auto* rules_cmd = app.add_subcommand("rules", "List all rules");
  rules_cmd->add_option("--format,--output-format", rules_format, "Output format")->check(CLI::IsMember({"text", "json"}));
  for (auto* cmd : {rule_cmd, rules_cmd}) {
    repeatable_option(cmd, "--rules", doc_packs, "An extra rule pack file or directory (repeatable)");
    repeatable_option(cmd, "--config", doc_config, "Configuration file or `KEY = VALUE` override (its extend-rules count)");
  }

  bool force_hook = false;
  auto* hook_cmd = app.add_subcommand("install-hook", "Install a git pre-commit hook that checks staged changes");
  hook_cmd->add_flag("--force", force_hook, "Replace an existing hook torchlint did not write");

  std::string parse_path;
  auto* parse_cmd = app.add_subcommand("parse", "Print a file's syntax tree (node kinds, fields, positions) for writing patterns");
  parse_cmd->add_option("file", parse_path, "Python file; `-` reads stdin")->required();

  std::string schema_of;
  auto* schema_cmd = app.add_subcommand("schema", "Print the JSON Schema of the configuration or of rule packs");
  schema_cmd->add_option("of", schema_of, "config or rules")->required()->check(CLI::IsMember({"config", "rules"}));

  auto* server_cmd = app.add_subcommand("server", "Run the language server (LSP over stdio) for editors");

  std::string shell;
  auto* completion_cmd = app.add_subcommand("completion", "Print a shell completion script (bash, zsh, fish)");
  completion_cmd->add_option("shell", shell, "bash, zsh or fish")->required()->check(CLI::IsMember({"bash", "zsh", "fish"}));

  if (argc > 1 && argv[1][0] != '-') {
    bool known = false;
    for (const auto* sub : app.get_subcommands({})) known = known || sub->check_name(argv[1]);
    if (!known) return unknown_command(app, argv[1]);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : kExitError;
  }
  split_comma_lists();
  try {
    if (*check_cmd) {
      if (stats_alias) {
        std::cerr << "warning: `--stats` is now `--timings` (`--statistics` counts findings per rule)\n";
        check.timings = true;
      }
      return run_check(check);
    }
    if (*review_cmd) return run_check(review);
    if (*rule_cmd) {
      if (rule_code.empty() == !all_docs) return report_error("`rule` takes a rule code or --all");
      return run_rule_docs(rule_code, all_docs, rule_packs_in_effect(doc_packs, doc_config));
    }
    if (*rules_cmd) return run_rules_list(rule_packs_in_effect(doc_packs, doc_config), rules_format);
    if (*parse_cmd) return run_parse(parse_path);
    if (*completion_cmd) return print_completion(std::cout, app, shell);
    if (*schema_cmd) {
      std::cout << (schema_of == "config" ? config_schema() : rule_pack_schema()).dump(2) << "\n";
      return kExitClean;
    }
    if (*server_cmd) return run_language_server(std::cin, std::cout);
    if (*hook_cmd) {
      std::error_code ec;
      std::string self = std::filesystem::read_symlink("/proc/self/exe", ec).string();
      return install_hook(ec ? std::string("torchlint") : self, force_hook, std::cout, std::cerr);
    }
  } catch (const RulePackError& e) {
    return report_error(e.what());
  } catch (const GitError& e) {
    return report_error(e.what());
  } catch (const ConfigError& e) {
    return report_error(e.what());
  } catch (const py::RuleCompileError& e) {
    return report_error(e.what());
  } catch (const std::exception& e) {  // a bug of torchlint: say so, never abort
    return report_error(std::string("internal error: ") + e.what() + " (please report it)");
  } catch (...) {
    return report_error("internal error (please report it)");
  }
  return kExitError;
}
