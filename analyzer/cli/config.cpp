#include "cli/config.h"

#include <cpptoml.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/discover.h"
#include "rulepack/loader.h"

namespace torchlint {

namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kKeys = {"select",      "ignore",   "per-file-ignores", "exclude",
                                        "extend-rules", "severity", "options"};

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(path + ": cannot read the configuration");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// cpptoml keeps no positions: find the line where `key` is written, for error messages.
int line_of_key(const std::string& text, const std::string& key, int fallback) {
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    size_t b = line.find_first_not_of(" \t\"'");
    if (b != std::string::npos && line.compare(b, key.size(), key) == 0) return n;
  }
  return fallback;
}

[[noreturn]] void unknown_key(const std::string& where, const std::string& key) {
  std::string guess = did_you_mean(key, kKeys);
  throw ConfigError(where + ": unknown key `" + key + "` in the torchlint configuration" +
                    (guess.empty() ? "" : "; did you mean `" + guess + "`?"));
}

Severity severity_or_throw(const std::string& where, const std::string& value) {
  auto s = parse_severity(value);
  if (!s) throw ConfigError(where + ": severity must be error, warning or info, not `" + value + "`");
  return *s;
}

Config from_toml(const std::string& path, const std::string& text, const cpptoml::table& t) {
  Config c;
  auto where = [&](const std::string& key) { return path + ":" + std::to_string(line_of_key(text, key, 1)); };
  auto strings = [&](const std::string& key) {
    auto arr = t.get_array_of<std::string>(key);
    if (!arr) throw ConfigError(where(key) + ": `" + key + "` must be a list of strings");
    return *arr;
  };
  for (const auto& [key, value] : t) {
    if (key == "select") c.select = strings(key);
    else if (key == "ignore") c.ignore = strings(key);
    else if (key == "exclude") c.exclude = strings(key);
    else if (key == "extend-rules") c.extend_rules = strings(key);
    else if (key == "per-file-ignores" || key == "severity" || key == "options") {
      auto table = t.get_table(key);
      if (!table) throw ConfigError(where(key) + ": `" + key + "` must be a table");
      for (const auto& [k, v] : *table) {
        if (key == "per-file-ignores") {
          auto codes = table->get_array_of<std::string>(k);
          if (!codes) throw ConfigError(where(k) + ": per-file-ignores values must be lists of rule codes");
          c.per_file_ignores.push_back({k, *codes});
        } else if (key == "severity") {
          auto s = table->get_as<std::string>(k);
          if (!s) throw ConfigError(where(k) + ": severity values must be strings");
          c.severity[k] = severity_or_throw(where(k), *s);
        } else {
          throw ConfigError(where(k) + ": rule `" + k + "` has no options");
        }
      }
    } else {
      unknown_key(where(key), key);
    }
  }
  return c;
}

Config from_yaml(const std::string& path, const YAML::Node& root) {
  Config c;
  auto where = [&](const YAML::Node& n) {
    return path + ":" + std::to_string(n.Mark().line + 1) + ":" + std::to_string(n.Mark().column + 1);
  };
  auto strings = [&](const YAML::Node& n, const std::string& key) {
    if (!n.IsSequence()) throw ConfigError(where(n) + ": `" + key + "` must be a list of strings");
    std::vector<std::string> out;
    for (const auto& item : n) {
      if (!item.IsScalar()) throw ConfigError(where(item) + ": `" + key + "` must be a list of strings");
      out.push_back(item.Scalar());
    }
    return out;
  };
  if (!root.IsMap()) throw ConfigError(where(root) + ": the configuration must be a mapping");
  for (auto it = root.begin(); it != root.end(); ++it) {
    std::string key = it->first.Scalar();
    YAML::Node v = it->second;  // a copy: `it->` yields a temporary proxy
    if (key == "select") c.select = strings(v, key);
    else if (key == "ignore") c.ignore = strings(v, key);
    else if (key == "exclude") c.exclude = strings(v, key);
    else if (key == "extend-rules") c.extend_rules = strings(v, key);
    else if (key == "per-file-ignores" || key == "severity" || key == "options") {
      if (!v.IsMap()) throw ConfigError(where(v) + ": `" + key + "` must be a mapping");
      for (auto e = v.begin(); e != v.end(); ++e) {
        std::string k = e->first.Scalar();
        if (key == "per-file-ignores") c.per_file_ignores.push_back({k, strings(e->second, key)});
        else if (key == "severity") c.severity[k] = severity_or_throw(where(e->second), e->second.Scalar());
        else throw ConfigError(where(e->first) + ": rule `" + k + "` has no options");
      }
    } else {
      unknown_key(where(it->first), key);
    }
  }
  return c;
}

}  // namespace

std::optional<Config> load_config_file(const std::string& path) {
  std::string text = read_text(path);
  Config c;
  if (fs::path(path).extension() == ".toml") {
    std::istringstream in(text);
    std::shared_ptr<cpptoml::table> doc;
    try {
      doc = cpptoml::parser(in).parse();
    } catch (const cpptoml::parse_exception& e) {
      throw ConfigError(path + ": invalid TOML: " + e.what());
    }
    auto tool = doc->get_table("tool");
    auto own = tool ? tool->get_table("torchlint") : nullptr;
    if (!own) return std::nullopt;
    c = from_toml(path, text, *own);
  } else {
    try {
      YAML::Node root = YAML::Load(text);
      if (root.IsNull()) return Config{path};
      c = from_yaml(path, root);
    } catch (const YAML::Exception& e) {
      throw ConfigError(path + ":" + std::to_string(e.mark.line + 1) + ":" + std::to_string(e.mark.column + 1) +
                        ": invalid YAML: " + e.msg);
    }
  }
  c.path = path;
  c.root = fs::path(path).parent_path().lexically_normal().string();
  for (auto& p : c.extend_rules) p = (fs::path(c.root) / p).lexically_normal().string();
  return c;
}

ConfigResolver::ConfigResolver(std::string explicit_path) {
  if (explicit_path.empty()) return;
  auto c = load_config_file(explicit_path);
  if (!c) throw ConfigError(explicit_path + ": no [tool.torchlint] table");
  owned_.push_back(std::make_unique<Config>(std::move(*c)));
  explicit_ = owned_.back().get();
}

const Config* ConfigResolver::for_directory(const std::string& dir) {
  auto it = by_dir_.find(dir);
  if (it != by_dir_.end()) return it->second;
  const Config* found = nullptr;
  for (const char* name : {".torchlint.yaml", "pyproject.toml"}) {
    fs::path candidate = fs::path(dir) / name;
    std::error_code ec;
    if (!fs::is_regular_file(candidate, ec)) continue;
    // Name it relative to the working folder when it is below it, as users typed paths.
    fs::path rel = candidate.lexically_relative(fs::current_path(ec));
    if (!rel.empty() && *rel.begin() != "..") candidate = rel;
    if (auto c = load_config_file(candidate.string())) {
      owned_.push_back(std::make_unique<Config>(std::move(*c)));
      found = owned_.back().get();
      break;
    }
  }
  if (!found) {
    fs::path parent = fs::path(dir).parent_path();
    found = parent.empty() || parent == fs::path(dir) ? &defaults_ : for_directory(parent.string());
  }
  by_dir_[dir] = found;
  return found;
}

const Config& ConfigResolver::for_file(const std::string& file_path) {
  if (explicit_) return *explicit_;
  std::error_code ec;
  fs::path abs = fs::absolute(file_path, ec).lexically_normal();
  return *for_directory(abs.parent_path().string());
}

bool config_glob_matches(const Config& c, const std::string& glob, const std::string& path) {
  std::error_code ec;
  fs::path rel = c.root.empty() ? fs::path(path) : fs::relative(fs::absolute(path, ec), c.root, ec);
  std::string r = rel.generic_string();
  if (glob.find('/') == std::string::npos) return glob_match(glob, rel.filename().string()) || glob_match(glob, r);
  return glob_match(glob.front() == '/' ? glob.substr(1) : glob, r);
}

}  // namespace torchlint
