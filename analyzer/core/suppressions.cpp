#include "core/suppressions.h"

#include <algorithm>
#include <cctype>

#include "core/text.h"

namespace torchlint {

namespace {

std::vector<std::string> split_codes(std::string_view list) {
  std::vector<std::string> out;
  size_t b = 0;
  while (b <= list.size()) {
    size_t e = list.find_first_of(", ", b);
    if (e == std::string_view::npos) e = list.size();
    std::string_view code = trim(list.substr(b, e - b));
    if (!code.empty()) out.emplace_back(code);
    b = e + 1;
  }
  return out;
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
      out.codes = split_codes(s.substr(i + 1, end - i - 1));
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
      out.codes = split_codes(rest.substr(i + 1, close - i - 1));
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
        s.codes = split_codes(text.substr(i + 1, close - i - 1));
        s.all = s.codes.empty() || std::find(s.codes.begin(), s.codes.end(), "*") != s.codes.end();
        if (s.all) s.codes.clear();
        i = close + 1;
      }
      s.noqa = true;  // shared with clang-tidy: codes that are not ours are left alone
      s.range = {c.range.start + static_cast<uint32_t>(at), c.range.start + static_cast<uint32_t>(i)};
      s.line = line + (next_line ? 1 : 0);
      s.used.assign(s.all ? 1 : s.codes.size(), false);
      out.push_back(std::move(s));
    }
    for (size_t at = text.find("torchlint:"); at != std::string_view::npos; at = text.find("torchlint:", at + 10)) {
      Suppression s;
      size_t consumed = 0;
      if (!parse_directive(text.substr(at), s, consumed)) continue;
      s.range = {c.range.start + static_cast<uint32_t>(at), c.range.start + static_cast<uint32_t>(at + consumed)};
      s.line = line;
      s.used.assign(s.all ? 1 : s.codes.size(), false);
      out.push_back(std::move(s));
    }
  }
  return out;
}

void apply_suppressions(std::vector<Diagnostic>& findings, std::vector<Suppression>& suppressions) {
  auto suppressed = [&](const Diagnostic& d) {
    bool hit = false;
    for (Suppression& s : suppressions) {
      if (!s.file_wide && s.line != d.start.line) continue;
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
std::string code_list(const std::vector<std::string>& codes) {
  std::string list;
  for (const auto& c : codes) list += (list.empty() ? "`" : ", `") + c + "`";
  return list;
}

Diagnostic suppression_finding(const SourceFile& file, const Suppression& s, const SuppressionJudge& judge,
                               std::string message) {
  Diagnostic d;
  d.rule_id = judge.rule_id;
  d.rule_name = judge.rule_name;
  d.severity = judge.severity;
  d.path = file.path;
  d.range = s.range;
  d.message = std::move(message);
  return d;
}
}  // namespace

std::vector<Diagnostic> unused_suppressions(const SourceFile& file, const std::vector<Suppression>& suppressions,
                                            const SuppressionJudge& judge) {
  std::vector<Diagnostic> out;
  for (const Suppression& s : suppressions) {
    if (s.foreign) continue;
    std::vector<std::string> unused, not_enabled, unknown;
    bool bare_unused = s.all && !s.used[0] && !s.noqa && judge.all_rules_ran;
    for (size_t i = 0; !s.all && i < s.codes.size(); ++i) {
      CodeStatus status = judge.status(s.codes[i]);
      if (status == CodeStatus::kUnknown && s.noqa) continue;  // another linter's code
      if (status == CodeStatus::kRan && !s.used[i]) unused.push_back(s.codes[i]);
      if (status == CodeStatus::kNotEnabled) not_enabled.push_back(s.codes[i]);
      if (status == CodeStatus::kUnknown) unknown.push_back(s.codes[i]);
    }
    if (bare_unused || !unused.empty()) {
      Diagnostic d = suppression_finding(file, s, judge,
                                         bare_unused ? "this suppression comment suppresses nothing"
                                                     : "unused suppression of " + code_list(unused) + ": no such finding here");
      // The fix removes the whole directive, so only when every code in it is certainly unused.
      if (bare_unused || unused.size() == s.codes.size()) {
        ByteRange cut = s.range;  // with the blanks before it: `x = 1  # noqa` -> `x = 1`
        while (cut.start > 0 && (file.text[cut.start - 1] == ' ' || file.text[cut.start - 1] == '\t')) --cut.start;
        if (cut.start > 0 && file.text[cut.start - 1] == '\n') cut.start = s.range.start;  // a comment-only line
        d.fix = Fix{"remove the unused suppression", Applicability::Safe, {{cut, "", {}, {}}}};
      }
      resolve_positions(file, d);
      out.push_back(std::move(d));
    }
    if (!not_enabled.empty()) {
      Diagnostic d = suppression_finding(file, s, judge,
                                         "suppression of " + code_list(not_enabled) +
                                             ", not enabled in this run: not judged (enable the rule to check it)");
      resolve_positions(file, d);
      out.push_back(std::move(d));
    }
    if (!unknown.empty()) {
      Diagnostic d = suppression_finding(file, s, judge, "suppression of " + code_list(unknown) + ": no such rule");
      resolve_positions(file, d);
      out.push_back(std::move(d));
    }
  }
  return out;
}

}  // namespace torchlint
