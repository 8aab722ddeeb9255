// Colour decisions, the way other command-line tools make them: `--color always|never`
// decides; with `auto`, NO_COLOR turns colour off, FORCE_COLOR (non-empty, not "0") turns it
// on, and otherwise a terminal that is not TERM=dumb gets colour.
#pragma once
#include <string>

namespace torchlint {

bool use_color(const std::string& flag, int fd);

// A unified diff with ANSI colours: removed lines red, added green, hunk headers cyan.
std::string colorize_diff(const std::string& diff);

}  // namespace torchlint
