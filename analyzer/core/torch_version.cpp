#include "core/torch_version.h"

#include <cctype>
#include <vector>

#include "core/text.h"

namespace torchlint {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Reads a decimal number at the front of `s` (at most 4 digits: no version line needs more).
std::optional<int> take_number(std::string_view& s) {
  size_t n = 0;
  while (n < s.size() && is_digit(s[n])) ++n;
  if (n == 0 || n > 4) return std::nullopt;
  int v = 0;
  for (size_t i = 0; i < n; ++i) v = v * 10 + (s[i] - '0');
  s.remove_prefix(n);
  return v;
}

// The operators of version specifiers, longest first so `>=` is not read as `>`.
constexpr std::string_view kOperators[] = {"===", "==", "~=", ">=", "<=", "!=", "^", "~", ">", "<", "="};

}  // namespace

std::optional<TorchVersion> parse_torch_version(std::string_view text) {
  std::string_view s = trim(text);
  if (!s.empty() && (s.front() == 'v' || s.front() == 'V')) s.remove_prefix(1);
  auto major = take_number(s);
  if (!major) return std::nullopt;
  TorchVersion v{*major, 0};
  if (s.empty()) return v;
  if (s.front() != '.') return std::nullopt;
  s.remove_prefix(1);
  if (!s.empty() && s.front() == '*') return v;  // `2.*`
  auto minor = take_number(s);
  if (!minor) return std::nullopt;
  v.minor = *minor;
  // What follows the release line (`.1`, `+cu121`, `a0`, conda's `=py310_0`) does not matter.
  return v;
}

bool VersionCondition::holds(const TorchRequirement& r) const {
  if (!r.oldest) return false;
  const TorchVersion& v = *r.oldest;
  switch (op) {
    case Op::Less: return v < version;
    case Op::LessEqual: return v <= version;
    case Op::Greater: return v > version;
    case Op::GreaterEqual: return v >= version;
    case Op::Equal: return v == version;
    case Op::NotEqual: return v != version;
  }
  return false;
}

std::optional<VersionCondition> parse_version_condition(std::string_view text) {
  std::string_view s = trim(text);
  static const std::pair<std::string_view, VersionCondition::Op> ops[] = {
      {">=", VersionCondition::Op::GreaterEqual}, {"<=", VersionCondition::Op::LessEqual},
      {"==", VersionCondition::Op::Equal},        {"!=", VersionCondition::Op::NotEqual},
      {">", VersionCondition::Op::Greater},       {"<", VersionCondition::Op::Less}};
  for (const auto& [spelling, op] : ops) {
    if (!s.starts_with(spelling)) continue;
    std::string_view rest = trim(s.substr(spelling.size()));
    auto v = parse_torch_version(rest);
    // Only a plain version: `>= 2.6`, not `>= 2.6rc1` or `>= 2.*`.
    for (char c : rest)
      if (!is_digit(c) && c != '.') return std::nullopt;
    if (!v) return std::nullopt;
    return VersionCondition{op, *v};
  }
  return std::nullopt;
}

std::optional<TorchVersion> oldest_allowed(std::string_view specifiers) {
  std::optional<TorchVersion> oldest;
  size_t start = 0;
  while (start <= specifiers.size()) {
    size_t comma = specifiers.find(',', start);
    std::string_view clause = trim(specifiers.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    start = comma == std::string_view::npos ? specifiers.size() + 1 : comma + 1;
    std::string_view op;
    for (std::string_view o : kOperators)
      if (clause.starts_with(o)) {
        op = o;
        break;
      }
    // Upper bounds and exclusions say nothing about the oldest version.
    if (op == "<" || op == "<=" || op == "!=") continue;
    auto v = parse_torch_version(trim(clause.substr(op.size())));
    // A bare version is Poetry's and conda's exact pin (`torch = "2.1.0"`).
    if (v && (!oldest || *v > *oldest)) oldest = v;
  }
  return oldest;
}

std::optional<std::string> torch_specifiers(std::string_view line, bool conda) {
  std::string_view s = line;
  if (size_t hash = s.find('#'); hash != std::string_view::npos) s = s.substr(0, hash);
  if (size_t semi = s.find(';'); semi != std::string_view::npos) s = s.substr(0, semi);  // environment marker
  s = trim(s);
  if (size_t channel = s.find("::"); channel != std::string_view::npos) s = s.substr(channel + 2);  // conda `pytorch::pytorch`
  if (s.starts_with("- ")) s = trim(s.substr(2));  // a conda environment's list item
  size_t n = 0;
  while (n < s.size() && (std::isalnum(static_cast<unsigned char>(s[n])) || s[n] == '-' || s[n] == '_' || s[n] == '.')) ++n;
  std::string name;
  for (char c : s.substr(0, n)) name += c == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (name != "torch" && !(conda && name == "pytorch")) return std::nullopt;
  std::string_view rest = trim(s.substr(n));
  if (rest.starts_with('[')) {  // extras
    size_t close = rest.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    rest = trim(rest.substr(close + 1));
  }
  if (rest.starts_with('@')) return std::string();  // a direct URL: no version to read
  if (rest.starts_with('(') && rest.ends_with(')')) rest = trim(rest.substr(1, rest.size() - 2));
  if (!rest.empty() && std::string_view("<>=!~^").find(rest.front()) == std::string_view::npos) return std::nullopt;  // `torch-foo`, prose
  return std::string(rest);
}

}  // namespace torchlint
