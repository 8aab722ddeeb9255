#include "cli/fixer.h"

#include "cli/discover.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>

#include "cli/terminal.h"
#include "cli/unified_diff.h"
#include "core/fix_applier.h"

namespace torchlint {

namespace {
constexpr int kMaxRounds = 10;

bool applicable(const Diagnostic& d, bool unsafe) {
  if (!d.fix || d.fix->edits.empty()) return false;
  return d.fix->applicability == Applicability::Safe || (unsafe && d.fix->applicability == Applicability::Unsafe);
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
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

FixOutcome apply_fixes(const RunResult& first, const RuleSetFor& rules_for, unsigned jobs, const FixOptions& options,
                       std::ostream& diff_out, std::map<std::string, std::string>* fixed_texts, bool color) {
  FixOutcome outcome;
  // Only files with something to fix take part; their texts evolve round by round.
  std::vector<std::string> paths, texts, originals;
  std::map<std::string, size_t> index;
  for (const auto& f : first.sources) {
    bool fixable = false;
    for (const auto& d : first.findings) fixable = fixable || (d.path == f->path && applicable(d, options.unsafe));
    if (!fixable) continue;
    index[f->path] = paths.size();
    paths.push_back(f->path);
    texts.push_back(f->text);
    originals.push_back(f->text);
  }
  std::vector<Diagnostic> findings = first.findings;
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
      for (const auto& [rule, n] : rules[i]) outcome.by_file[paths[i]][rule] += n;
      changed = changed || next.text != texts[i];
      texts[i] = std::move(next.text);
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
  for (size_t i = 0; i < paths.size(); ++i) {
    if (texts[i] == originals[i]) continue;
    ++outcome.files_changed;
    if (fixed_texts) (*fixed_texts)[paths[i]] = texts[i];
    if (!options.write) {
      if (!fixed_texts) {
        std::string diff = unified_diff(paths[i], originals[i], texts[i]);
        diff_out << (color ? colorize_diff(diff) : diff);
      }
      continue;
    }
    // A read-only file stays as it is (a rename would replace it even so); so does a file that
    // changed on disk since it was read (an editor saved it meanwhile).
    struct stat st{};
    bool no_write_bits = ::stat(paths[i].c_str(), &st) == 0 && (st.st_mode & 0222) == 0;  // even for root
    if (no_write_bits || ::access(paths[i].c_str(), W_OK) != 0) {
      outcome.notes.push_back(paths[i] + ": not writable; fixes not applied");
      continue;
    }
    if (read_file(paths[i]) != originals[i]) {
      outcome.notes.push_back(paths[i] + ": changed on disk while torchlint ran; fixes not applied");
      continue;
    }
    std::string err = write_file_atomically(paths[i], texts[i]);
    if (!err.empty()) outcome.notes.push_back(err);
  }
  return outcome;
}

}  // namespace torchlint
