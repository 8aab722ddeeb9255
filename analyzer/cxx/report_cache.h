// Cached answers of the C/C++/CUDA front end, one per file: the file's report (findings and
// facts) as torchlint-cxx gave it, valid while the request is the same (rules, options, front
// end) and every file the parse read — the file, its project headers, its compile database — has
// the same content. System and shim headers are not tracked (they change with the toolchain,
// which the front end's identity covers).
#pragma once
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace torchlint::cxx {

class ReportCache {
 public:
  // `dir`: the results cache folder; `request_key`: what else the report depends on.
  ReportCache(std::string dir, std::string request_key);
  std::optional<nlohmann::json> load(const std::string& path) const;
  void store(const std::string& path, const nlohmann::json& report) const;  // best effort

 private:
  std::string file_for(const std::string& path) const;
  std::string dir_, key_;
};

}  // namespace torchlint::cxx
