#include "cxx/report_cache.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>

#include "cli/cache.h"

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace torchlint::cxx {

namespace {
std::string read_all(const std::string& path, bool& ok) {
  std::ifstream in(path, std::ios::binary);
  ok = static_cast<bool>(in);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
}  // namespace

ReportCache::ReportCache(std::string dir, std::string request_key) : dir_(std::move(dir)), key_(std::move(request_key)) {}

std::string ReportCache::file_for(const std::string& path) const {
  std::error_code ec;
  std::string abs = fs::absolute(path, ec).lexically_normal().string();
  return (fs::path(dir_) / fmt::format("cxx-{:016x}.json", content_hash(abs))).string();
}

std::optional<json> ReportCache::load(const std::string& path) const {
  std::optional<std::string> text = read_sealed_entry(file_for(path));  // only what torchlint wrote
  if (!text) return std::nullopt;
  bool ok = false;
  try {
    json entry = json::parse(*text);
    if (entry.at("key").get<std::string>() != key_ || entry.at("path").get<std::string>() != path) return std::nullopt;
    for (const auto& [input, hash] : entry.at("inputs").items()) {
      std::string content = read_all(input, ok);
      if (!ok || fmt::format("{:016x}", content_hash(content)) != hash.get<std::string>()) return std::nullopt;
    }
    json report = entry.at("report");
    if (!report.is_object() || report.value("path", "") != path) return std::nullopt;
    return report;
  } catch (const std::exception&) {
    return std::nullopt;  // damaged or foreign: a miss
  }
}

void ReportCache::store(const std::string& path, const json& report) const {
  json inputs = json::object();
  for (const auto& input : report.value("inputs", std::vector<std::string>{})) {
    bool ok = false;
    std::string content = read_all(input, ok);
    if (!ok) return;  // cannot be validated later: not cached
    inputs[input] = fmt::format("{:016x}", content_hash(content));
  }
  json entry = {{"key", key_}, {"path", path}, {"inputs", inputs}, {"report", report}};
  std::error_code ec;
  fs::create_directories(dir_, ec);
  write_sealed_entry(file_for(path), entry.dump());
}

}  // namespace torchlint::cxx
