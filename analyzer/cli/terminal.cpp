#include "cli/terminal.h"

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

}  // namespace torchlint
