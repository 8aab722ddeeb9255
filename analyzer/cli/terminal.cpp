#include "cli/terminal.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <sstream>

namespace torchlint {

bool use_color(const std::string& flag, int fd) {
  if (flag == "always") return true;
  if (flag == "never") return false;
  if (const char* no = std::getenv("NO_COLOR"); no && *no) return false;
  if (const char* force = std::getenv("FORCE_COLOR"); force && *force && std::strcmp(force, "0") != 0) return true;
  const char* term = std::getenv("TERM");
  if (term && std::strcmp(term, "dumb") == 0) return false;
  return isatty(fd);
}

std::string colorize_diff(const std::string& diff) {
  std::istringstream in(diff);
  std::string out, line;
  while (std::getline(in, line)) {
    const char* code = line.starts_with("+++") || line.starts_with("---") ? "1"
                       : line.starts_with("@@")                           ? "36"
                       : line.starts_with("+")                            ? "32"
                       : line.starts_with("-")                            ? "31"
                                                                          : nullptr;
    out += code ? std::string("\x1b[") + code + "m" + line + "\x1b[0m\n" : line + "\n";
  }
  return out;
}

namespace {

// The length of the well-formed UTF-8 sequence at the start of `s` (RFC 3629: no overlong
// forms, surrogates or code points past U+10FFFF), or 0; its code point in `cp`.
size_t utf8_sequence(std::string_view s, char32_t& cp) {
  auto byte = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
  unsigned char lead = byte(0);
  size_t len = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
  if (len == 0 || len > s.size()) return 0;
  cp = len == 1 ? lead : lead & (0x7F >> len);
  for (size_t i = 1; i < len; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return 0;
    cp = cp << 6 | (byte(i) & 0x3F);
  }
  constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kSmallest[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

}  // namespace

std::string printable(std::string_view text, Whitespace whitespace) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    char32_t cp = 0;
    size_t len = utf8_sequence(text.substr(i), cp);
    if (len == 0) {  // not UTF-8: the byte, in hex
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[i++]));
      continue;
    }
    bool kept = whitespace == Whitespace::Keep && (cp == '\n' || cp == '\t');
    if (kept || (cp >= 0x20 && cp != 0x7F && !(cp >= 0x80 && cp <= 0x9F))) out.append(text.substr(i, len));
    else if (cp == '\t') out += "\\t";
    else if (cp == '\n') out += "\\n";
    else if (cp == '\r') out += "\\r";
    else if (cp < 0x80) out += fmt::format("\\x{:02x}", static_cast<unsigned>(cp));
    else out += fmt::format("\\u{:04x}", static_cast<unsigned>(cp));
    i += len;
  }
  return out;
}

std::string quoted_value(std::string_view value) {
  constexpr size_t kShown = 80;  // bytes, backed off to a character boundary
  if (value.size() <= kShown) return "`" + printable(value) + "`";
  size_t cut = kShown;
  while (cut > 0 && (static_cast<unsigned char>(value[cut]) & 0xC0) == 0x80) --cut;
  return fmt::format("`{}…` ({} bytes)", printable(value.substr(0, cut)), value.size());
}

}  // namespace torchlint
