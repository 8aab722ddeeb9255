#include "launch_spelling.h"

#include <cctype>
#include <vector>

namespace torchlint::cxx {

namespace {

bool blank(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Where code is: comments, string and character literals are stepped over.
class CodeScanner {
 public:
  explicit CodeScanner(const std::string& t) : t_(t) {}
  // The first offset at or after `i` that is code.
  size_t skip(size_t i) const {
    while (i < t_.size()) {
      char c = t_[i];
      if (c == '/' && i + 1 < t_.size() && t_[i + 1] == '/') {
        i = t_.find('\n', i);
        if (i == std::string::npos) return t_.size();
      } else if (c == '/' && i + 1 < t_.size() && t_[i + 1] == '*') {
        i = t_.find("*/", i + 2);
        if (i == std::string::npos) return t_.size();
        i += 2;
      } else if (c == '"' && i > 0 && t_[i - 1] == 'R') {
        i = after_raw_string(i);
      } else if (c == '"' || (c == '\'' && !(i > 0 && word_char(t_[i - 1])))) {  // 1'000 is a number
        for (++i; i < t_.size() && t_[i] != c && t_[i] != '\n'; ++i)
          if (t_[i] == '\\') ++i;
        ++i;
      } else {
        return i;
      }
    }
    return t_.size();
  }

 private:
  // After R"delim( ... )delim".
  size_t after_raw_string(size_t quote) const {
    size_t open = t_.find('(', quote);
    if (open == std::string::npos) return t_.size();
    std::string close = ")" + t_.substr(quote + 1, open - quote - 1) + "\"";
    size_t end = t_.find(close, open);
    return end == std::string::npos ? t_.size() : end + close.size();
  }

  const std::string& t_;
};

// Three `ch` from `i` with only blanks between them: their offsets, or empty.
std::vector<size_t> three(const std::string& t, size_t i, char ch) {
  std::vector<size_t> at;
  for (size_t j = i; j < t.size() && at.size() < 3; ++j) {
    if (t[j] == ch) at.push_back(j);
    else if (!blank(t[j])) break;
  }
  if (at.size() != 3) return {};
  size_t after = at[2] + 1;
  if (after < t.size() && (t[after] == ch || t[after] == '=')) return {};  // <<<< or <<<=
  return at;
}

// The span of `at` respelled as three `ch` followed by the blanks it held.
void respell(std::string& t, const std::vector<size_t>& at, char ch) {
  std::string out(3, ch);
  for (size_t j = at[0]; j <= at[2]; ++j)
    if (t[j] != ch) out += t[j];
  t.replace(at[0], out.size(), out);
}

// Whether the chevrons at `open` follow what can name a kernel (`k`, `k<T>`, `(k)`, `a[i]`) and
// not `operator` (`operator<< <T>(os, x)` calls a template operator).
bool after_kernel_name(const std::string& t, size_t open) {
  size_t before = open;
  while (before > 0 && blank(t[before - 1])) --before;
  if (before == 0) return false;
  char p = t[before - 1];
  if (!(word_char(p) || p == '>' || p == ')' || p == ']')) return false;
  return !(before >= 8 && t.compare(before - 8, 8, "operator") == 0 && (before == 8 || !word_char(t[before - 9])));
}

// The closing chevrons of the launch opened at `open` (at bracket depth 0, followed by the
// arguments' parenthesis), or empty.
std::vector<size_t> closing(const std::string& t, const CodeScanner& code, size_t open_end) {
  int depth = 0;
  for (size_t j = code.skip(open_end + 1); j < t.size() && j < open_end + 4000; j = code.skip(j + 1)) {
    char c = t[j];
    if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      if (--depth < 0) return {};
    } else if (c == ';' && depth == 0) {
      return {};
    } else if (c == '>' && depth == 0) {
      std::vector<size_t> at = three(t, j, '>');
      if (at.empty()) continue;
      size_t k = at[2] + 1;
      while (k < t.size() && blank(t[k])) ++k;
      return k < t.size() && t[k] == '(' ? at : std::vector<size_t>{};
    }
  }
  return {};
}

}  // namespace

bool respell_spaced_launches(std::string& t) {
  if (t.find("<<") == std::string::npos && t.find("< <") == std::string::npos) return false;
  CodeScanner code(t);
  bool changed = false;
  for (size_t i = code.skip(0); i < t.size(); i = code.skip(i + 1)) {
    if (t[i] != '<') continue;
    std::vector<size_t> open = three(t, i, '<');
    if (open.empty() || !after_kernel_name(t, i)) continue;
    std::vector<size_t> close = closing(t, code, open[2]);
    if (close.empty()) continue;
    if (open[2] - open[0] != 2 || close[2] - close[0] != 2) {
      respell(t, open, '<');
      respell(t, close, '>');
      changed = true;
    }
    i = close[2];
  }
  return changed;
}

}  // namespace torchlint::cxx
