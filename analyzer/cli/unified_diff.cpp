#include "cli/unified_diff.h"

#include <algorithm>
#include <fmt/format.h>
#include <vector>

#include "cli/git_diff.h"

namespace torchlint {

namespace {
std::vector<std::string> split_lines(const std::string& s) {
  std::vector<std::string> out;
  size_t b = 0;
  while (b < s.size()) {
    size_t e = s.find('\n', b);
    if (e == std::string::npos) e = s.size() - 1;
    out.push_back(s.substr(b, e - b + 1));
    b = e + 1;
  }
  return out;
}
}  // namespace

std::string unified_diff(const std::string& path, const std::string& before, const std::string& after) {
  if (before == after) return "";
  auto a = split_lines(before), b = split_lines(after);
  // Fixes are local: strip the common head and tail, then an LCS table over the middle.
  size_t head = 0;
  while (head < a.size() && head < b.size() && a[head] == b[head]) ++head;
  size_t tail = 0;
  while (tail < a.size() - head && tail < b.size() - head && a[a.size() - 1 - tail] == b[b.size() - 1 - tail]) ++tail;
  size_t n = a.size() - head - tail, m = b.size() - head - tail;
  std::vector<std::vector<uint32_t>> lcs(n + 1, std::vector<uint32_t>(m + 1, 0));
  for (size_t i = n; i-- > 0;)
    for (size_t j = m; j-- > 0;)
      lcs[i][j] = a[head + i] == b[head + j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
  struct Line { char tag; const std::string* text; };
  std::vector<Line> ops;
  for (size_t i = 0; i < head; ++i) ops.push_back({' ', &a[i]});
  for (size_t i = 0, j = 0; i < n || j < m;) {
    if (i < n && j < m && a[head + i] == b[head + j]) ops.push_back({' ', &a[head + i]}), ++i, ++j;
    else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) ops.push_back({'-', &a[head + i++]});
    else ops.push_back({'+', &b[head + j++]});
  }
  for (size_t i = a.size() - tail; i < a.size(); ++i) ops.push_back({' ', &a[i]});

  // Hunks: changes with 3 lines of context, merged when their contexts touch.
  constexpr size_t kContext = 3;
  // Quoted as git quotes names, so that `git apply` reads the name back and a control
  // character in it never reaches the terminal raw.
  std::string out = fmt::format("--- {}\n+++ {}\n", git_quote(path), git_quote(path));
  auto emit = [&](char tag, const std::string& text) {
    out += tag;
    out += text;
    if (text.empty() || text.back() != '\n') out += "\n\\ No newline at end of file\n";
  };
  size_t k = 0, old_line = 1, new_line = 1;
  while (k < ops.size()) {
    if (ops[k].tag == ' ') {
      ++k, ++old_line, ++new_line;
      continue;
    }
    size_t start = k >= kContext ? k - kContext : 0;
    size_t end = k;  // one past the last change of the hunk
    for (size_t q = k; q < ops.size(); ++q) {
      if (ops[q].tag != ' ') end = q + 1;
      else if (q - end >= 2 * kContext) break;
    }
    size_t stop = std::min(ops.size(), end + kContext);
    size_t old_start = old_line - (k - start), new_start = new_line - (k - start);
    size_t old_count = 0, new_count = 0;
    for (size_t q = start; q < stop; ++q) {
      old_count += ops[q].tag != '+';
      new_count += ops[q].tag != '-';
    }
    out += fmt::format("@@ -{},{} +{},{} @@\n", old_start, old_count, new_start, new_count);
    for (size_t q = start; q < stop; ++q) emit(ops[q].tag, *ops[q].text);
    for (size_t q = k; q < stop; ++q) {
      old_line += ops[q].tag != '+';
      new_line += ops[q].tag != '-';
    }
    k = stop;
  }
  return out;
}

}  // namespace torchlint
