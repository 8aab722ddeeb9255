#include "cli/git_diff.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <sstream>

namespace torchlint {

namespace fs = std::filesystem;

namespace {

std::string trim_newline(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

// A decimal number at `at` (advanced past it), or nullopt.
std::optional<uint32_t> number_at(std::string_view s, size_t& at) {
  uint32_t v = 0;
  auto [end, ec] = std::from_chars(s.data() + at, s.data() + s.size(), v);
  if (ec != std::errc() || end == s.data() + at) return std::nullopt;
  at = static_cast<size_t>(end - s.data());
  return v;
}

// git's one-letter C escapes, both ways (quote.c): the byte and the letter after the backslash.
constexpr std::pair<char, char> kLetterEscapes[] = {{'\a', 'a'}, {'\b', 'b'}, {'\t', 't'}, {'\n', 'n'}, {'\v', 'v'},
                                                    {'\f', 'f'}, {'\r', 'r'}, {'"', '"'},  {'\\', '\\'}};

// What a hunk header `@@ -a,b +c,d @@` says: b lines of the old version are replaced by the d
// lines from line c of the new one (a count left out is 1).
struct HunkRanges {
  uint32_t old_count = 1, new_start = 0, new_count = 1;
};

std::optional<HunkRanges> hunk_ranges(std::string_view line) {
  constexpr uint32_t kMaxHunkLines = 1u << 20;  // a hunk of over a million lines: malformed
  HunkRanges h;
  size_t at = line.find(" -");
  if (at == std::string_view::npos || !number_at(line, at += 2)) return std::nullopt;
  if (at < line.size() && line[at] == ',') {
    auto count = number_at(line, ++at);
    if (!count) return std::nullopt;
    h.old_count = *count;
  }
  at = line.find(" +", at);
  if (at == std::string_view::npos) return std::nullopt;
  auto start = number_at(line, at += 2);
  if (!start) return std::nullopt;
  h.new_start = *start;
  if (at < line.size() && line[at] == ',') {
    auto count = number_at(line, ++at);
    if (!count) return std::nullopt;
    h.new_count = *count;
  }
  if (h.old_count > kMaxHunkLines || h.new_count > kMaxHunkLines || h.new_start > UINT32_MAX - h.new_count)
    return std::nullopt;
  return h;
}

}  // namespace

std::optional<std::string> git_unquote(std::string_view text, std::string_view* rest) {
  if (text.empty() || text.front() != '"') {
    if (rest) *rest = {};
    return std::string(text);
  }
  std::string out;
  for (size_t i = 1; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      if (rest) *rest = text.substr(i + 1);
      return out;
    }
    if (c != '\\') {
      out += c;
      continue;
    }
    if (++i == text.size()) return std::nullopt;
    char e = text[i];
    if (e >= '0' && e <= '3') {  // three octal digits: one byte
      if (i + 2 >= text.size() || text[i + 1] < '0' || text[i + 1] > '7' || text[i + 2] < '0' || text[i + 2] > '7')
        return std::nullopt;
      out += static_cast<char>((e - '0') << 6 | (text[i + 1] - '0') << 3 | (text[i + 2] - '0'));
      i += 2;
      continue;
    }
    auto letter = std::find_if(std::begin(kLetterEscapes), std::end(kLetterEscapes), [&](auto p) { return p.second == e; });
    if (letter == std::end(kLetterEscapes)) return std::nullopt;
    out += letter->first;
  }
  return std::nullopt;  // no closing quote
}

std::string git_quote(std::string_view path) {
  auto must_quote = [](unsigned char c) { return c < 0x20 || c == '"' || c == '\\' || c >= 0x7f; };
  if (std::none_of(path.begin(), path.end(), must_quote)) return std::string(path);
  std::string out = "\"";
  for (char c : path) {
    auto letter = std::find_if(std::begin(kLetterEscapes), std::end(kLetterEscapes), [&](auto p) { return p.first == c; });
    if (letter != std::end(kLetterEscapes)) out += {'\\', letter->second};
    else if (must_quote(static_cast<unsigned char>(c))) out += fmt::format("\\{:03o}", static_cast<unsigned char>(c));
    else out += c;
  }
  return out + "\"";
}

std::optional<std::string> diff_header_path(std::string_view header) {
  std::optional<std::string> name;
  if (header.starts_with('"')) {
    std::string_view after;
    name = git_unquote(header, &after);
    if (!after.empty() && after.front() != '\t') return std::nullopt;
  } else {
    // A bare name never holds a tab (git quotes those): a tab ends it.
    name = std::string(header.substr(0, header.find('\t')));
    if (*name == "/dev/null") return std::nullopt;
  }
  if (!name || name->size() < 3 || !(name->starts_with("a/") || name->starts_with("b/"))) return std::nullopt;
  return name->substr(2);
}

void parse_diff_hunks(const std::string& diff, ChangedLines& out) {
  std::istringstream in(diff);
  std::string line, current;
  // Lines of the current hunk's body still to come: inside it, `+++ x` is an added `++ x`.
  uint64_t old_left = 0, new_left = 0;
  while (std::getline(in, line)) {
    char tag = line.empty() ? ' ' : line.front();
    bool in_body = old_left + new_left > 0 && (tag == '-' || tag == '+' || tag == ' ' || tag == '\\');
    if (in_body) {
      if (tag == '-' || tag == ' ') old_left -= old_left > 0;
      if (tag == '+' || tag == ' ') new_left -= new_left > 0;
      continue;
    }
    old_left = new_left = 0;  // a body shorter than its header said ends at the next header
    if (line.starts_with("diff ")) {
      current.clear();  // a new file: until its `+++` line, hunks belong to no file
    } else if (line.starts_with("+++ ")) {
      std::optional<std::string> name = diff_header_path(std::string_view(line).substr(4));
      current = name ? (fs::path(out.repo_root) / *name).lexically_normal().string() : "";
      if (!current.empty()) out.files[current];
    } else if (line.starts_with("@@ ")) {
      std::optional<HunkRanges> h = hunk_ranges(line);
      if (!h) continue;  // malformed: ignored
      old_left = h->old_count;
      new_left = h->new_count;
      if (current.empty()) continue;
      for (uint32_t l = h->new_start; l < h->new_start + h->new_count; ++l) out.files[current].insert(l);
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

namespace {

// `git diff` as parse_diff_hunks reads it, whatever the user's configuration: no colour,
// external driver or text conversion, and the a/ b/ prefixes diff_header_path strips.
std::string diff_command(const std::string& repo_root, const std::string& what) {
  return "-C " + shell_quote(repo_root) + " diff -U0 --no-color --no-ext-diff --no-textconv --src-prefix=a/ --dst-prefix=b/ " + what;
}

}  // namespace

ChangedLines changed_since(const std::string& base_ref) {
  ChangedLines out;
  out.repo_root = trim_newline(run_git("rev-parse --show-toplevel"));
  std::string base = trim_newline(run_git("merge-base " + shell_quote(base_ref) + " HEAD"));
  parse_diff_hunks(run_git(diff_command(out.repo_root, shell_quote(base))), out);
  // -z: names as they are, NUL-terminated (a name may hold a newline).
  std::string untracked = run_git("-C " + shell_quote(out.repo_root) + " ls-files -z --others --exclude-standard");
  for (size_t b = 0, e; b < untracked.size(); b = e + 1) {
    e = std::min(untracked.find('\0', b), untracked.size());
    if (e > b) out.whole_files.insert((fs::path(out.repo_root) / untracked.substr(b, e - b)).lexically_normal().string());
  }
  return out;
}

ChangedLines staged_changes() {
  ChangedLines out;
  out.repo_root = trim_newline(run_git("rev-parse --show-toplevel"));
  parse_diff_hunks(run_git(diff_command(out.repo_root, "--cached")), out);
  return out;
}

std::string staged_text(const std::string& repo_root, const std::string& abs_path) {
  std::string rel = fs::path(abs_path).lexically_relative(repo_root).generic_string();
  // `:0:` names stage 0 explicitly: after a bare `:`, a name like `2:x.py` would read as stage 2.
  return run_git("-C " + shell_quote(repo_root) + " show " + shell_quote(":0:" + rel));
}

}  // namespace torchlint
