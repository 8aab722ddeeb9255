#include "cli/torch_requirement.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "cli/toml_safe.h"

namespace torchlint {

namespace fs = std::filesystem;

namespace {

// What one file says: nullopt when it does not name torch.
using Finding = std::optional<TorchRequirement>;

// Dependency files are small; a file over this size is not one (a vendored blob).
constexpr std::uintmax_t kMaxDependencyFileBytes = 1 << 20;

std::optional<std::string> read_small_file(const fs::path& p) {
  std::error_code ec;
  if (!fs::is_regular_file(p, ec) || fs::file_size(p, ec) > kMaxDependencyFileBytes || ec) return std::nullopt;
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The file as the user knows it: relative to the working folder when it is under it.
std::string shown_path(const fs::path& p) {
  std::error_code ec;
  fs::path rel = fs::relative(p, fs::current_path(ec), ec);
  return !ec && !rel.empty() && *rel.begin() != ".." ? rel.string() : p.lexically_normal().string();
}

TorchRequirement requirement_from(const std::string& specifiers, const std::string& file, const std::string& spelled) {
  return {oldest_allowed(specifiers), file + ": " + spelled};
}

// The first requirement line of `lines` that names torch (`conda`: an environment file).
Finding first_torch_line(const std::vector<std::string>& lines, const std::string& file, bool conda = false) {
  for (const std::string& line : lines) {
    std::string_view l = line;
    while (!l.empty() && (l.front() == ' ' || l.front() == '\t')) l.remove_prefix(1);
    if (l.starts_with('-') && !l.starts_with("- ")) continue;  // pip options: -r, -e, --index-url
    if (auto spec = torch_specifiers(l, conda)) {
      std::string shown(l.substr(0, l.find_first_of("#;")));
      while (!shown.empty() && shown.back() == ' ') shown.pop_back();
      return requirement_from(*spec, file, shown);
    }
  }
  return std::nullopt;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) {
    if (!l.empty() && l.back() == '\r') l.pop_back();
    lines.push_back(std::move(l));
  }
  return lines;
}

Finding from_pyproject(const std::string& text, const std::string& file) {
  toml::table doc;
  try {
    doc = parse_toml(text, file);
  } catch (const ConfigError&) {
    return std::nullopt;  // the configuration reader reports a broken pyproject.toml
  }
  std::vector<std::string> deps;
  if (const toml::array* a = doc["project"]["dependencies"].as_array())
    for (const toml::node& d : *a)
      if (auto s = d.value<std::string>()) deps.push_back(*s);
  if (Finding f = first_torch_line(deps, file)) return f;
  // Poetry: `torch = "^2.1"` or `torch = { version = "^2.1", source = "..." }`.
  toml::node_view torch = doc["tool"]["poetry"]["dependencies"]["torch"];
  std::optional<std::string> version = torch.value<std::string>();
  if (!version) version = torch["version"].value<std::string>();
  if (version) return requirement_from(*version, file, "torch = \"" + *version + "\"");
  if (torch) return TorchRequirement{std::nullopt, file + ": torch"};
  return std::nullopt;
}

// `install_requires` of setup.cfg's [options]: on the key's line or indented below it.
Finding from_setup_cfg(const std::string& text, const std::string& file) {
  std::vector<std::string> requires_lines;
  bool in_options = false, in_key = false;
  for (const std::string& line : split_lines(text)) {
    bool indented = !line.empty() && (line[0] == ' ' || line[0] == '\t');
    if (!indented) in_key = false;
    if (!line.empty() && line[0] == '[') {
      in_options = line.starts_with("[options]");
      continue;
    }
    if (in_key) {
      requires_lines.push_back(line);
    } else if (in_options && line.starts_with("install_requires")) {
      size_t eq = line.find('=');
      if (eq == std::string::npos) continue;
      in_key = true;
      requires_lines.push_back(line.substr(eq + 1));
    }
  }
  return first_torch_line(requires_lines, file);
}

// setup.py: its string literals that are requirements (`install_requires=["torch>=2.1"]`).
Finding from_setup_py(const std::string& text, const std::string& file) {
  std::vector<std::string> literals;
  for (size_t i = 0; i < text.size(); ++i) {
    char q = text[i];
    if (q != '"' && q != '\'') continue;
    size_t end = text.find_first_of(std::string(1, q) + "\n", i + 1);
    if (end == std::string::npos) break;
    if (text[end] == q) literals.push_back(text.substr(i + 1, end - i - 1));
    i = end;
  }
  return first_torch_line(literals, file);
}

}  // namespace

std::optional<TorchRequirement> torch_requirement_in_text(const std::string& file, const std::string& text) {
  std::string name = fs::path(file).filename().string();
  if (name == "pyproject.toml") return from_pyproject(text, file);
  if (name == "setup.cfg") return from_setup_cfg(text, file);
  if (name == "setup.py") return from_setup_py(text, file);
  bool conda = name.ends_with(".yml") || name.ends_with(".yaml");
  return first_torch_line(split_lines(text), file, conda);
}

namespace {

// The file a `-r FILE` / `--requirement FILE` line includes ("" for other lines).
std::string included_file(std::string_view line) {
  for (std::string_view option : {"--requirement", "-r"}) {
    if (!line.starts_with(option)) continue;
    line.remove_prefix(option.size());
    if (line.empty() || (line.front() != ' ' && line.front() != '=' && line.front() != '\t')) return "";
    line.remove_prefix(1);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    return std::string(line.substr(0, line.find_first_of(" \t#")));
  }
  return "";
}

// requirements.txt and the files it includes, in order (other requirements files pin tools
// for development, typing or docs, not the versions the project supports).
Finding from_requirements(const fs::path& file, int depth = 0) {
  auto text = read_small_file(file);
  if (!text || depth > 4) return std::nullopt;
  for (const std::string& line : split_lines(*text)) {
    std::string_view l = line;
    while (!l.empty() && (l.front() == ' ' || l.front() == '\t')) l.remove_prefix(1);
    if (std::string inc = included_file(l); !inc.empty()) {
      if (Finding f = from_requirements(file.parent_path() / inc, depth + 1)) return f;
    } else if (Finding f = first_torch_line({line}, shown_path(file))) {
      return f;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<TorchRequirement> torch_requirement_in_folder(const std::string& dir_name) {
  fs::path dir(dir_name.empty() ? "." : dir_name);
  for (const char* name : {"pyproject.toml", "setup.cfg", "setup.py"})
    if (auto text = read_small_file(dir / name))
      if (Finding f = torch_requirement_in_text(shown_path(dir / name), *text)) return f;
  if (Finding f = from_requirements(dir / "requirements.txt")) return f;
  for (const char* name : {"environment.yml", "environment.yaml"})
    if (auto text = read_small_file(dir / name))
      if (Finding f = torch_requirement_in_text(shown_path(dir / name), *text)) return f;
  return std::nullopt;
}

const TorchRequirement& TorchRequirementResolver::for_file(const std::string& path, const Config& config) {
  if (config.torch_version) {
    auto [it, fresh] = by_config_.try_emplace(&config);
    if (fresh) it->second = {config.torch_version, "torch-version = \"" + config.torch_version->str() + "\" (" + config.torch_version_where + ")"};
    return it->second;
  }
  std::error_code ec;
  fs::path abs = fs::absolute(path, ec);
  return for_folder(abs.parent_path().lexically_normal().string());
}

const TorchRequirement& TorchRequirementResolver::for_folder(const std::string& dir) {
  if (auto it = by_dir_.find(dir); it != by_dir_.end()) return it->second;
  TorchRequirement r;
  std::error_code ec;
  fs::path p(dir);
  if (auto found = torch_requirement_in_folder(dir)) r = std::move(*found);
  else if (!fs::exists(p / ".git", ec) && p.has_parent_path() && p.parent_path() != p) r = for_folder(p.parent_path().string());
  return by_dir_[dir] = std::move(r);
}

}  // namespace torchlint
