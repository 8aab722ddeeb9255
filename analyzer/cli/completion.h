// `torchlint completion bash|zsh|fish`: shell completion generated from the command line's own
// option table, so it never drifts from what the binary accepts.
#pragma once
#include <CLI/CLI.hpp>

#include <ostream>
#include <string>

namespace torchlint {

int print_completion(std::ostream& out, const CLI::App& app, const std::string& shell);

}  // namespace torchlint
