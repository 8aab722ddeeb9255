#include "core/suppressions.h"

#include <algorithm>
#include <cctype>

namespace torchlint {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

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
  if (s.starts_with("noqa")) {
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

std::vector<Diagnostic> unused_suppressions(const SourceFile& file, const std::vector<Suppression>& suppressions,
                                            const std::string& rule_id, const std::string& rule_name,
                                            Severity severity,
                                            const std::function<bool(const std::string&)>& is_ours) {
  std::vector<Diagnostic> out;
  for (const Suppression& s : suppressions) {
    std::vector<std::string> unused;
    size_t ours = 0;
    if (s.all && !s.used[0] && !s.noqa) unused.push_back("");
    for (size_t i = 0; !s.all && i < s.codes.size(); ++i) {
      if (s.noqa && !is_ours(s.codes[i])) continue;  // another linter's code
      ++ours;
      if (!s.used[i]) unused.push_back(s.codes[i]);
    }
    if (unused.empty()) continue;
    Diagnostic d;
    d.rule_id = rule_id;
    d.rule_name = rule_name;
    d.severity = severity;
    d.path = file.path;
    d.range = s.range;
    if (unused.size() == 1 && unused[0].empty()) {
      d.message = "this suppression comment suppresses nothing";
    } else {
      std::string list;
      for (const auto& u : unused) list += (list.empty() ? "`" : ", `") + u + "`";
      d.message = "unused suppression of " + list + ": no such finding here";
    }
    bool whole = s.all || (unused.size() == s.codes.size() && ours == s.codes.size());
    if (whole) {
      ByteRange cut = s.range;  // with the blanks before it: `x = 1  # noqa` -> `x = 1`
      while (cut.start > 0 && (file.text[cut.start - 1] == ' ' || file.text[cut.start - 1] == '\t')) --cut.start;
      if (cut.start > 0 && file.text[cut.start - 1] == '\n') cut.start = s.range.start;  // a comment-only line
      d.fix = Fix{"remove the unused suppression", Applicability::Safe, {{cut, "", {}, {}}}};
    }
    resolve_positions(file, d);
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace torchlint
