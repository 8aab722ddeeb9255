#include "core/suppressions.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "core/noqa_lines.h"
#include "core/text.h"

namespace torchlint {

namespace {

// Reads the codes of `list`, which starts `offset` bytes into the text `out.range` will cover.
void split_codes(std::string_view list, size_t offset, Suppression& out) {
  size_t b = 0;
  while (b <= list.size()) {
    size_t e = list.find_first_of(", ", b);
    if (e == std::string_view::npos) e = list.size();
    std::string_view code = trim(list.substr(b, e - b));
    if (!code.empty()) {
      auto at = static_cast<uint32_t>(offset + b + (code.data() - list.substr(b).data()));
      out.codes.emplace_back(code);
      out.code_ranges.push_back({at, at + static_cast<uint32_t>(code.size())});
    }
    b = e + 1;
  }
}

// Makes the code ranges absolute once the directive's place in the file is known.
void shift_code_ranges(Suppression& s, uint32_t by) {
  for (ByteRange& r : s.code_ranges) r = {r.start + by, r.end + by};
}

bool code_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'; }

// Parses one directive starting at `s` (text after `#` and spaces). Returns false if none.
bool parse_directive(std::string_view s, Suppression& out, size_t& consumed) {
  auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
  bool noqa = s.size() >= 4 && lower(s[0]) == 'n' && lower(s[1]) == 'o' && lower(s[2]) == 'q' && lower(s[3]) == 'a';
  if (noqa) {  // `# NOQA` too, as flake8 and ruff accept it
    size_t i = 4;
    if (i < s.size() && code_char(s[i])) return false;  // `# noqaX`
    out.all = true;
    out.noqa = true;
    if (i < s.size() && s[i] == ':') {
      size_t end = i + 1;
      while (end < s.size() && (code_char(s[end]) || s[end] == ',' || s[end] == ' ')) ++end;
      split_codes(s.substr(i + 1, end - i - 1), i + 1, out);
      out.all = out.codes.empty();
      i = end;
    }
    consumed = i;
    return true;
  }
  // Bandit's `# nosec` / `# nosec B614`: a security finding someone already triaged. B614 is
  // Bandit's unsafe `torch.load` check, our TL001; a bare `# nosec` covers every Bandit check.
  if (s.starts_with("nosec") && (s.size() == 5 || !code_char(s[5]))) {
    // Bandit codes (`B614`, `B301, B614`) up to the first word that is not one.
    size_t i = 5, end = 5;
    bool any_code = false, load = false;
    for (;;) {
      while (i < s.size() && (s[i] == ' ' || s[i] == ':' || s[i] == ',')) ++i;
      size_t j = i;
      while (j < s.size() && code_char(s[j])) ++j;
      std::string_view word = s.substr(i, j - i);
      bool code = word.size() > 1 && word[0] == 'B' &&
                  std::all_of(word.begin() + 1, word.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
      if (!code) break;
      any_code = true;
      load = load || word == "B614";
      end = i = j;
    }
    if (any_code && !load) return false;
    out.codes = {"TL001"};
    out.foreign = true;  // Bandit's comment, for its other checks too: never reported as unused
    consumed = end;
    return true;
  }
  if (!s.starts_with("torchlint:")) return false;
  size_t offset = 10;
  while (offset < s.size() && (s[offset] == ' ' || s[offset] == '\t')) ++offset;
  std::string_view rest = s.substr(offset);
  for (std::string_view word : {"ignore-file", "ignore"}) {
    if (!rest.starts_with(word)) continue;
    size_t i = word.size();
    if (i < rest.size() && code_char(rest[i])) continue;
    out.file_wide = word == "ignore-file";
    out.all = true;
    if (i < rest.size() && rest[i] == '[') {
      size_t close = rest.find(']', i);
      if (close == std::string_view::npos) return false;
      split_codes(rest.substr(i + 1, close - i - 1), offset + i + 1, out);
      out.all = out.codes.empty();
      i = close + 1;
    }
    consumed = offset + i;
    return true;
  }
  return false;
}

bool matches(const std::string& code, const Diagnostic& d) { return code == d.rule_id || code == d.rule_name; }

}  // namespace

std::vector<Suppression> parse_suppressions(const SourceFile& file, const std::vector<Comment>& comments) {
  std::vector<Suppression> out;
  for (const Comment& c : comments) {
    std::string_view text = std::string_view(file.text).substr(c.range.start, c.range.end - c.range.start);
    // A comment may hold several directives: `# noqa: TL101  # torchlint: ignore-file[TL201]`.
    for (size_t hash = text.find('#'); hash != std::string_view::npos; hash = text.find('#', hash + 1)) {
      size_t start = hash + 1;
      while (start < text.size() && text[start] == ' ') ++start;
      Suppression s;
      size_t consumed = 0;
      if (!parse_directive(text.substr(start), s, consumed)) continue;
      s.range = {c.range.start + static_cast<uint32_t>(hash), c.range.start + static_cast<uint32_t>(start + consumed)};
      shift_code_ranges(s, c.range.start + static_cast<uint32_t>(start));
      s.line = file.lines.position(file.text, c.range.start).line;
      s.used.assign(s.all ? 1 : s.codes.size(), false);
      out.push_back(std::move(s));
    }
  }
  return out;
}

namespace {

// The comments of C/C++/CUDA source (`//` to the end of the line, `/* ... */`), skipping string
// and character literals (raw strings are rare in extension code and read as plain strings).
std::vector<Comment> cxx_comments(std::string_view t) {
  std::vector<Comment> out;
  for (size_t i = 0; i < t.size(); ++i) {
    char c = t[i];
    if (c == '"' || c == '\'') {
      for (++i; i < t.size() && t[i] != c && t[i] != '\n'; ++i)
        if (t[i] == '\\') ++i;
    } else if (c == '/' && i + 1 < t.size() && t[i + 1] == '/') {
      size_t end = t.find('\n', i);
      if (end == std::string_view::npos) end = t.size();
      out.push_back({{static_cast<uint32_t>(i), static_cast<uint32_t>(end)}});
      i = end;
    } else if (c == '/' && i + 1 < t.size() && t[i + 1] == '*') {
      size_t end = t.find("*/", i + 2);
      end = end == std::string_view::npos ? t.size() : end + 2;
      out.push_back({{static_cast<uint32_t>(i), static_cast<uint32_t>(end)}});
      i = end - 1;
    }
  }
  return out;
}

}  // namespace

std::vector<Suppression> parse_cxx_suppressions(const SourceFile& file) {
  std::vector<Suppression> out;
  for (const Comment& c : cxx_comments(file.text)) {
    std::string_view text = std::string_view(file.text).substr(c.range.start, c.range.end - c.range.start);
    uint32_t line = file.lines.position(file.text, c.range.start).line;
    // clang-tidy's spelling: NOLINT, NOLINT(TL810), NOLINTNEXTLINE(TL810, TL811).
    for (size_t at = text.find("NOLINT"); at != std::string_view::npos; at = text.find("NOLINT", at + 6)) {
      Suppression s;
      size_t i = at + 6;
      bool next_line = text.substr(i).starts_with("NEXTLINE");
      if (next_line) i += 8;
      if (text.substr(i).starts_with("BEGIN") || text.substr(i).starts_with("END")) continue;
      s.all = true;
      if (i < text.size() && text[i] == '(') {
        size_t close = text.find(')', i);
        if (close == std::string_view::npos) continue;
        split_codes(text.substr(i + 1, close - i - 1), i + 1, s);
        s.all = s.codes.empty() || std::find(s.codes.begin(), s.codes.end(), "*") != s.codes.end();
        if (s.all) s.codes.clear(), s.code_ranges.clear();
        i = close + 1;
      }
      s.noqa = true;  // shared with clang-tidy: codes that are not ours are left alone
      s.range = {c.range.start + static_cast<uint32_t>(at), c.range.start + static_cast<uint32_t>(i)};
      shift_code_ranges(s, c.range.start);
      s.line = line + (next_line ? 1 : 0);
      s.used.assign(s.all ? 1 : s.codes.size(), false);
      out.push_back(std::move(s));
    }
    for (size_t at = text.find("torchlint:"); at != std::string_view::npos; at = text.find("torchlint:", at + 10)) {
      Suppression s;
      size_t consumed = 0;
      if (!parse_directive(text.substr(at), s, consumed)) continue;
      s.range = {c.range.start + static_cast<uint32_t>(at), c.range.start + static_cast<uint32_t>(at + consumed)};
      shift_code_ranges(s, c.range.start + static_cast<uint32_t>(at));
      s.line = line;
      s.used.assign(s.all ? 1 : s.codes.size(), false);
      out.push_back(std::move(s));
    }
  }
  return out;
}

void apply_suppressions(std::vector<Diagnostic>& findings, std::vector<Suppression>& suppressions,
                        const NoqaLines* python_lines) {
  auto suppressed = [&](const Diagnostic& d) {
    uint32_t comment_line = python_lines ? python_lines->comment_line(d.start.line) : d.start.line;
    bool hit = false;
    for (Suppression& s : suppressions) {
      if (!s.file_wide && s.line != d.start.line && s.line != comment_line) continue;
      if (s.all) {
        s.used[0] = hit = true;
        continue;
      }
      for (size_t i = 0; i < s.codes.size(); ++i)
        if (matches(s.codes[i], d)) s.used[i] = hit = true;
    }
    return hit;
  };
  findings.erase(std::remove_if(findings.begin(), findings.end(), suppressed), findings.end());
}

namespace {

// What TL000 says about each code of one directive (indexes into its codes).
struct CodeVerdicts {
  std::vector<size_t> unused, unknown, never_suppressed, not_enabled;
  bool any_removable() const { return !unused.empty() || !unknown.empty() || !never_suppressed.empty(); }
};

// `TL2O1`, `tl101`: a code meant for torchlint, not another linter's, in a shared `# noqa`.
bool spelled_like_ours(const std::string& code) {
  return code.size() > 2 && std::tolower(static_cast<unsigned char>(code[0])) == 't' &&
         std::tolower(static_cast<unsigned char>(code[1])) == 'l' && std::isdigit(static_cast<unsigned char>(code[2]));
}

// `loss-kept-with-grph`: other linters' codes have no hyphens, so one close to a rule's name is ours.
bool spelled_like_a_name(const std::string& code, const SuppressionJudge& judge) {
  return code.find('-') != std::string::npos && judge.did_you_mean && !judge.did_you_mean(code).empty();
}

CodeVerdicts judge_codes(const Suppression& s, const SuppressionJudge& judge) {
  CodeVerdicts v;
  for (size_t i = 0; !s.all && i < s.codes.size(); ++i) {
    switch (judge.status(s.codes[i])) {
      case CodeStatus::kRan:
        if (!s.used[i]) v.unused.push_back(i);
        break;
      case CodeStatus::kNotEnabled: v.not_enabled.push_back(i); break;
      case CodeStatus::kNeverSuppressed: v.never_suppressed.push_back(i); break;
      case CodeStatus::kUnknown:
        if (!s.noqa || spelled_like_ours(s.codes[i]) || spelled_like_a_name(s.codes[i], judge)) v.unknown.push_back(i);
        break;
    }
  }
  return v;
}

std::string code_list(const Suppression& s, const std::vector<size_t>& which) {
  std::string list;
  for (size_t i : which) list += (list.empty() ? "`" : ", `") + s.codes[i] + "`";
  return list;
}

// Removes the whole directive, with the blanks before it: `x = 1  # noqa` -> `x = 1`.
Edit directive_removal(const SourceFile& file, const Suppression& s) {
  ByteRange cut = s.range;
  while (cut.start > 0 && (file.text[cut.start - 1] == ' ' || file.text[cut.start - 1] == '\t')) --cut.start;
  if (cut.start > 0 && file.text[cut.start - 1] == '\n') cut.start = s.range.start;  // a comment-only line
  // Another comment after it keeps its distance from the code: `x  # noqa: TL1  # why`.
  bool comment_follows = cut.start < s.range.start && s.range.end < file.text.size() && file.text[s.range.end] == '#';
  return {cut, comment_follows ? "  " : "", {}, {}};
}

// Removes the codes in `drop` and keeps the others as they were written; the whole directive
// when none is left.
Fix code_removal(const SourceFile& file, const Suppression& s, const CodeVerdicts& v) {
  std::vector<bool> drop(s.codes.size(), false);
  for (const auto* list : {&v.unused, &v.unknown, &v.never_suppressed})
    for (size_t i : *list) drop[i] = true;
  std::string kept;
  std::vector<size_t> dropped;
  for (size_t i = 0; i < s.codes.size(); ++i)
    if (drop[i]) dropped.push_back(i);
    else kept += (kept.empty() ? "" : ", ") + s.codes[i];
  Fix fix{"remove the unused suppression", Applicability::Safe, {}};
  if (kept.empty() || s.code_ranges.size() != s.codes.size()) fix.edits.push_back(directive_removal(file, s));
  else fix.edits.push_back({{s.code_ranges.front().start, s.code_ranges.back().end}, kept, {}, {}});
  if (!kept.empty()) fix.title = "remove " + code_list(s, dropped) + " from the suppression";
  return fix;
}

Diagnostic suppression_finding(const SourceFile& file, ByteRange range, const SuppressionJudge& judge,
                               std::string message) {
  Diagnostic d;
  d.rule_id = judge.rule_id;
  d.rule_name = judge.rule_name;
  d.severity = judge.severity;
  d.path = file.path;
  d.range = range;
  d.message = std::move(message);
  return d;
}

// The findings of a directive without codes that hid nothing. A bare `# noqa` is every
// linter's: removing it may show another linter's findings, so that fix is unsafe.
std::optional<Diagnostic> unused_blanket(const SourceFile& file, const Suppression& s, const SuppressionJudge& judge) {
  if (!s.all || s.used[0] || !judge.all_rules_ran) return std::nullopt;
  if (!s.noqa) {
    Diagnostic d = suppression_finding(file, s.range, judge, "this suppression comment suppresses nothing");
    d.fix = Fix{"remove the unused suppression", Applicability::Safe, {directive_removal(file, s)}};
    return d;
  }
  Diagnostic d = suppression_finding(file, s.range, judge,
                                     "this `# noqa` hides no torchlint finding (other linters may still use it)");
  d.fix = Fix{"remove the `# noqa`", Applicability::Unsafe, {directive_removal(file, s)}};
  return d;
}

// The findings about a directive's codes, in the order the rule reports them.
std::vector<Diagnostic> code_findings(const SourceFile& file, const Suppression& s, const CodeVerdicts& v,
                                      const SuppressionJudge& judge) {
  std::vector<Diagnostic> out;
  if (!v.unused.empty())
    out.push_back(suppression_finding(file, s.range, judge,
                                      "unused suppression of " + code_list(s, v.unused) + ": no such finding here"));
  for (size_t i : v.unknown) {
    std::string message = "suppression of `" + s.codes[i] + "`: no such rule";
    if (std::string near = judge.did_you_mean ? judge.did_you_mean(s.codes[i]) : ""; !near.empty())
      message += " (did you mean `" + near + "`?)";
    out.push_back(suppression_finding(file, s.code_ranges.empty() ? s.range : s.code_ranges[i], judge, message));
  }
  if (!v.never_suppressed.empty())
    out.push_back(suppression_finding(file, s.range, judge,
                                      "suppression of " + code_list(s, v.never_suppressed) +
                                          ": its findings are always reported, no comment hides them"));
  if (!v.not_enabled.empty())
    out.push_back(suppression_finding(file, s.range, judge,
                                      "suppression of " + code_list(s, v.not_enabled) +
                                          ", not enabled in this run: not judged (enable the rule to check it)"));
  if (v.any_removable()) out.front().fix = code_removal(file, s, v);
  return out;
}

}  // namespace

std::vector<Diagnostic> unused_suppressions(const SourceFile& file, const std::vector<Suppression>& suppressions,
                                            const SuppressionJudge& judge) {
  std::vector<Diagnostic> out;
  for (const Suppression& s : suppressions) {
    if (s.foreign) continue;
    std::vector<Diagnostic> found;
    if (auto blanket = unused_blanket(file, s, judge)) found.push_back(std::move(*blanket));
    if (!s.all) found = code_findings(file, s, judge_codes(s, judge), judge);
    for (Diagnostic& d : found) {
      resolve_positions(file, d);
      out.push_back(std::move(d));
    }
  }
  return out;
}

}  // namespace torchlint
