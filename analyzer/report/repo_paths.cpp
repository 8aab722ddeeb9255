#include "report/repo_paths.h"

#include <filesystem>

namespace torchlint {

namespace fs = std::filesystem;

namespace {
// The nearest folder at or above `start` holding `.git` (a folder, or a file in a worktree).
fs::path repository_root(const fs::path& start) {
  std::error_code ec;
  for (fs::path dir = start; !dir.empty(); dir = dir.parent_path()) {
    if (fs::exists(dir / ".git", ec)) return dir;
    if (dir == dir.parent_path()) break;
  }
  return start;
}
}  // namespace

RepoPaths::RepoPaths() {
  std::error_code ec;
  fs::path cwd = fs::current_path(ec).lexically_normal();
  root_ = repository_root(cwd).generic_string();
  if (!root_.ends_with('/')) root_ += '/';
}

std::optional<std::string> RepoPaths::relative(const std::string& path) const {
  std::error_code ec;
  std::string abs = fs::absolute(path, ec).lexically_normal().generic_string();
  if (ec || !abs.starts_with(root_)) return std::nullopt;
  return abs.substr(root_.size());
}

std::string RepoPaths::relative_or_absolute(const std::string& path) const {
  std::error_code ec;
  return relative(path).value_or(fs::absolute(path, ec).lexically_normal().generic_string());
}

}  // namespace torchlint
