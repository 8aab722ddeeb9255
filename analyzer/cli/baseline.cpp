#include "cli/baseline.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "cli/fixer.h"

namespace torchlint {

namespace {
constexpr int kContextLines = 1;  // lines above and below that take part in the key
constexpr int kFormat = 2;

std::string normalised(std::string_view line) {
  std::string out;
  for (char c : line)
    if (c != ' ' && c != '\t' && c != '\r') out += c;
  return out;
}

uint64_t fnv1a(std::string_view s, uint64_t h = 1469598103934665603ull) {
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}


// A finding's path as the baseline records it: relative to the baseline's own folder (format 2),
// so the baseline matches from any working folder; as given (format 1).
std::string recorded_path(const std::string& path, const std::string& baseline, int format) {
  if (format < 2) return path;
  std::error_code ec;
  auto base = std::filesystem::absolute(baseline, ec).lexically_normal().parent_path();
  return std::filesystem::absolute(path, ec).lexically_normal().lexically_relative(base).generic_string();
}
}  // namespace

std::string baseline_key(const Diagnostic& d, const std::string& recorded_path, const SourceFile& file, int context) {
  uint64_t h = fnv1a(d.rule_id);
  h = fnv1a(recorded_path, h);
  uint32_t first = d.start.line > static_cast<uint32_t>(context) ? d.start.line - context : 1;
  uint32_t last = std::min(file.lines.line_count(), d.start.line + context);
  for (uint32_t l = first; l <= last; ++l) h = fnv1a(normalised(file.lines.line_text(file.text, l)) + "\n", h);
  return fmt::format("{:016x}", h);
}

std::string write_baseline(const std::string& path, const std::vector<Diagnostic>& findings,
                           const std::map<std::string, const SourceFile*>& sources) {
  nlohmann::ordered_json records = nlohmann::ordered_json::array();
  for (const Diagnostic& d : findings) {
    auto it = sources.find(d.path);
    if (it == sources.end()) continue;
    std::string rec = recorded_path(d.path, path, kFormat);
    records.push_back({{"rule", d.rule_id}, {"path", rec}, {"key", baseline_key(d, rec, *it->second, kContextLines)},
                       {"line_key", baseline_key(d, rec, *it->second, 0)}, {"message", d.message}});
  }
  nlohmann::ordered_json doc = {{"torchlint-baseline", kFormat}, {"findings", records}};
  return write_file_atomically(path, doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

size_t filter_baseline(const std::string& path, std::vector<Diagnostic>& findings,
                       const std::map<std::string, const SourceFile*>& sources) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot read the baseline");
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return filter_baseline_text(text, path, findings, sources);
}

size_t filter_baseline_text(const std::string& text, const std::string& path, std::vector<Diagnostic>& findings,
                            const std::map<std::string, const SourceFile*>& sources) {
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {  // syntax, and numbers out of range
    throw std::runtime_error(path + ": not a torchlint baseline: " + e.what());
  }
  if (!doc.is_object() || !doc.contains("findings") || !doc["findings"].is_array())
    throw std::runtime_error(path + ": not a torchlint baseline (no `findings` list)");
  // Two passes: first a finding must match its line and the lines around it; what is left
  // may match its line alone (a neighbour was edited), so one edit does not resurface
  // the findings next to it.
  struct Record {
    std::string key, line_key;
    bool used = false;
  };
  const auto& version = doc["torchlint-baseline"];
  int format = version.is_number_integer() ? version.get<int>() : 1;
  std::vector<Record> records;
  for (const auto& r : doc["findings"]) {  // records of the wrong shape are skipped
    if (!r.is_object() || !r.contains("key") || !r["key"].is_string()) continue;
    bool has_line_key = r.contains("line_key") && r["line_key"].is_string();
    records.push_back({r["key"].get<std::string>(), has_line_key ? r["line_key"].get<std::string>() : "", false});
  }
  size_t absorbed = 0;
  std::vector<bool> matched(findings.size(), false);
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t i = 0; i < findings.size(); ++i) {
      auto src = sources.find(findings[i].path);
      if (matched[i] || src == sources.end()) continue;
      std::string rec = recorded_path(findings[i].path, path, format);
      std::string key = baseline_key(findings[i], rec, *src->second, pass == 0 ? kContextLines : 0);
      for (Record& r : records) {
        if (r.used || (pass == 0 ? r.key : r.line_key) != key) continue;
        r.used = matched[i] = true;
        ++absorbed;
        break;
      }
    }
  }
  size_t i = 0;
  std::erase_if(findings, [&](const Diagnostic&) { return matched[i++]; });
  return absorbed;
}

}  // namespace torchlint
