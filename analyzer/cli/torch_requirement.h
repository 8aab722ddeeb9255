// Which PyTorch a checked file's project supports: the configuration's `torch-version`, or what
// the nearest dependency files say about torch.
#pragma once
#include <map>
#include <optional>
#include <string>

#include "cli/config.h"
#include "core/torch_version.h"

namespace torchlint {

// What the dependency files of one folder say about torch, read in this order, the first file
// that names torch deciding: pyproject.toml (`[project] dependencies`, Poetry's
// `[tool.poetry.dependencies]`), setup.cfg (`install_requires`), setup.py (its requirement
// strings), requirements.txt (and the files it includes with `-r`), environment.yml.
// nullopt when none names torch; a requirement without a lower bound (`torch`, `torch<3`) gives
// an unknown version: the package then allows any torch.
std::optional<TorchRequirement> torch_requirement_in_folder(const std::string& dir);
// The same for one file's text; its name (pyproject.toml, setup.cfg, setup.py, anything else:
// one requirement per line) says how to read it.
std::optional<TorchRequirement> torch_requirement_in_text(const std::string& file, const std::string& text);

class TorchRequirementResolver {
 public:
  // The configuration's `torch-version` when it has one; else the dependency files of the
  // file's folder and its parents, up to the repository root (the folder with .git).
  const TorchRequirement& for_file(const std::string& path, const Config& config);

 private:
  const TorchRequirement& for_folder(const std::string& dir);
  std::map<std::string, TorchRequirement> by_dir_;
  std::map<const Config*, TorchRequirement> by_config_;
};

}  // namespace torchlint
