// `torchlint completion bash|zsh|fish`: shell completion generated from the command line's own
// option table, so it never drifts from what the binary accepts.
#pragma once
#include <CLI/CLI.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace torchlint {

// The type name of options whose values are rule codes: completion offers `rule_codes` there.
// Options with a fixed set of values (CLI::IsMember) offer those.
inline constexpr const char* kRuleCodeValue = "RULE";

int print_completion(std::ostream& out, const CLI::App& app, const std::string& shell,
                     const std::vector<std::string>& rule_codes);

}  // namespace torchlint
