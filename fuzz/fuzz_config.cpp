// Configuration files: TOML (first byte even) or YAML (odd), with `--config` overrides.
#include <cstddef>
#include <cstdint>
#include <string>

#include "cli/config.h"

using namespace torchlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  bool toml = data[0] % 2 == 0;
  try {
    auto c = parse_config_text(text, toml ? "pyproject.toml" : ".torchlint.yaml");
    if (c && toml) apply_config_overrides(*c, {text});
    if (c) config_excludes(*c, "a/b/c.py");
  } catch (const ConfigError&) {
  }
  return 0;
}
