// torchlint command line: check, review, rule, rules, parse, install-hook, completion.

#include <CLI/CLI.hpp>

#include <filesystem>
#include <iostream>
#include <sstream>

#include "cli/check_command.h"
#include "cli/review_command.h"
#include "cli/completion.h"
#include "cli/config.h"
#include "cli/git_diff.h"
#include "cli/info_commands.h"
#include "cli/install_hook.h"
#include "cli/schemas.h"
#include "cli/terminal.h"
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
  return cmd->add_option(name, into, help)->type_name(kRuleCodeValue)->expected(1)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
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
  list_option(cmd, "--select", o.select,
              "Only these rules: code (TL101), prefix (TL1), name or ALL (any case); replaces the configured selection");
  list_option(cmd, "--extend-select", o.extend_select, "Add these rules to the selection");
  list_option(cmd, "--ignore", o.ignore, "Skip these rules: code, prefix or name");
  list_option(cmd, "--extend-ignore", o.extend_ignore, "Skip these rules as well as the configured ones");
  repeatable_option(cmd, "--per-file-ignores", o.per_file_ignores, "GLOB:CODES, e.g. 'scripts/*.py:TL201' (repeatable)");
  repeatable_option(cmd, "--rules", o.rule_packs, "An extra rule pack file or directory (repeatable)");
  repeatable_option(cmd, "--config", o.config,
                    "A .torchlint.yaml or pyproject.toml used for every file, or a `KEY = VALUE` override (TOML, repeatable)");
  cmd->add_flag("--include-tests", o.include_tests, "Analyse test files (tests/, test_*.py) like other code");
  cmd->add_option("-j,--jobs", o.jobs, "Threads (default: all cores)");
  cmd->add_option("-p", o.compile_db, "C/C++/CUDA: the folder of compile_commands.json (default: found upward from each file)");
  cmd->add_flag("--fast-headers", o.fast_headers,
                "C/C++/CUDA: parse with torchlint's declaration-only torch/CUDA headers even where real ones exist");
  cmd->add_option("--memory-budget", o.memory_budget_mb,
                  "MB of syntax trees kept between the analysis phases (default 8); beyond it, memory stays "
                  "bounded and files whose results depend on other files are parsed again");
  cmd->add_option("--file-timeout", o.file_timeout_seconds,
                  "Seconds one file's analysis may take (default 10, 0: no limit); a rule that alone takes half "
                  "of it stops there for that file. What is cut short gets a note")
      ->check(CLI::Range(0.0, 86400.0));
  cmd->add_option("--max-file-size", o.max_file_size_mib,
                  "MiB: larger files are skipped with a note (default 10; the `max-file-size` setting)")
      ->check(CLI::Range(uint64_t{1}, kMaxFileSizeMiB));
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
  cmd->add_option("-o,--output-file", o.output_file, "Write the report to this file instead of stdout (written whole, or not at all)");
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
  auto* exit_zero = cmd->add_flag("--exit-zero", o.exit_zero, "Exit 0 even when there are findings");
  cmd->add_flag("--exit-non-zero-on-fix", o.exit_non_zero_on_fix,
                "With --fix: exit 1 when a file was changed, even if no findings remain")
      ->excludes(exit_zero);
  cmd->add_flag("--add-noqa", o.add_noqa, "Add `# noqa: CODE` to every line with a finding (merged with its `# noqa`), and exit");
  cmd->add_flag("--statistics", o.statistics, "Print the number of findings per rule instead of the findings");
  cmd->add_flag("--timings", o.timings, "Print files, lines, parse vs analysis time and throughput to stderr");
  cmd->add_flag("--no-source", o.no_source, "Text output without code frames");
  cmd->add_option("--diff-base", o.diff_base,
                  "Only findings on lines changed since the merge base of REF and HEAD (git diff REF...)");
  cmd->add_flag("--staged", o.staged, "Check the staged content; only findings on staged changes");
  cmd->add_option("--write-baseline", o.write_baseline, "Record today's findings in this file and exit 0");
}

void register_confirm_options(CLI::App* cmd, ConfirmOptions& c) {
  cmd->add_option("--python", c.python, "The Python that runs the program (default: $TORCHLINT_PYTHON, else the first python3 that imports torch)");
  cmd->add_option("--steps", c.steps, "Iterations measured after warm-up (default 20)")->check(CLI::Range(3, 100000));
  cmd->add_option("--warmup", c.warmup, "Iterations run before measuring (default 3)")->check(CLI::Range(0, 100000));
  cmd->add_option("--repeat", c.repeats, "Runs of each variant (default 2)")->check(CLI::Range(1, 100));
  cmd->add_option("--device", c.device, "Where the program runs: auto (as it chooses), cpu (GPUs hidden) or cuda")
      ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
  cmd->add_option("--timeout", c.timeout_seconds, "Seconds per run before it is stopped (default 120)")->check(CLI::PositiveNumber);
  cmd->add_option("--loop", c.loop_line, "The line of the loop to measure (default: the innermost loop holding the finding)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--run", c.run_script, "The script to run (default: the file, or the one script that imports it)");
}

int report_error(const std::string& what);

// `confirm FILE:LINE` is a check of the project narrowed to one line, with --confirm;
// `confirm --rule CODE --example` runs the rule's docs example pair.
int run_confirm_command(CheckOptions o, const std::string& target, const std::string& rule, bool example) {
  if (example) {
    if (rule.empty()) return report_error("--example needs --rule CODE");
    if (!target.empty()) return report_error("--example runs the rule's docs example; give no FILE:LINE");
    return confirm_rule_example(rule, rule_packs_in_effect(o.rule_packs, o.config), o.confirm_options, o.format);
  }
  size_t colon = target.rfind(':');
  if (target.empty() || colon == std::string::npos || colon + 1 == target.size() ||
      target.find_first_not_of("0123456789", colon + 1) != std::string::npos)
    return report_error("confirm takes FILE:LINE (e.g. train.py:42), or --rule CODE --example");
  std::filesystem::path file = target.substr(0, colon);
  if (!std::filesystem::is_regular_file(file)) return report_error(file.string() + ": no such file");
  std::error_code ec;
  o.confirm_file = std::filesystem::weakly_canonical(file, ec).string();
  o.confirm_line = static_cast<uint32_t>(std::stoul(target.substr(colon + 1)));
  // The file's folder: its neighbours give the cross-file facts; the whole project would also
  // judge configurations that have nothing to do with this file.
  o.paths = {std::filesystem::relative(std::filesystem::path(o.confirm_file).parent_path(), std::filesystem::current_path(), ec).string()};
  if (o.paths.front().empty()) o.paths = {"."};
  if (!rule.empty()) o.select = {rule};
  o.confirm_rule = rule;
  o.confirm = true;
  o.quiet = true;
  o.include_tests = true;
  return run_check(o);
}

// `explain TL101` / `chekc`: the nearest command instead of "a subcommand is required".
int unknown_command(const CLI::App& app, const std::string& word) {
  std::vector<std::string> names;
  for (const auto* sub : app.get_subcommands({})) names.push_back(sub->get_name());
  std::string guess = did_you_mean(word, names);
  std::cerr << "error: unknown command " << quoted_value(word) << (guess.empty() ? "" : "; did you mean `" + guess + "`?")
            << "\n       commands: ";
  for (size_t i = 0; i < names.size(); ++i) std::cerr << (i ? ", " : "") << names[i];
  std::cerr << "\n";
  return kExitError;
}

// Prints each line of a (possibly multi-line) error with the `error:` prefix.
int report_error(const std::string& what) {
  std::istringstream in(what);
  for (std::string line; std::getline(in, line);) std::cerr << "error: " << printable(line) << "\n";
  return kExitError;
}

}  // namespace
}  // namespace torchlint

int main(int argc, char** argv) {
  using namespace torchlint;
  CLI::App app{"torchlint: finds the PyTorch bugs that cost GPU memory, training time and correct results"};
  app.set_version_flag("-V,--version", std::string("torchlint ") + version());
  app.require_subcommand(1);

  CheckOptions check;
  auto* check_cmd = app.add_subcommand("check", "Check Python and C/C++/CUDA files and directories (default: .)");
  register_check_options(check_cmd, check);
  check_cmd->add_flag("--confirm", check.confirm,
                       "Run each finding whose rule has an experiment, and its fixed twin, to measure its cost (runs your code)");
  register_confirm_options(check_cmd, check.confirm_options);
  bool stats_alias = false;  // the old name of --timings, kept working with a notice
  check_cmd->add_flag("--stats", stats_alias)->group("");

  ReviewOptions review;
  auto* review_cmd = app.add_subcommand(
      "review", "Review a GitHub pull request's head commit: print the review payload (JSON), or post it with --post");
  review_cmd->add_option("paths", review.check.paths, "Files or directories (default: .)");
  review_cmd->add_option("--github-event", review.github_event, "The pull_request event JSON ($GITHUB_EVENT_PATH)")->required();
  review_cmd->add_flag("--post", review.post, "Post the review to the pull request (token: $GITHUB_TOKEN)");
  review_cmd->add_option("--api-url", review.api_url, "GitHub's REST API (default: $GITHUB_API_URL, else https://api.github.com)");
  register_selection_options(review_cmd, review.check);

  std::string rule_code;
  bool all_docs = false;
  std::vector<std::string> doc_packs, doc_config;
  auto* rule_cmd = app.add_subcommand("rule", "Print a rule's documentation");
  rule_cmd->alias("explain");
  rule_cmd->add_option("code", rule_code, "Rule code (case-insensitive) or name")->type_name(kRuleCodeValue);
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

  CheckOptions confirm;
  std::string confirm_target, confirm_rule;
  bool confirm_example = false;
  auto* confirm_cmd = app.add_subcommand(
      "confirm", "Run the code of a finding and its fixed twin under the probe and report the measured difference (runs your code)");
  confirm_cmd->add_option("target", confirm_target, "FILE:LINE of a finding");
  confirm_cmd->add_option("args", confirm.confirm_options.args, "After `--`: the program's arguments");
  confirm_cmd->add_option("--rule", confirm_rule, "The rule to confirm (when the line has several findings, or with --example)")
      ->type_name(kRuleCodeValue);
  confirm_cmd->add_flag("--example", confirm_example, "Run the rule's docs example and its `use-instead` twin instead of your code");
  confirm_cmd->add_option("--format,--output-format", confirm.format, "Output format")->check(CLI::IsMember({"text", "json", "sarif"}));
  register_confirm_options(confirm_cmd, confirm.confirm_options);
  repeatable_option(confirm_cmd, "--rules", confirm.rule_packs, "An extra rule pack file or directory (repeatable)");
  repeatable_option(confirm_cmd, "--config", confirm.config, "Configuration file or `KEY = VALUE` override");

  auto* calibrate_cmd = app.add_subcommand("calibrate", "Measure this GPU: launch cost, sync round trip, pageable vs pinned copies");

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
    if (*review_cmd) return run_review(review);
    if (*rule_cmd) {
      if (rule_code.empty() == !all_docs) return report_error("`rule` takes a rule code or --all");
      return run_rule_docs(rule_code, all_docs, rule_packs_in_effect(doc_packs, doc_config));
    }
    if (*rules_cmd) return run_rules_list(rule_packs_in_effect(doc_packs, doc_config), rules_format);
    if (*parse_cmd) return run_parse(parse_path);
    if (*calibrate_cmd) return run_calibrate();
    if (*confirm_cmd) return run_confirm_command(confirm, confirm_target, confirm_rule, confirm_example);
    if (*completion_cmd) {
      std::vector<std::string> codes = {"ALL"};
      for (const RuleSpec& r : all_rules({})) codes.push_back(r.id);
      return print_completion(std::cout, app, shell, codes);
    }
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
