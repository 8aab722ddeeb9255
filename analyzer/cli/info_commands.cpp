#include "cli/info_commands.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/check_command.h"
#include "cli/discover.h"
#include "cli/runner.h"
#include "cli/terminal.h"
#include "core/file_reading.h"
#include "python/engine.h"
#include "report/rule_docs.h"
#include "rulepack/loader.h"

namespace torchlint {

namespace {

std::string upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::toupper(c); });
  return s;
}

// The rule's fix title as it reads on its own documented example (`{X}` -> `loss`), so the
// docs never show an unfilled placeholder; "" when the example does not trigger the rule.
std::string example_fix_title(const RuleSpec& r) {
  if (!r.fix || r.docs.example.empty() || r.engine != "pattern") return "";
  try {
    py::set_lint_test_files_as_code(true);  // wherever `rule` runs, the example is code
    py::RuleSet set({r});
    std::vector<std::string> texts = {r.docs.example};
    RunResult result = run_analysis({"example.py"}, set, 1, &texts);
    for (const auto& d : result.findings)
      if (d.rule_id == r.id && d.fix) return d.fix->title;
  } catch (const std::exception&) {
  }
  return "";
}

std::string docs_of(const RuleSpec& r) { return rule_docs_markdown(r, example_fix_title(r)); }

}  // namespace

int run_rule_docs(const std::string& code, bool all, const std::vector<std::string>& packs) {
  std::vector<RuleSpec> rules = all_rules(packs);
  if (all) {
    for (size_t i = 0; i < rules.size(); ++i) std::cout << (i ? "\n" : "") << docs_of(rules[i]);
    return kExitClean;
  }
  for (const auto& r : rules) {
    if (upper(r.id) == upper(code) || r.name == code) {
      std::cout << docs_of(r);
      return kExitClean;
    }
  }
  std::vector<std::string> known;
  for (const auto& r : rules) {
    known.push_back(r.id);
    known.push_back(r.name);
  }
  std::string guess = did_you_mean(code, known);
  std::cerr << "error: no rule " << quoted_value(code) << (guess.empty() ? "" : "; did you mean " + quoted_value(guess) + "?") << "\n";
  return kExitError;
}

int run_rules_list(const std::vector<std::string>& packs, const std::string& format) {
  std::vector<RuleSpec> rules = all_rules(packs);
  if (format == "json") {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& r : rules)
      out.push_back({{"code", r.id},
                     {"name", r.name},
                     {"family", r.family},
                     {"severity", to_string(r.severity)},
                     {"default", r.enabled_by_default},
                     {"fix", r.fix ? nlohmann::ordered_json(to_string(r.fix->applicability)) : nlohmann::ordered_json()},
                     {"confirm", r.confirm ? nlohmann::ordered_json(r.confirm->experiment) : nlohmann::ordered_json()},
                     {"confirm_needs_gpu", r.confirm && r.confirm->needs_gpu},
                     {"confirmable", confirmability(r)},
                     {"unmeasured", r.unmeasured.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(r.unmeasured)},
                     {"source", *r.mark.file}});
    std::cout << out.dump(2) << "\n";
    return kExitClean;
  }
  for (const auto& r : rules) {
    std::string line = fmt::format("{:<7} {:<32} {:<8} {:<12} {:<17} {}", r.id, r.name, to_string(r.severity), r.family,
                                   r.fix ? "fix: " + std::string(to_string(r.fix->applicability)) : "",
                                   r.enabled_by_default ? "" : "off by default");
    std::cout << std::string_view(line).substr(0, line.find_last_not_of(' ') + 1) << "\n";
  }
  return kExitClean;
}

namespace {

// tree-sitter's own `parse` layout: one named node per line, indented, `field: (kind [row,
// col] - [row, col])`, rows and columns from 0 as tree-sitter reports them.
void print_tree(std::ostream& out, TSNode root) {
  TSTreeCursor cursor = ts_tree_cursor_new(root);
  std::vector<bool> printed;  // per cursor level: whether its node was printed (needs a ')')
  size_t depth = 0;           // indentation: printed ancestors
  while (true) {
    TSNode node = ts_tree_cursor_current_node(&cursor);
    bool named = ts_node_is_named(node) || ts_node_is_missing(node);
    if (named) {
      const char* field = ts_tree_cursor_current_field_name(&cursor);
      TSPoint a = ts_node_start_point(node), b = ts_node_end_point(node);
      out << "\n" << std::string(2 * depth, ' ') << (field ? std::string(field) + ": " : "") << "("
          << (ts_node_is_missing(node) ? "MISSING " : "") << ts_node_type(node)
          << fmt::format(" [{}, {}] - [{}, {}]", a.row, a.column, b.row, b.column);
      ++depth;
    }
    printed.push_back(named);
    if (ts_tree_cursor_goto_first_child(&cursor)) continue;
    bool finished = true;
    while (!printed.empty()) {  // close this node and its ancestors until one has a next sibling
      if (printed.back()) {
        out << ")";
        --depth;
      }
      printed.pop_back();
      if (ts_tree_cursor_goto_next_sibling(&cursor)) {
        finished = false;
        break;
      }
      if (!ts_tree_cursor_goto_parent(&cursor)) break;
    }
    if (finished) break;
  }
  out << "\n";
  ts_tree_cursor_delete(&cursor);
}

}  // namespace

int run_parse(const std::string& path) {
  std::string text;
  if (path == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    // A FIFO or a device would block or never end: only regular files, of any size a
    // string holds (the user names the file; the per-file cap is for analysis).
    FileRead file = read_regular_file(path, std::string().max_size() / 2);
    if (!file.ok()) {
      std::cerr << "error: " << printable(path) << ": " << printable(file.problem) << "\n";
      return kExitError;
    }
    text = std::move(file.text);
  }
  py::Parser parser;
  py::Tree tree = parser.parse(text);
  std::ostringstream out;
  print_tree(out, tree.root());
  std::cout << out.str().substr(1);  // the first node starts with a newline
  return kExitClean;
}

}  // namespace torchlint
