// Finds the Python files to check: recursive, honours .gitignore files (nested ones too),
// skips version-control, cache, build and virtual-environment folders (ruff's defaults).
// Explicitly named files are always kept; what is skipped on purpose gets a note.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace torchlint {

struct Discovery {
  std::vector<std::string> files;   // sorted, unique
  std::vector<std::string> errors;  // "PATH: reason"
  std::vector<std::string> notes;   // named files skipped on purpose
  std::vector<std::string> named;   // files named on the command line (never excluded)
};

// Python files (.py, .pyi, scripts with a python shebang) and C/C++/CUDA files.
Discovery discover_source_files(const std::vector<std::string>& paths);
bool is_cxx_path(const std::filesystem::path& p);

// gitignore-style glob: `*` and `?` stop at '/', `**` crosses it, `[...]` classes.
bool glob_match(std::string_view pattern, std::string_view text);

}  // namespace torchlint
