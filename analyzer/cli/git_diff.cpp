#include "cli/git_diff.h"

#include <charconv>
#include <cstdio>
#include <optional>
#include <filesystem>
#include <sstream>

namespace torchlint {

namespace fs = std::filesystem;

namespace {

std::string trim_newline(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

// A decimal number at `at` (advanced past it), or nullopt.
std::optional<uint32_t> number_at(const std::string& s, size_t& at) {
  uint32_t v = 0;
  auto [end, ec] = std::from_chars(s.data() + at, s.data() + s.size(), v);
  if (ec != std::errc() || end == s.data() + at) return std::nullopt;
  at = static_cast<size_t>(end - s.data());
  return v;
}

}  // namespace

void parse_diff_hunks(const std::string& diff, ChangedLines& out) {
  constexpr uint32_t kMaxHunkLines = 1u << 20;  // a hunk of over a million lines: malformed
  std::istringstream in(diff);
  std::string line, current;
  while (std::getline(in, line)) {
    if (line.starts_with("+++ ")) {
      current = line == "+++ /dev/null" || line.size() < 6 ? ""
                                                           : (fs::path(out.repo_root) / line.substr(6)).lexically_normal().string();
      if (!current.empty()) out.files[current];
    } else if (line.starts_with("@@ ") && !current.empty()) {
      size_t at = line.find(" +");
      if (at == std::string::npos) continue;
      at += 2;
      std::optional<uint32_t> start = number_at(line, at), count = 1;
      if (at < line.size() && line[at] == ',') count = number_at(line, ++at);
      if (!start || !count || *count > kMaxHunkLines || *start > UINT32_MAX - *count) continue;  // malformed: ignored
      for (uint32_t l = *start; l < *start + *count; ++l) out.files[current].insert(l);
    }
  }
}

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string run_git(const std::string& args) {
  std::string cmd = "git " + args + " 2>/dev/null";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) throw GitError("cannot run git");
  std::string out;
  char buf[65536];
  for (size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  int status = pclose(p);
  if (status != 0) throw GitError("`git " + args + "` failed (is this a git repository, and does the ref exist?)");
  return out;
}

bool ChangedLines::touches(const std::string& abs_path, uint32_t first_line, uint32_t last_line) const {
  if (whole_files.count(abs_path)) return true;
  auto it = files.find(abs_path);
  if (it == files.end()) return false;
  auto lo = it->second.lower_bound(first_line);
  return lo != it->second.end() && *lo <= last_line;
}

ChangedLines changed_since(const std::string& base_ref) {
  ChangedLines out;
  out.repo_root = trim_newline(run_git("rev-parse --show-toplevel"));
  std::string base = trim_newline(run_git("merge-base " + shell_quote(base_ref) + " HEAD"));
  std::string root = shell_quote(out.repo_root);
  parse_diff_hunks(run_git("-C " + root + " diff -U0 --no-color --no-ext-diff " + shell_quote(base)), out);
  std::istringstream untracked(run_git("-C " + root + " ls-files --others --exclude-standard"));
  for (std::string f; std::getline(untracked, f);)
    out.whole_files.insert((fs::path(out.repo_root) / f).lexically_normal().string());
  return out;
}

ChangedLines staged_changes() {
  ChangedLines out;
  out.repo_root = trim_newline(run_git("rev-parse --show-toplevel"));
  parse_diff_hunks(run_git("-C " + shell_quote(out.repo_root) + " diff --cached -U0 --no-color --no-ext-diff"), out);
  return out;
}

std::string staged_text(const std::string& repo_root, const std::string& abs_path) {
  std::string rel = fs::path(abs_path).lexically_relative(repo_root).generic_string();
  return run_git("-C " + shell_quote(repo_root) + " show " + shell_quote(":" + rel));
}

}  // namespace torchlint
