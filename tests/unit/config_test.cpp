// The configuration reader on hostile files (cli/config.h): caps, not crashes.
#include <doctest/doctest.h>

#include <string>

#include "cli/config.h"

using namespace torchlint;

namespace {
std::string error_of(const std::string& text, const std::string& path) {
  try {
    parse_config_text(text, path);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("config: a YAML alias inside its own anchor is an error naming the file") {
  CHECK(error_of("select: &x [*x]\n", ".torchlint.yaml").starts_with(".torchlint.yaml:1:"));
  CHECK(error_of("select: &x [*x]\n", ".torchlint.yaml").find("nest more than 100 levels deep") != std::string::npos);
}

TEST_CASE("config: aliases of aliases stop at the node cap") {
  std::string bomb = "a: &a [x,x,x,x,x,x,x,x,x,x]\n";
  for (char c = 'b'; c <= 'i'; ++c) {
    std::string prev(1, static_cast<char>(c - 1));
    bomb += std::string(1, c) + ": &" + c + " [";
    for (int i = 0; i < 10; ++i) bomb += (i ? ",*" : "*") + prev;
    bomb += "]\n";
  }
  CHECK(error_of(bomb + "select: *i\n", ".torchlint.yaml").find("more than 200000 nodes") != std::string::npos);
}

TEST_CASE("config: a long TOML array stops at the node cap") {
  std::string toml = "[tool.torchlint]\nselect = [";
  for (int i = 0; i < 200001; ++i) toml += "1,";
  CHECK(error_of(toml + "]\n", "pyproject.toml").find("more than 200000 nodes") != std::string::npos);
}

TEST_CASE("config: max-file-size is whole MiB within range") {
  auto c = parse_config_text("max-file-size: 3\n", ".torchlint.yaml");
  REQUIRE(c);
  CHECK(max_file_bytes(*c) == (uint64_t{3} << 20));
  CHECK(max_file_bytes(Config{}) == (kDefaultMaxFileSizeMiB << 20));
  CHECK(over_max_file_size(*c, "a.py", 3u << 20).empty());
  CHECK(over_max_file_size(*c, "a.py", (3u << 20) + 1) == "a.py: 3.0 MiB, over the 3 MiB max-file-size; skipped");
  auto bad = parse_config_text("max-file-size: 0\n", ".torchlint.yaml");
  REQUIRE(bad);
  CHECK(bad->errors.size() == 1);
}
