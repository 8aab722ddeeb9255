#include "cli/fixer.h"

#include "cli/discover.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>

#include "cli/terminal.h"
#include "cli/unified_diff.h"
#include "core/fix_applier.h"

namespace torchlint {
namespace fs = std::filesystem;

namespace {
constexpr int kMaxRounds = 10;

bool applicable(const Diagnostic& d, bool unsafe) {
  if (!d.fix || d.fix->edits.empty()) return false;
  return d.fix->applicability == Applicability::Safe || (unsafe && d.fix->applicability == Applicability::Unsafe);
}

size_t syntax_errors(const std::string& text) {
  py::Parser parser;
  py::Tree tree = parser.parse(text);
  size_t count = 0;
  py::walk(tree.root(), [&](TSNode n) {
    if (ts_node_is_error(n) || ts_node_is_missing(n)) ++count;
    return ts_node_has_error(n);
  }, [](TSNode) {});
  return count;
}
}  // namespace

std::string write_file_atomically(const std::string& path, const std::string& text, unsigned wanted_mode) {
  struct stat st{};
  mode_t mode = wanted_mode ? wanted_mode : stat(path.c_str(), &st) == 0 ? (st.st_mode & 07777) : 0644;
  std::string tmp = path + ".torchlint-tmp-XXXXXX";
  int fd = mkstemp(tmp.data());
  if (fd < 0) return path + ": cannot create a temporary file: " + std::strerror(errno);
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      std::string err = std::strerror(errno);
      ::close(fd);
      ::unlink(tmp.c_str());
      return path + ": write failed: " + err;
    }
    done += static_cast<size_t>(n);
  }
  if (::fchmod(fd, mode) != 0 || ::fsync(fd) != 0 || ::close(fd) != 0) {
    ::unlink(tmp.c_str());
    return path + ": cannot finish writing: " + std::strerror(errno);
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    std::string err = std::strerror(errno);
    ::unlink(tmp.c_str());
    return path + ": cannot replace the file: " + err;
  }
  return "";
}

namespace {
// Writes all of `text` at `offset`.
bool write_all(int fd, std::string_view text, off_t offset = 0) {
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::pwrite(fd, text.data() + done, text.size() - done, offset + static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

// Whether the open file, whose status is `st`, holds exactly `original`.
bool holds(int fd, const struct stat& st, const std::string& original) {
  if (!S_ISREG(st.st_mode) || static_cast<uintmax_t>(st.st_size) != original.size()) return false;
  std::string now(original.size(), '\0');
  size_t done = 0;
  while (done < now.size()) {
    ssize_t n = ::pread(fd, now.data() + done, now.size() - done, static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return now == original;
}

// `file` holds `original` (its status in `st`). No link is followed: `file` is resolved.
bool still_holds(const std::string& file, const std::string& original, struct stat& st) {
  int fd = ::open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return false;
  bool same = ::fstat(fd, &st) == 0 && holds(fd, st, original);
  ::close(fd);
  return same;
}

bool same_version(const struct stat& a, const struct stat& b) {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino && a.st_size == b.st_size && a.st_mtim.tv_sec == b.st_mtim.tv_sec &&
         a.st_mtim.tv_nsec == b.st_mtim.tv_nsec;
}

std::string changed_note(const std::string& path) { return path + ": changed on disk while torchlint ran; fixes not applied"; }

// Gives the new file the old one's owner, group and mode, as far as this user may. A group
// that cannot be kept gets no permissions: they were meant for that group, not this user's.
void keep_ownership(int fd, const struct stat& old) {
  mode_t mode = old.st_mode & 07777;
  if (::fchown(fd, old.st_uid, old.st_gid) != 0 && ::fchown(fd, static_cast<uid_t>(-1), old.st_gid) != 0) {
    struct stat now{};
    if (::fstat(fd, &now) != 0 || now.st_gid != old.st_gid) mode &= ~static_cast<mode_t>(S_ISGID | 070);
  }
  (void)::fchmod(fd, mode);  // after fchown, which clears set-user-ID bits
}

// Several hard links name one inode, and a rename would leave the others with the old text:
// the new text is written over the old, then the file is cut to its size, so it is never
// shorter than either text. A kill during the write leaves it part new, part old.
std::string rewrite_in_place(const std::string& path, const std::string& target, const std::string& original,
                             const std::string& text) {
  int fd = ::open(target.c_str(), O_RDWR | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return path + ": cannot open for writing: " + std::strerror(errno) + "; fixes not applied";
  struct stat st{};
  if (::fstat(fd, &st) != 0 || !holds(fd, st, original)) {
    ::close(fd);
    return changed_note(path);
  }
  auto write_text = [&](const std::string& t) {
    return write_all(fd, t) && ::ftruncate(fd, static_cast<off_t>(t.size())) == 0 && ::fsync(fd) == 0;
  };
  std::string err = write_text(text) ? "" : path + ": write failed: " + std::strerror(errno);
  if (!err.empty() && !write_text(original)) err += " (the file may hold part of the fixed text)";
  ::close(fd);
  return err;
}

// The new text in a temporary file in `dir`, then renamed over `target` if `target` still
// holds `original`, checked as late as possible. `errno_out` says why a rename failed.
std::string replace_by_rename(const std::string& path, const std::string& target, const struct stat& old,
                              const std::string& original, const std::string& text, const std::string& dir, int& rename_errno) {
  rename_errno = 0;
  std::string tmp = dir + "/.torchlint-tmp-XXXXXX";
  int fd = ::mkstemp(tmp.data());  // mode 0600 until keep_ownership
  if (fd < 0) return path + ": cannot create a temporary file: " + std::strerror(errno) + "; fixes not applied";
  bool written = write_all(fd, text);
  if (written) keep_ownership(fd, old);
  written = written && ::fsync(fd) == 0;
  int write_errno = errno;
  written = ::close(fd) == 0 && written;
  auto fail = [&](std::string note) {
    ::unlink(tmp.c_str());
    return note;
  };
  if (!written) return fail(path + ": write failed: " + std::strerror(write_errno) + "; fixes not applied");
  // An editor may have saved while the new text was written: read the file once more, then
  // make sure that no save came between that reading and the rename (same inode, size, time).
  struct stat checked{}, last{};
  if (!still_holds(target, original, checked)) return fail(changed_note(path));
  if (::lstat(target.c_str(), &last) != 0 || !same_version(last, checked)) return fail(changed_note(path));
  if (::rename(tmp.c_str(), target.c_str()) != 0) {
    rename_errno = errno;
    return fail(path + ": cannot replace the file: " + std::strerror(rename_errno) + "; fixes not applied");
  }
  return "";
}
}  // namespace

std::string write_fixed_file(const std::string& path, const std::string& original, const std::string& text,
                             const std::string& temp_dir) {
  std::error_code ec;
  std::string target = fs::canonical(path, ec).string();  // a link's target; the link stays a link
  if (ec) return path + ": cannot resolve: " + ec.message() + "; fixes not applied";
  struct stat st{};
  if (!still_holds(target, original, st)) return changed_note(path);
  // A read-only file stays as it is (a rename would replace it even so; root may write anything).
  if ((st.st_mode & 0222) == 0 || ::access(target.c_str(), W_OK) != 0) return path + ": not writable; fixes not applied";
  if (st.st_nlink > 1) return rewrite_in_place(path, target, original, text);
  // The private folder keeps a killed run's temporary file out of the project (and of
  // `git add -A`); a rename needs it on the file's file system, else the file's folder serves.
  struct stat temp{};
  int rename_errno = 0;
  if (!temp_dir.empty() && ::stat(temp_dir.c_str(), &temp) == 0 && temp.st_dev == st.st_dev) {
    std::string note = replace_by_rename(path, target, st, original, text, temp_dir, rename_errno);
    if (rename_errno != EXDEV) return note;  // EXDEV: the same file system mounted twice
  }
  return replace_by_rename(path, target, st, original, text, fs::path(target).parent_path().string(), rename_errno);
}

FixOutcome apply_fixes(const RunResult& first, const RuleSetFor& rules_for, unsigned jobs, const FixOptions& options,
                       std::ostream& diff_out, std::map<std::string, std::string>* fixed_texts, bool color) {
  FixOutcome outcome;
  // Only files with something to fix take part; their texts evolve round by round. `texts` are
  // what the analysis reads (lone CRs as LF); `raws` get the same edits at the same offsets and
  // are what is written, so that a fix keeps the file's line ends.
  std::vector<std::string> paths, texts, originals, raws, raw_originals;
  std::map<std::string, size_t> index;
  for (const auto& f : first.sources) {
    bool fixable = false;
    for (const auto& d : first.findings) fixable = fixable || (d.path == f->path && applicable(d, options.unsafe));
    if (!fixable) continue;
    index[f->path] = paths.size();
    paths.push_back(f->path);
    texts.push_back(f->text);
    originals.push_back(f->text);
    raws.push_back(f->original_text());
    raw_originals.push_back(raws.back());
  }
  std::vector<Diagnostic> findings = first.findings;
  std::vector<size_t> applied_in(paths.size(), 0);  // fixes applied per file, all rounds
  for (int round = 0; round < kMaxRounds && !paths.empty(); ++round) {
    std::vector<std::vector<Edit>> edits(paths.size());
    std::vector<size_t> counts(paths.size(), 0);
    std::vector<std::map<std::string, size_t>> rules(paths.size());
    for (const auto& d : findings) {
      auto it = index.find(d.path);
      if (it == index.end() || !applicable(d, options.unsafe)) continue;
      edits[it->second].insert(edits[it->second].end(), d.fix->edits.begin(), d.fix->edits.end());
      ++counts[it->second];
      ++rules[it->second][d.rule_id + " (" + d.rule_name + ")"];
    }
    bool changed = false;
    for (size_t i = 0; i < paths.size(); ++i) {
      if (edits[i].empty()) continue;
      AppliedEdits next = apply_edits(texts[i], edits[i]);
      // The Python parser judges Python; C/C++/CUDA fixes are token edits made by Clang's checks.
      if (!is_cxx_path(paths[i]) && syntax_errors(next.text) > syntax_errors(texts[i])) {
        outcome.notes.push_back(paths[i] + ": fixes not applied: the result would not parse");
        continue;
      }
      outcome.fixes_applied += std::min(counts[i], next.applied);
      applied_in[i] += std::min(counts[i], next.applied);
      for (const auto& [rule, n] : rules[i]) outcome.by_file[paths[i]][rule] += n;
      changed = changed || next.text != texts[i];
      texts[i] = std::move(next.text);
      raws[i] = apply_edits(raws[i], edits[i]).text;
    }
    if (!changed) break;
    // The next round re-analyses Python files; C/C++/CUDA fixes are applied in one round (their
    // edits never overlap: one per launch or call).
    std::vector<std::string> py_paths, py_texts;
    std::vector<const py::RuleSet*> sets;
    for (size_t i = 0; i < paths.size(); ++i) {
      if (is_cxx_path(paths[i])) continue;
      py_paths.push_back(paths[i]);
      py_texts.push_back(texts[i]);
      sets.push_back(rules_for(paths[i]));
    }
    findings = py_paths.empty() ? std::vector<Diagnostic>{} : run_analysis(py_paths, sets, jobs, &py_texts).findings;
  }
  std::optional<std::string> temp_dir;  // made when the first file is written
  for (size_t i = 0; i < paths.size(); ++i) {
    if (texts[i] == originals[i]) continue;
    ++outcome.files_changed;
    if (fixed_texts) (*fixed_texts)[paths[i]] = raws[i];
    if (!options.write) {
      if (!fixed_texts) {
        std::string diff = unified_diff(paths[i], originals[i], texts[i]);
        diff_out << (color ? colorize_diff(diff) : diff);
      }
      continue;
    }
    if (!temp_dir) temp_dir = options.cache_root.empty() ? "" : private_temp_dir(options.cache_root);
    std::string note = write_fixed_file(paths[i], raw_originals[i], raws[i], *temp_dir);
    if (note.empty()) continue;
    outcome.notes.push_back(note);  // the file is as it was: its fixes do not count
    --outcome.files_changed;
    outcome.fixes_applied -= std::min(outcome.fixes_applied, applied_in[i]);
    outcome.by_file.erase(paths[i]);
  }
  return outcome;
}

}  // namespace torchlint
