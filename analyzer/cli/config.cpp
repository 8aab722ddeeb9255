#include "cli/config.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/discover.h"
#include "cli/toml_safe.h"
#include "core/file_reading.h"
#include "rulepack/document_budget.h"
#include "rulepack/loader.h"

namespace toml {
void assertion_failed(const char* what) { throw internal_error(std::string("malformed input: ") + what); }
}  // namespace toml

namespace torchlint {

namespace fs = std::filesystem;

const std::vector<std::string>& config_keys() {
  static const std::vector<std::string> keys = {
      "select",        "ignore",  "extend-select", "extend-ignore", "per-file-ignores", "exclude",
      "force-exclude", "extend-rules", "severity", "torch-version", "max-file-size", "options", "extend"};
  return keys;
}

namespace {

// A configuration value, whichever syntax it was written in: TOML and YAML are read into
// this and judged by one reader, so both give the same errors at their own positions.
struct RawValue {
  enum Kind { kString, kBool, kInteger, kList, kTable, kOther } kind = kOther;
  std::string where;  // file:line:col
  std::string text;   // kString (and YAML scalars), kInteger (its digits)
  bool flag = false;  // kBool
  std::vector<RawValue> items;                                 // kList
  // kTable, in source order: names, values and where each key is (parallel lists; a vector of
  // the incomplete RawValue is allowed, a pair holding one is not).
  std::vector<std::string> field_names;
  std::vector<RawValue> field_values;
  std::vector<std::string> field_where;
};

std::string at(const std::string& path, int line, int column) {
  return path + ":" + std::to_string(line) + ":" + std::to_string(column);
}

// Both readers walk the parsed document through a DocumentBudget: YAML aliases can make it
// cyclic or exponentially large, and TOML arrays can be long.
void enter(const DocumentBudget::Enter& entered, const std::string& where) {
  if (std::string exceeded = entered.exceeded(); !exceeded.empty())
    throw ConfigError(where + ": values in the configuration " + exceeded);
}

RawValue from_toml(const std::string& path, const toml::node& n, DocumentBudget& budget) {
  RawValue v;
  v.where = at(path, n.source().begin.line, n.source().begin.column);
  DocumentBudget::Enter entered(budget);
  enter(entered, v.where);
  if (auto s = n.value<std::string>(); s && n.is_string()) {
    v.kind = RawValue::kString;
    v.text = *s;
  } else if (n.is_boolean()) {
    v.kind = RawValue::kBool;
    v.flag = *n.value<bool>();
  } else if (n.is_integer()) {
    v.kind = RawValue::kInteger;
    v.text = std::to_string(*n.value<int64_t>());
  } else if (const toml::array* a = n.as_array()) {
    v.kind = RawValue::kList;
    for (const toml::node& item : *a) v.items.push_back(from_toml(path, item, budget));
  } else if (const toml::table* t = n.as_table()) {
    v.kind = RawValue::kTable;
    for (const auto& [key, value] : *t) {
      v.field_names.emplace_back(key.str());
      v.field_values.push_back(from_toml(path, value, budget));
      v.field_where.push_back(at(path, key.source().begin.line, key.source().begin.column));
    }
  }
  return v;
}

RawValue from_yaml(const std::string& path, const YAML::Node& n, DocumentBudget& budget) {
  RawValue v;
  v.where = at(path, n.Mark().line + 1, n.Mark().column + 1);
  DocumentBudget::Enter entered(budget);
  enter(entered, v.where);
  if (n.IsScalar()) {
    v.kind = RawValue::kString;
    v.text = n.Scalar();
    if (v.text == "true" || v.text == "false") v.flag = v.text == "true";
  } else if (n.IsSequence()) {
    v.kind = RawValue::kList;
    for (const auto& item : n) v.items.push_back(from_yaml(path, item, budget));
  } else if (n.IsMap()) {
    v.kind = RawValue::kTable;
    for (auto it = n.begin(); it != n.end(); ++it) {
      YAML::Node key = it->first, value = it->second;  // copies: `it->` yields a temporary proxy
      v.field_names.push_back(key.Scalar());
      v.field_values.push_back(from_yaml(path, value, budget));
      v.field_where.push_back(at(path, key.Mark().line + 1, key.Mark().column + 1));
    }
  }
  return v;
}

// Reads the keys of one [tool.torchlint] table into `c`; a key that is present replaces the
// value `c` had. Problems are collected, not thrown, so one run reports all of them.
class ConfigReader {
 public:
  ConfigReader(Config& c, std::vector<std::string>& errors) : c_(c), errors_(errors) {}

  void read(const RawValue& table) {
    if (table.kind != RawValue::kTable) return error(table.where, "the configuration must be a table of keys");
    for (size_t i = 0; i < table.field_names.size(); ++i)
      read_key(table.field_names[i], table.field_where[i], table.field_values[i]);
  }

  // Where each `extend-rules` entry was written, parallel to Config::extend_rules.
  std::vector<std::string> pack_where;

 private:
  void error(const std::string& where, const std::string& what) { errors_.push_back(where + ": " + what); }

  std::optional<std::vector<std::string>> strings(const std::string& key, const RawValue& v) {
    bool ok = v.kind == RawValue::kList;
    std::vector<std::string> out;
    for (const RawValue& item : v.items) {
      ok = ok && item.kind == RawValue::kString;
      out.push_back(item.text);
    }
    if (!ok) {
      error(v.where, "`" + key + "` must be a list of strings");
      return std::nullopt;
    }
    return out;
  }

  // The rule codes of a list, remembered with their positions for validation against the rules.
  std::optional<std::vector<std::string>> codes(const std::string& key, const RawValue& v) {
    auto out = strings(key, v);
    if (out)
      for (const RawValue& item : v.items) c_.code_locations[key].push_back({item.text, item.where});
    return out;
  }

  void read_key(const std::string& key, const std::string& key_where, const RawValue& v) {
    if (key == "select") {
      if (auto s = codes(key, v)) c_.select = *s;
    } else if (key == "ignore") {
      if (auto s = codes(key, v)) c_.ignore = *s;
    } else if (key == "extend-select") {
      if (auto s = codes(key, v)) c_.extend_select = *s;
    } else if (key == "extend-ignore") {
      if (auto s = codes(key, v)) c_.extend_ignore = *s;
    } else if (key == "exclude") {
      if (auto s = strings(key, v)) c_.exclude = *s, c_.exclude_root.clear();
    } else if (key == "extend-rules") {
      if (auto s = strings(key, v)) {
        c_.extend_rules = *s;
        pack_where.clear();
        for (const RawValue& item : v.items) pack_where.push_back(item.where);
      }
    } else if (key == "max-file-size") {
      read_max_file_size(v);
    } else if (key == "force-exclude") {
      if (v.kind == RawValue::kBool || (v.kind == RawValue::kString && (v.text == "true" || v.text == "false")))
        c_.force_exclude = v.flag;
      else
        error(v.where, "`force-exclude` must be true or false");
    } else if (key == "torch-version") {
      read_torch_version(v);
    } else if (key == "per-file-ignores" || key == "severity" || key == "options") {
      read_table(key, v);
    } else if (key == "extend") {  // read before the other keys: see extended_base()
    } else {
      std::string guess = did_you_mean(key, config_keys());
      error(key_where, "unknown key `" + key + "` in the torchlint configuration" +
                           (guess.empty() ? "" : "; did you mean `" + guess + "`?"));
    }
  }

  // A release: "2.4" (or "2.4.1"; the patch is ignored). A TOML number would lose "2.10".
  void read_torch_version(const RawValue& v) {
    bool plain = v.kind == RawValue::kString && !v.text.empty() &&
                 v.text.find_first_not_of("0123456789.") == std::string::npos;
    auto version = plain ? parse_torch_version(v.text) : std::nullopt;
    if (!version)
      return error(v.where, "`torch-version` must be a quoted release such as \"2.4\" (the oldest PyTorch the project supports), not " +
                                (v.kind == RawValue::kString ? "`" + v.text + "`" : "an unquoted value"));
    c_.torch_version = version;
    c_.torch_version_where = v.where;
  }

  // Whole MiB, as `--max-file-size` takes it; byte offsets are 32-bit, so below 4 GiB.
  void read_max_file_size(const RawValue& v) {
    bool digits = (v.kind == RawValue::kInteger || v.kind == RawValue::kString) && !v.text.empty() &&
                  v.text.size() <= 4 && v.text.find_first_not_of("0123456789") == std::string::npos;
    uint64_t mib = digits ? std::stoull(v.text) : 0;
    if (mib < 1 || mib > kMaxFileSizeMiB)
      return error(v.where, "`max-file-size` must be a whole number of MiB from 1 to " + std::to_string(kMaxFileSizeMiB));
    c_.max_file_size = mib << 20;
  }

  void read_table(const std::string& key, const RawValue& v) {
    if (v.kind != RawValue::kTable) return error(v.where, "`" + key + "` must be a table");
    if (key == "per-file-ignores") c_.per_file_ignores.clear(), c_.per_file_ignores_root.clear();
    if (key == "severity") c_.severity.clear();
    for (size_t i = 0; i < v.field_names.size(); ++i) {
      const std::string& k = v.field_names[i];
      const RawValue& value = v.field_values[i];
      const std::string& where = v.field_where[i];
      if (key == "per-file-ignores") {
        if (value.kind != RawValue::kList) {
          error(value.where, "per-file-ignores values must be lists of rule codes");
        } else if (auto s = codes(key, value)) {
          c_.per_file_ignores.push_back({k, *s});
        }
      } else if (key == "severity") {
        c_.code_locations[key].push_back({k, where});
        auto s = value.kind == RawValue::kString ? parse_severity(value.text) : std::nullopt;
        if (!s) error(value.where, "severity must be \"error\", \"warning\" or \"info\", not " + describe(value));
        else c_.severity[k] = *s;
      } else {
        error(where, "rule `" + k + "` has no options");
      }
    }
  }

  static std::string describe(const RawValue& v) {
    return v.kind == RawValue::kString ? "`" + v.text + "`" : "a value of another type";
  }

  Config& c_;
  std::vector<std::string>& errors_;
};

std::string read_text(const std::string& path) {
  FileRead file = read_regular_file(path, kMaxRulePackBytes);  // as small as rule packs
  if (!file.ok()) throw ConfigError(path + ": " + file.problem + "; cannot use it as the configuration");
  return std::move(file.text);
}

// The folder a repository's configuration may name files in: the top of its git work tree
// (a `.git` folder or file), else its own folder. Symbolic links resolved.
fs::path project_root_of(const fs::path& config_dir) {
  std::error_code ec;
  fs::path dir = fs::weakly_canonical(fs::absolute(config_dir, ec), ec);
  for (fs::path p = dir; !p.empty(); p = p.parent_path()) {
    if (fs::exists(p / ".git", ec)) return p;
    if (p == p.parent_path()) break;
  }
  return dir;
}

// A configuration in a repository names rule packs inside that repository only: a pull request
// must not make torchlint read the CI machine's other files. Entries that lead elsewhere
// (`../`, absolute paths, symbolic links) are errors at their position, and dropped.
void keep_packs_inside_project(Config& c, const std::vector<std::string>& where, std::vector<std::string>& errors) {
  fs::path root = project_root_of(c.root.empty() ? "." : c.root);
  std::vector<std::string> kept;
  for (size_t i = 0; i < c.extend_rules.size(); ++i) {
    std::error_code ec;
    fs::path target = fs::weakly_canonical(fs::absolute(c.extend_rules[i], ec), ec);
    if (!ec && is_within(target, root)) {
      kept.push_back(c.extend_rules[i]);
      continue;
    }
    errors.push_back((i < where.size() ? where[i] : c.path) + ": `extend-rules` entry `" + c.extend_rules[i] +
                     "` is outside the project (" + root.string() +
                     "); a configuration names rule packs inside its project, `--rules` names any");
  }
  c.extend_rules = std::move(kept);
}

std::string joined(const std::vector<std::string>& items, const char* separator = "\n") {
  std::string out;
  for (const auto& e : items) out += (out.empty() ? "" : separator) + e;
  return out;
}

// TOML allows no control characters but tab and newlines (LF, CRLF), and non-ASCII text only inside strings
// and comments. Checking both here gives a located error, and keeps such bytes away from
// toml++ 3.3's parser, which asserts or reaches `unreachable` on some of them (found by fuzzing).
void check_toml_characters(const std::string& text, const std::string& path) {
  enum { kCode, kComment, kBasic, kLiteral, kMultiBasic, kMultiLiteral } state = kCode;
  int line = 1, column = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    auto starts = [&](const char* s) { return text.compare(i, std::strlen(s), s) == 0; };
    bool lone_cr = c == '\r' && (i + 1 == text.size() || text[i + 1] != '\n');  // newlines are LF or CRLF
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F || lone_cr)
      throw ConfigError(at(path, line, column) + ": invalid TOML: control character " + std::to_string(c));
    if (c >= 0x80 && (state == kCode))
      throw ConfigError(at(path, line, column) + ": invalid TOML: a non-ASCII character outside a string or comment");
    switch (state) {
      case kCode:
        if (c == '#') state = kComment;
        else if (starts("\"\"\"")) state = kMultiBasic, i += 2, column += 2;
        else if (starts("'''")) state = kMultiLiteral, i += 2, column += 2;
        else if (c == '"') state = kBasic;
        else if (c == '\'') state = kLiteral;
        break;
      case kComment:
        if (c == '\n') state = kCode;
        break;
      case kBasic:
        if (c == '\\' && i + 1 < text.size() && text[i + 1] != '\n') ++i, ++column;
        else if (c == '"' || c == '\n') state = kCode;
        break;
      case kLiteral:
        if (c == '\'' || c == '\n') state = kCode;
        break;
      case kMultiBasic:
        if (c == '\\' && i + 1 < text.size()) ++i, ++column;
        else if (starts("\"\"\"")) state = kCode, i += 2, column += 2;
        break;
      case kMultiLiteral:
        if (starts("'''")) state = kCode, i += 2, column += 2;
        break;
    }
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
      ++column;
    }
  }
}

}  // namespace

toml::table parse_toml(const std::string& text, const std::string& path) {
  check_toml_characters(text, path);
  try {
    return toml::parse(text, path);
  } catch (const toml::parse_error& e) {
    throw ConfigError(at(path, e.source().begin.line, e.source().begin.column) + ": invalid TOML: " +
                      std::string(e.description()));
  } catch (const toml::internal_error& e) {
    throw ConfigError(path + ": invalid TOML (" + e.what() + ")");
  }
}

namespace {

// The [tool.torchlint] table of a pyproject.toml (nullopt without one), or a .torchlint.yaml.
std::optional<RawValue> config_table(const std::string& text, const std::string& path, DocumentBudget& budget) {
  if (fs::path(path).extension() == ".toml") {
    toml::table doc = parse_toml(text, path);
    const toml::node* own = doc["tool"]["torchlint"].node();
    if (!own) return std::nullopt;
    return from_toml(path, *own, budget);
  }
  try {
    YAML::Node root = YAML::Load(text);
    if (root.IsNull()) {  // an empty file: no keys
      RawValue empty;
      empty.kind = RawValue::kTable;
      return empty;
    }
    return from_yaml(path, root, budget);
  } catch (const YAML::Exception& e) {
    throw ConfigError(at(path, e.mark.line + 1, e.mark.column + 1) + ": invalid YAML: " + e.msg);
  }
}

std::optional<Config> read_config(const std::string& text, const std::string& path, std::vector<std::string> chain);

// `extend = "../pyproject.toml"`: the configuration this one starts from, read first and
// relative to this file's folder. Like `extend-rules`, it must be inside the project: a
// repository's configuration cannot make torchlint read the machine's other files.
Config extended_base(const RawValue& value, const std::string& path, std::vector<std::string> chain) {
  if (value.kind != RawValue::kString || value.text.empty())
    throw ConfigError(value.where + ": `extend` must be the path of a configuration file");
  fs::path folder = fs::path(path).parent_path();
  std::string base = (folder / value.text).lexically_normal().string();
  std::error_code ec;
  fs::path target = fs::weakly_canonical(fs::absolute(base, ec), ec);
  fs::path root = project_root_of(folder.empty() ? "." : folder);
  if (ec || !is_within(target, root))
    throw ConfigError(value.where + ": `extend` names `" + value.text + "`, outside the project (" + root.string() +
                      "); a configuration extends one inside its project");
  chain.push_back(fs::weakly_canonical(fs::absolute(path, ec), ec).string());
  if (std::find(chain.begin(), chain.end(), target.string()) != chain.end())
    throw ConfigError(value.where + ": `extend` makes a cycle: " + joined(chain, " -> ") + " -> " + target.string());
  FileRead file = read_regular_file(base, kMaxRulePackBytes);
  if (!file.ok()) throw ConfigError(value.where + ": `extend`: " + base + ": " + file.problem);
  std::optional<Config> c = read_config(file.text, base, chain);
  if (!c) throw ConfigError(value.where + ": `extend`: " + base + " has no [tool.torchlint] table");
  // Its globs stay relative to its own folder.
  if (c->exclude_root.empty()) c->exclude_root = c->root;
  if (c->per_file_ignores_root.empty()) c->per_file_ignores_root = c->root;
  return std::move(*c);
}

// `chain`: the files that extend this one, to refuse cycles.
std::optional<Config> read_config(const std::string& text, const std::string& path, std::vector<std::string> chain) {
  DocumentBudget budget;
  std::optional<RawValue> table = config_table(text, path, budget);
  if (!table) return std::nullopt;
  Config c;
  for (size_t i = 0; table->kind == RawValue::kTable && i < table->field_names.size(); ++i)
    if (table->field_names[i] == "extend") c = extended_base(table->field_values[i], path, chain);
  std::vector<std::string> errors = std::move(c.errors), base_packs = c.extend_rules;
  ConfigReader reader(c, errors);
  reader.read(*table);
  c.path = path;
  c.root = fs::path(path).parent_path().lexically_normal().string();
  if (c.extend_rules != base_packs) {  // written here: relative to this file
    for (auto& p : c.extend_rules) p = (fs::path(c.root) / p).lexically_normal().string();
    keep_packs_inside_project(c, reader.pack_where, errors);
  }
  c.errors = std::move(errors);
  return c;
}

}  // namespace

std::optional<Config> load_config_file(const std::string& path) { return parse_config_text(read_text(path), path); }

std::optional<Config> parse_config_text(const std::string& text, const std::string& path) {
  return read_config(text, path, {});
}

bool is_config_override(const std::string& value) { return value.find('=') != std::string::npos; }

void apply_config_overrides(Config& c, const std::vector<std::string>& overrides) {
  std::vector<std::string> errors;
  for (const std::string& o : overrides) {
    std::string label = "--config '" + o + "'";
    toml::table t = parse_toml(o, label);
    if (t.contains("extend")) {  // a base is read before the file's keys, not on top of them
      errors.push_back(label + ": `extend` belongs in a configuration file; name that file with --config FILE");
      continue;
    }
    std::vector<std::string> packs_before = c.extend_rules;
    DocumentBudget budget;
    ConfigReader(c, errors).read(from_toml(label, t, budget));
    if (c.extend_rules != packs_before)  // relative to the working folder, as typed
      for (auto& p : c.extend_rules) p = fs::path(p).lexically_normal().string();
  }
  if (!errors.empty()) throw ConfigError(joined(errors));
}

ConfigResolver::ConfigResolver(std::string explicit_path, std::vector<std::string> overrides)
    : overrides_(std::move(overrides)) {
  apply_config_overrides(defaults_, overrides_);
  if (explicit_path.empty()) return;
  auto c = load_config_file(explicit_path);
  if (!c) throw ConfigError(explicit_path + ": no [tool.torchlint] table");
  apply_config_overrides(*c, overrides_);
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
    if (fs::is_symlink(candidate, ec) && !is_within(fs::canonical(candidate, ec), project_root_of(dir)))
      throw ConfigError(candidate.string() + ": a symbolic link out of the project; not read");
    // Name it relative to the working folder when it is below it, as users typed paths.
    fs::path rel = candidate.lexically_relative(fs::current_path(ec));
    if (!rel.empty() && *rel.begin() != "..") candidate = rel;
    if (auto c = load_config_file(candidate.string())) {
      apply_config_overrides(*c, overrides_);
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

namespace {
// `path` relative to the configuration's folder (the working folder for the defaults), with '/'.
std::string relative_to_config(const std::string& root, const std::string& path) {
  std::error_code ec;
  fs::path base = root.empty() ? fs::current_path(ec) : fs::absolute(root, ec);
  return fs::absolute(path, ec).lexically_normal().lexically_relative(base.lexically_normal()).generic_string();
}

// A glob without '/' matches the last component (or the whole relative path); one with '/'
// matches the relative path, a leading '/' anchoring it at the configuration's folder.
bool glob_matches_relative(const std::string& glob, std::string_view rel) {
  if (glob.find('/') == std::string::npos) {
    size_t slash = rel.rfind('/');
    return glob_match(glob, slash == std::string_view::npos ? rel : rel.substr(slash + 1)) || glob_match(glob, rel);
  }
  return glob_match(glob.front() == '/' ? std::string_view(glob).substr(1) : std::string_view(glob), rel);
}
}  // namespace

uint64_t max_file_bytes(const Config& c) { return c.max_file_size.value_or(kDefaultMaxFileSizeMiB << 20); }

std::string over_max_file_size(const Config& c, const std::string& path, uint64_t size) {
  uint64_t cap = max_file_bytes(c);
  if (size <= cap) return "";
  return path + ": " + describe_size(size) + ", over the " + describe_size(cap) + " max-file-size; skipped";
}

bool config_glob_matches(const Config& c, const std::string& glob, const std::string& path) {
  return glob_matches_relative(glob, relative_to_config(c.per_file_ignores_root.empty() ? c.root : c.per_file_ignores_root, path));
}

bool config_excludes(const Config& c, const std::string& path) {
  if (c.exclude.empty()) return false;
  // The file, then each folder above it up to the configuration's folder: one path
  // computation per file, not one per folder and glob.
  std::string rel = relative_to_config(c.exclude_root.empty() ? c.root : c.exclude_root, path);
  for (std::string_view p = rel; !p.empty() && p != "." && p != "..";) {
    for (const auto& g : c.exclude)
      if (glob_matches_relative(g, p)) return true;
    size_t slash = p.rfind('/');
    if (slash == std::string_view::npos) break;
    p = p.substr(0, slash);
  }
  return false;
}

}  // namespace torchlint
