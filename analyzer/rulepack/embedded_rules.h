#pragma once
#include <string>
#include <vector>

namespace torchlint {

struct EmbeddedRuleFile {
  const char* path;  // relative to the source tree, e.g. rules/python/memory/TL101-.../rule.yaml
  const char* text;
};

// The built-in packs, compiled in by cmake/embed_rules.cmake.
const std::vector<EmbeddedRuleFile>& embedded_rule_files();

}  // namespace torchlint
