// Colour decisions, the way other command-line tools make them: `--color always|never`
// decides; with `auto`, NO_COLOR turns colour off, FORCE_COLOR (non-empty, not "0") turns it
// on, and otherwise a terminal that is not TERM=dumb gets colour.
// Text shown to a person goes through `printable`: a file name or a configured value must not
// be able to drive the terminal it is printed on.
#pragma once
#include <string>
#include <string_view>

namespace torchlint {

bool use_color(const std::string& flag, int fd);

// A unified diff with ANSI colours: removed lines red, added green, hunk headers cyan.
std::string colorize_diff(const std::string& diff);

// What may break or steer a terminal, escaped: C0 controls and DEL (`\t`, `\n`, `\r`, `\x1b`),
// C1 controls (`\u009b`) and bytes that are not UTF-8 (`\xff`); all other text is unchanged.
// Whitespace::Keep lets newlines and tabs through: for messages of several lines and for code.
enum class Whitespace { Escape, Keep };
std::string printable(std::string_view text, Whitespace whitespace = Whitespace::Escape);

// A value quoted back in a message, in backticks: printable, and cut after about 80 bytes
// with its length said (`TL1…` (20000000 bytes)), so a huge argument is not echoed whole.
std::string quoted_value(std::string_view value);

}  // namespace torchlint
