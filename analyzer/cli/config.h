// Project configuration: `.torchlint.yaml`, or `[tool.torchlint]` in pyproject.toml. For each
// checked file the nearest configuration up its folder chain wins (in one folder,
// .torchlint.yaml before pyproject.toml); `--config KEY=VALUE` overrides apply on top of
// every configuration, and selection flags on top of that. A configuration with `extend =
// "PATH"` starts from that file's settings; each key it writes replaces the base's.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/torch_version.h"

namespace torchlint {

// One or more problems, one per line, each starting with its `file:line:col`.
struct ConfigError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Config {
  std::string path;  // the file it came from; "" for the built-in defaults
  std::string root;  // its folder: globs and rule-pack paths are relative to it
  std::optional<std::vector<std::string>> select, ignore;
  std::vector<std::string> extend_select, extend_ignore;
  std::vector<std::pair<std::string, std::vector<std::string>>> per_file_ignores;  // glob -> codes
  std::vector<std::string> exclude;       // globs
  // Where the globs of `exclude` and `per-file-ignores` are relative to when not `root`: the
  // folder of the configuration that wrote them (taken through `extend`).
  std::string exclude_root, per_file_ignores_root;
  // Resolved paths of user rule packs; from a configuration file, only those inside its project
  // (the top of its git work tree, else its folder): the others are errors.
  std::vector<std::string> extend_rules;
  std::map<std::string, Severity> severity;
  bool force_exclude = false;
  // `torch-version`: the oldest PyTorch the project supports, and where it was written.
  std::optional<TorchVersion> torch_version;
  std::string torch_version_where;
  // `max-file-size` (written in MiB): larger files are skipped with a note.
  std::optional<uint64_t> max_file_size;
  // Where each rule code was written, for errors found once the rules are known:
  // "severity", "per-file-ignores", "select", ... -> (code, "file:line:col").
  std::map<std::string, std::vector<std::pair<std::string, std::string>>> code_locations;
  // Problems found while reading ("file:line:col: what"), reported together with unknown rule
  // codes once the rules are known, so one run lists every problem.
  std::vector<std::string> errors;
};

// Files larger than this are skipped with a note (`max-file-size`, `--max-file-size`, in MiB):
// generated code, data saved as .py; their syntax trees would take ~33 bytes per byte.
constexpr uint64_t kDefaultMaxFileSizeMiB = 10;
constexpr uint64_t kMaxFileSizeMiB = 4095;  // byte offsets are 32-bit

// The keys a configuration may have (also the source of the JSON Schema).
const std::vector<std::string>& config_keys();

// Reads one configuration file. Returns nullopt for a pyproject.toml without
// [tool.torchlint]. Throws ConfigError for a file that is not valid TOML/YAML; other problems
// are kept in Config::errors (file:line:col, "did you mean").
std::optional<Config> load_config_file(const std::string& path);
// The same for text already read; `path` names it and picks the syntax (`.toml`: TOML).
std::optional<Config> parse_config_text(const std::string& text, const std::string& path);

// Applies `--config 'KEY = VALUE'` overrides (TOML syntax, as in [tool.torchlint]) on top of `c`.
// Throws ConfigError for an invalid override.
void apply_config_overrides(Config& c, const std::vector<std::string>& overrides);

// Whether a `--config` value is an override (`KEY = VALUE`) rather than a file path.
bool is_config_override(const std::string& value);

// Finds and caches the configuration that applies to each file.
class ConfigResolver {
 public:
  // `explicit_path`: --config FILE, used for every file; `overrides`: --config KEY=VALUE.
  explicit ConfigResolver(std::string explicit_path = "", std::vector<std::string> overrides = {});
  const Config& for_file(const std::string& file_path);
  // The built-in defaults with the overrides applied (no configuration file).
  const Config& defaults() const { return defaults_; }

 private:
  const Config* for_directory(const std::string& dir);
  std::map<std::string, const Config*> by_dir_;
  std::vector<std::unique_ptr<Config>> owned_;
  std::vector<std::string> overrides_;
  Config defaults_;
  const Config* explicit_ = nullptr;
};

// The largest file checked under `c`, in bytes (`max-file-size`, else the default).
uint64_t max_file_bytes(const Config& c);
// The note for a file of `size` bytes over that size ("PATH: 12.0 MiB, over the 10 MiB
// max-file-size; skipped"), or "" when it is within it.
std::string over_max_file_size(const Config& c, const std::string& path, uint64_t size);

// Whether `path` (relative to the config root) matches a gitignore-style glob; a glob
// without '/' matches the file name in any folder.
bool config_glob_matches(const Config& c, const std::string& glob, const std::string& path);

// Whether `path` is excluded by the configuration's `exclude` globs (also through any of
// its parent folders, relative to the configuration's root).
bool config_excludes(const Config& c, const std::string& path);

}  // namespace torchlint
