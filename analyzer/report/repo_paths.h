// File paths as code hosts read them: relative to the root of the repository that holds the
// working folder (SARIF's %SRCROOT%, GitHub annotations and reviews, GitLab Code Quality),
// whichever subfolder torchlint runs from. Outside any repository the working folder is the root.
#pragma once
#include <optional>
#include <string>

namespace torchlint {

class RepoPaths {
 public:
  RepoPaths();  // finds the root from the current directory
  // Absolute, ending in '/'.
  const std::string& root() const { return root_; }
  // `path` (relative to the working folder, or absolute) relative to the root, '/'-separated;
  // nullopt when it lies outside the root.
  std::optional<std::string> relative(const std::string& path) const;
  // relative(path), or the absolute path for a file outside the root.
  std::string relative_or_absolute(const std::string& path) const;

 private:
  std::string root_;
};

}  // namespace torchlint
