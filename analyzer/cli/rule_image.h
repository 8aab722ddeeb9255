// The built-in rules as a binary image, written at build time by torchlint-rule-image
// (cli/rule_image_main.cpp) and linked into torchlint: the loaded RuleSpecs and every pattern
// they use, compiled. Reading it replaces parsing ~350 KB of YAML and every pattern text,
// which was most of the time taken to check one file.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/archive.h"
#include "python/pattern.h"
#include "rulepack/rule_spec.h"

namespace torchlint {

struct RuleImage {
  std::vector<RuleSpec> rules;
  // Each pattern text of the rules (sorted, once) with its compiled form.
  std::vector<std::pair<std::string, py::PatternNode>> patterns;
  bool operator==(const RuleImage&) const = default;
};

template <typename A, archive::Of<RuleImage> S>
void fields(A& a, S& i) {
  a(i.rules, i.patterns);
}

// The image linked into this program, or "" where none is (a weak default that the
// generated rule_image.cpp overrides): then the rules are read from their YAML.
std::string_view builtin_rule_image();

// What an image must have been made from to be used: the format, the layout of the
// structs it holds, the Python grammar (patterns hold its symbol numbers) and the embedded
// rule files, paths and text.
uint64_t rule_image_identity();

// The rules and their patterns (a pattern that does not compile is left out: compiling
// the rule reports it as it would without an image).
RuleImage make_rule_image(std::vector<RuleSpec> rules);

// A header (magic, identity, checksum of the rest) and the archive of the image.
std::string encode_rule_image(const RuleImage& image, uint64_t identity = rule_image_identity());

// nullopt unless the bytes are an undamaged image of this build's format, grammar and rules.
std::optional<RuleImage> decode_rule_image(std::string_view bytes);

}  // namespace torchlint
