// Project configuration: `.torchlint.yaml`, or `[tool.torchlint]` in pyproject.toml. For each
// checked file the nearest configuration up its folder chain wins (in one folder,
// .torchlint.yaml before pyproject.toml); command-line flags override it.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/diagnostic.h"

namespace torchlint {

struct ConfigError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Config {
  std::string path;  // the file it came from; "" for the built-in defaults
  std::string root;  // its folder: globs and rule-pack paths are relative to it
  std::optional<std::vector<std::string>> select, ignore;
  std::vector<std::pair<std::string, std::vector<std::string>>> per_file_ignores;  // glob -> codes
  std::vector<std::string> exclude;       // globs
  std::vector<std::string> extend_rules;  // resolved paths of user rule packs
  std::map<std::string, Severity> severity;
};

// Reads one configuration file. Returns nullopt for a pyproject.toml without
// [tool.torchlint]. Throws ConfigError (file:line, "did you mean") for invalid content.
std::optional<Config> load_config_file(const std::string& path);

// Finds and caches the configuration that applies to each file.
class ConfigResolver {
 public:
  // `explicit_path`: --config FILE, used for every file.
  explicit ConfigResolver(std::string explicit_path = "");
  const Config& for_file(const std::string& file_path);

 private:
  const Config* for_directory(const std::string& dir);
  std::map<std::string, const Config*> by_dir_;
  std::vector<std::unique_ptr<Config>> owned_;
  Config defaults_;
  const Config* explicit_ = nullptr;
};

// Whether `path` (relative to the config root) matches a gitignore-style glob; a glob
// without '/' matches the file name in any folder.
bool config_glob_matches(const Config& c, const std::string& glob, const std::string& path);

}  // namespace torchlint
