#include "cli/discover.h"

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include "core/file_reading.h"
#include <unordered_map>

namespace torchlint {

namespace fs = std::filesystem;

namespace {

// gitignore-style matching of the pattern from `pi` against the text from `ti`. A `**` tries
// every place where the rest of the pattern may start, and that rest may hold more `**`: each
// (rest, place) outcome is remembered, so ten `**/` cost table lookups, not ten nested loops
// over the path.
class GlobMatcher {
 public:
  GlobMatcher(std::string_view p, std::string_view t) : p_(p), t_(t) {}

  bool match(size_t pi, size_t ti) {
    constexpr size_t npos = std::string_view::npos;
    std::string_view p = p_, t = t_;
    size_t star_p = npos, star_t = 0;
    while (ti < t.size()) {
      if (pi + 1 < p.size() && p[pi] == '*' && p[pi + 1] == '*') return match_after_double_star(pi + 2, ti);
      if (pi < p.size() && p[pi] == '*') {
        star_p = pi++;
        star_t = ti;
        continue;
      }
      if (pi < p.size() && p[pi] == '[') {
        size_t close = p.find(']', pi + 1);
        if (close != npos && t[ti] != '/') {
          bool negate = p[pi + 1] == '!' || p[pi + 1] == '^';
          bool hit = false;
          for (size_t k = pi + 1 + negate; k < close; ++k) {
            if (k + 2 < close && p[k + 1] == '-') {
              hit |= t[ti] >= p[k] && t[ti] <= p[k + 2];
              k += 2;
            } else {
              hit |= t[ti] == p[k];
            }
          }
          if (hit != negate) {
            pi = close + 1;
            ++ti;
            continue;
          }
        }
      } else if (pi < p.size() && (p[pi] == t[ti] || (p[pi] == '?' && t[ti] != '/') ||
                                   (p[pi] == '\\' && pi + 1 < p.size() && p[pi + 1] == t[ti]))) {
        pi += p[pi] == '\\' ? 2 : 1;
        ++ti;
        continue;
      }
      if (star_p != npos && t[star_t] != '/') {
        pi = star_p + 1;
        ti = ++star_t;
        continue;
      }
      return false;
    }
    while (pi < p.size() && p[pi] == '*') ++pi;
    return pi == p.size();
  }

 private:
  // `**/` may also match nothing; `**` matches everything that follows.
  bool match_after_double_star(size_t rest, size_t ti) {
    if (rest < p_.size() && p_[rest] == '/') ++rest;
    for (size_t k = ti; k <= t_.size(); ++k)
      if ((k == ti || t_[k - 1] == '/' || rest == p_.size()) && remembered_match(rest, k)) return true;
    return false;
  }

  bool remembered_match(size_t pi, size_t ti) {
    size_t key = pi * (t_.size() + 1) + ti;
    if (auto it = seen_.find(key); it != seen_.end()) return it->second;
    bool hit = match(pi, ti);
    seen_[key] = hit;
    return hit;
  }

  std::string_view p_, t_;
  std::unordered_map<size_t, bool> seen_;
};

}  // namespace

bool glob_match(std::string_view pattern, std::string_view text) { return GlobMatcher(pattern, text).match(0, 0); }

namespace {

struct IgnoreRule {
  std::string base;     // directory of the .gitignore, relative to the walk root ("" or "a/b/")
  std::string pattern;  // without leading '/', trailing '/' or '!'
  bool negate = false;
  bool dir_only = false;
  bool anchored = false;
};

void load_gitignore(const fs::path& dir, const std::string& rel_dir, std::vector<IgnoreRule>& rules) {
  std::ifstream in(dir / ".gitignore");
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    while (!line.empty() && line.back() == ' ' && (line.size() < 2 || line[line.size() - 2] != '\\')) line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    IgnoreRule r;
    r.base = rel_dir;
    if (line[0] == '!') {
      r.negate = true;
      line.erase(0, 1);
    } else if (line[0] == '\\') {
      line.erase(0, 1);
    }
    if (!line.empty() && line.back() == '/') {
      r.dir_only = true;
      line.pop_back();
    }
    r.anchored = line.find('/') != std::string::npos;
    if (!line.empty() && line[0] == '/') line.erase(0, 1);
    if (line.empty()) continue;
    r.pattern = line;
    rules.push_back(std::move(r));
  }
}

bool ignored(const std::vector<IgnoreRule>& rules, const std::string& rel, bool is_dir) {
  bool result = false;
  std::string_view name = rel;
  if (auto s = name.rfind('/'); s != std::string_view::npos) name = name.substr(s + 1);
  for (const IgnoreRule& r : rules) {
    if (r.dir_only && !is_dir) continue;
    if (!std::string_view(rel).starts_with(r.base)) continue;
    std::string_view sub = std::string_view(rel).substr(r.base.size());
    bool hit = r.anchored ? glob_match(r.pattern, sub) : glob_match(r.pattern, name);
    if (hit) result = !r.negate;
  }
  return result;
}

// `#!/usr/bin/env python3` scripts without an extension (pre-commit tags them python).
bool has_python_shebang(const std::string& path) {
  FileRead head = read_regular_file_head(path, 256);
  std::string_view text = head.text;
  std::string_view first = text.substr(0, text.find('\n'));
  return head.ok() && first.starts_with("#!") && first.find("python") != std::string_view::npos;
}

// Folders never worth walking (version control, caches, virtual environments, build output):
// ruff's default exclusions, which users of Python linters already expect. Other hidden folders
// (`.actions/`, `.github/scripts/`) hold real code and are walked.
bool is_tool_folder(const fs::path& dir) {
  static const std::set<std::string> names = {
      ".bzr",      ".direnv",     ".eggs",         ".git",         ".git-rewrite", ".hg",     ".ipynb_checkpoints",
      ".mypy_cache", ".nox",      ".pants.d",      ".pyenv",       ".pytest_cache", ".pytype", ".ruff_cache",
      ".svn",      ".tox",        ".venv",         ".vscode",      ".idea",        ".torchlint_cache", "__pycache__",
      "__pypackages__", "_build", "buck-out",      "build",        "dist",         "node_modules", "site-packages",
      "venv"};
  if (names.count(dir.filename().string())) return true;
  std::error_code ec;
  return fs::exists(dir / "pyvenv.cfg", ec);
}

// "a FIFO", "a socket", "a device", ... for a file found in a walk.
std::string kind_of(const fs::file_status& st) {
  switch (st.type()) {
    case fs::file_type::fifo: return file_type_name(S_IFIFO);
    case fs::file_type::socket: return file_type_name(S_IFSOCK);
    case fs::file_type::block:
    case fs::file_type::character: return file_type_name(S_IFCHR);
    default: return "a special file";
  }
}

}  // namespace

bool is_cxx_path(const std::filesystem::path& p) {
  static const std::set<std::string> exts = {".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".cu", ".cuh"};
  return exts.count(p.extension().string()) > 0;
}

namespace {

void walk_directory(const fs::path& root, Discovery& out) {
  std::vector<IgnoreRule> rules;
  load_gitignore(root, "", rules);
  // Explicit stack: deep trees must not overflow.
  std::vector<std::pair<fs::path, std::string>> stack = {{root, ""}};
  while (!stack.empty()) {
    auto [dir, rel_dir] = stack.back();
    stack.pop_back();
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    if (ec == std::errc::permission_denied && !rel_dir.empty()) {  // the folder named is an error, below
      out.notes.push_back(dir.string() + ": cannot read the folder (" + ec.message() + "); skipped");
      continue;
    }
    if (ec) {
      out.errors.push_back(dir.string() + ": " + ec.message());
      continue;
    }
    for (; it != fs::directory_iterator(); it.increment(ec)) {
      if (ec) break;
      const fs::path& p = it->path();
      std::string name = p.filename().string();
      if (name.empty()) continue;
      std::string rel = rel_dir + name;
      std::error_code sec;
      bool is_dir = it->is_directory(sec) && !it->is_symlink(sec);
      if (ignored(rules, rel, is_dir)) continue;
      if (is_dir) {
        if (is_tool_folder(p)) continue;
        load_gitignore(p, rel + "/", rules);
        stack.push_back({p, rel + "/"});
      } else if (p.extension() == ".py" || p.extension() == ".pyi" || is_cxx_path(p)) {
        fs::file_status st = it->status(sec);  // through symbolic links
        if (fs::is_regular_file(st)) out.files.push_back(p.lexically_normal().string());
        else if (!sec) out.notes.push_back(p.string() + ": " + kind_of(st) + ", not a regular file; skipped");
      }
    }
  }
}

}  // namespace

Discovery discover_source_files(const std::vector<std::string>& paths) {
  Discovery out;
  for (const std::string& path : paths) {
    std::error_code ec;
    fs::file_status st = fs::status(path, ec);
    if (ec || !fs::exists(st)) {
      out.errors.push_back(path + ": no such file or directory");
    } else if (fs::is_directory(st)) {
      size_t before = out.files.size();
      walk_directory(fs::path(path), out);
      if (out.files.size() == before) out.notes.push_back(path + ": no Python, C, C++ or CUDA files");
    } else if (FileRead probe = probe_regular_file(path); !probe.ok()) {
      // Named, so meant to be checked: a file that cannot be read is an error, as a missing one.
      out.errors.push_back(path + ": " + probe.problem);
    } else {
      std::string ext = fs::path(path).extension().string();
      if (ext != ".py" && ext != ".pyi" && !is_cxx_path(path) && !has_python_shebang(path)) {
        out.notes.push_back(path + ": not a Python file; skipped");
        continue;
      }
      out.files.push_back(fs::path(path).lexically_normal().string());
      out.named.push_back(out.files.back());
    }
  }
  std::sort(out.files.begin(), out.files.end());
  out.files.erase(std::unique(out.files.begin(), out.files.end()), out.files.end());
  return out;
}

}  // namespace torchlint
