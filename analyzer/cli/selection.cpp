#include "cli/selection.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <tuple>

#include <nlohmann/json.hpp>

#include "cli/builtin_rules.h"
#include "cli/terminal.h"
#include "python/ts.h"
#include "rulepack/loader.h"

namespace torchlint {

Selection selection_for(const Config& c, const CheckOptions& o) {
  Selection s;
  bool cli_select = !o.select.empty();
  s.select = cli_select ? o.select : c.select.value_or(std::vector<std::string>{});
  if (!cli_select) s.extend_select = c.extend_select;
  s.extend_select.insert(s.extend_select.end(), o.extend_select.begin(), o.extend_select.end());
  if (!o.ignore.empty() || cli_select) {
    s.ignore = o.ignore;
  } else {
    s.ignore = c.ignore.value_or(std::vector<std::string>{});
    s.ignore.insert(s.ignore.end(), c.extend_ignore.begin(), c.extend_ignore.end());
  }
  s.ignore.insert(s.ignore.end(), o.extend_ignore.begin(), o.extend_ignore.end());
  return s;
}

std::vector<RuleSpec> select_rules(const std::vector<RuleSpec>& rules, const Selection& s) {
  std::vector<RuleSpec> out;
  for (const auto& r : rules) {
    // A rule that is off by default runs when named (its code, its name) or with ALL; a prefix
    // (`TL`, `TL0`, `TL20`) selects the rules under it that are on by default.
    auto picks = [&](const std::string& sel) {
      return selector_matches(sel, r) && (r.enabled_by_default || selector_names_rule(sel, r));
    };
    bool selected = (s.select.empty() && r.enabled_by_default) || std::any_of(s.select.begin(), s.select.end(), picks) ||
                    std::any_of(s.extend_select.begin(), s.extend_select.end(), picks);
    bool ignored = std::any_of(s.ignore.begin(), s.ignore.end(), [&](const auto& sel) { return selector_matches(sel, r); });
    if (selected && !ignored) out.push_back(r);
  }
  return out;
}

namespace {

std::string unknown_code(const std::string& code, const std::vector<std::string>& known) {
  std::string guess = did_you_mean(code, known);
  return "unknown rule selector " + quoted_value(code) + (guess.empty() ? "" : "; did you mean " + quoted_value(guess) + "?");
}

}  // namespace

void validate_rule_codes(const std::vector<RuleSpec>& rules, const Config& c, const CheckOptions& o) {
  std::vector<std::string> known;
  for (const auto& r : rules) {
    known.push_back(r.id);
    known.push_back(r.name);
  }
  auto exists = [&](const std::string& sel) {
    return std::any_of(rules.begin(), rules.end(), [&](const RuleSpec& r) { return selector_matches(sel, r); });
  };
  std::vector<std::string> errors = c.errors;
  auto check_flag = [&](const char* flag, const std::vector<std::string>& codes) {
    for (const auto& code : codes)
      if (!exists(code)) errors.push_back(std::string(flag) + ": " + unknown_code(code, known));
  };
  check_flag("--select", o.select);
  check_flag("--extend-select", o.extend_select);
  check_flag("--ignore", o.ignore);
  check_flag("--extend-ignore", o.extend_ignore);
  for (const auto& v : o.per_file_ignores) check_flag("--per-file-ignores", parse_per_file_ignore(v).second);
  for (const auto& [key, codes] : c.code_locations)
    for (const auto& [code, where] : codes)
      if (!exists(code)) errors.push_back(where + ": `" + key + "`: " + unknown_code(code, known));
  if (errors.empty()) return;
  // In file order: "file:line:col: ..." by file, then line and column as numbers.
  auto key = [](const std::string& e) {
    int line = 0, col = 0;
    size_t a = e.find(':');
    if (a != std::string::npos) std::sscanf(e.c_str() + a + 1, "%d:%d", &line, &col);
    return std::tuple(e.substr(0, a), line, col);
  };
  std::stable_sort(errors.begin(), errors.end(), [&](const auto& x, const auto& y) { return key(x) < key(y); });
  std::string all;
  for (const auto& e : errors) all += (all.empty() ? "" : "\n") + e;
  throw ConfigError(all);
}

namespace {

// Where Python's grammar gives up in `text`: the first unexpected token of the first ERROR
// node (tree-sitter wraps an unclosed `f(` whole, so the node's start says little), else that
// node's start, else the first MISSING token.
uint32_t syntax_error_offset(std::string_view text) {
  py::Parser parser;
  py::Tree tree = parser.parse(text);
  std::optional<uint32_t> at;
  py::walk(
      tree.root(),
      [&](TSNode n) {
        if (at) return false;
        if (ts_node_is_missing(n)) at = ts_node_start_byte(n);
        if (!ts_node_is_error(n)) return ts_node_has_error(n);
        at = ts_node_start_byte(n);
        for (uint32_t i = 0; i < ts_node_child_count(n); ++i) {
          TSNode child = ts_node_child(n, i);
          if (ts_node_is_named(child)) continue;
          at = ts_node_start_byte(child);
          break;
        }
        return false;
      },
      [](TSNode) {});
  return at.value_or(0);
}

// An `-e` pattern's error located in the pattern (`-e:1:8: invalid pattern: ...`), not in the
// rule it is wrapped in.
std::string pattern_error(const std::string& pattern, const std::string& compile_error) {
  std::string probe = pattern;
  std::replace(probe.begin(), probe.end(), '$', '_');  // `$X` -> `_X`: an identifier of the same length
  SourceFile file("-e", probe);
  Position at = file.lines.position(file.text, syntax_error_offset(file.text));
  size_t what = compile_error.find("invalid pattern");
  return "-e:" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": " +
         (what == std::string::npos ? compile_error : compile_error.substr(what));
}

}  // namespace

RuleSpec pattern_rule(const std::string& pattern) {
  // A JSON string is a YAML double-quoted scalar: any pattern text goes through unchanged.
  std::string yaml = "id: E000\nname: pattern\nfamily: query\nlanguage: python\nseverity: info\n"
                     "message: \"matches the pattern\"\nmatch:\n  pattern: " +
                     nlohmann::json(pattern).dump() + "\n";
  return load_rule_pack_text(yaml, "-e").front();
}

std::unique_ptr<py::RuleSet> rule_set_for(const Config& c, const CheckOptions& o, const TorchRequirement& torch,
                                          const py::RuleSet* same_config) {
  if (!o.pattern.empty()) {
    try {
      return std::make_unique<py::RuleSet>(std::vector<RuleSpec>{pattern_rule(o.pattern)});
    } catch (const py::RuleCompileError& e) {
      throw ConfigError(pattern_error(o.pattern, e.what()));
    }
  }
  std::vector<std::string> packs = o.rule_packs;
  packs.insert(packs.end(), c.extend_rules.begin(), c.extend_rules.end());
  // Most runs have only the built-in rules: used where they are, not copied.
  std::vector<RuleSpec> extended = packs.empty() ? std::vector<RuleSpec>{} : all_rules(packs);
  const std::vector<RuleSpec>& available = packs.empty() ? builtin_rules() : extended;
  validate_rule_codes(available, c, o);
  std::vector<RuleSpec> specs = select_rules(available, selection_for(c, o));
  for (auto& r : specs) {
    for (const auto& [sel, sev] : c.severity)
      if (selector_matches(sel, r)) r.severity = sev;
  }
  auto set = std::make_unique<py::RuleSet>(std::move(specs), torch, same_config);
  set->set_available_rules(available);
  return set;
}

std::pair<std::string, std::vector<std::string>> parse_per_file_ignore(const std::string& value) {
  size_t colon = value.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == value.size())
    throw ConfigError("--per-file-ignores: `" + value + "` must be GLOB:CODES, e.g. `scripts/*.py:TL201,TL101`");
  std::vector<std::string> codes;
  std::string list = value.substr(colon + 1);
  for (size_t b = 0; b <= list.size();) {
    size_t e = list.find(',', b);
    if (e == std::string::npos) e = list.size();
    if (e > b) codes.push_back(list.substr(b, e - b));
    b = e + 1;
  }
  return {value.substr(0, colon), codes};
}

}  // namespace torchlint

namespace torchlint {

bool per_file_ignored(const Config& c, const Diagnostic& d) {
  for (const auto& [glob, codes] : c.per_file_ignores) {
    if (!config_glob_matches(c, glob, d.path)) continue;
    for (const auto& code : codes)
      if (selector_matches(code, d.rule_id, d.rule_name)) return true;
  }
  return false;
}

}  // namespace torchlint
