// toml++ with its internal assertions turned into exceptions. toml++ 3.3 (Debian 12) asserts,
// or in release builds *assumes*, properties of its input that fuzzing showed malformed files
// can break (a table header followed by a non-key character; some non-ASCII bytes): undefined
// behaviour on bad input. Here both become a `toml::internal_error` the caller reports as an
// invalid file. Include this instead of <toml++/toml.h>.
#pragma once
#include <stdexcept>

namespace toml {
struct internal_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// Throws internal_error. The parser's checks unwind to parse_toml(); a check inside one of
// toml++'s noexcept accessors still terminates, as a plain assert would (never UB).
[[noreturn]] void assertion_failed(const char* what);
}  // namespace toml

#pragma push_macro("NDEBUG")
#undef NDEBUG
#define TOML_ASSERT(expr) ((expr) ? static_cast<void>(0) : ::toml::assertion_failed(#expr))
#include <toml++/impl/preprocessor.h>
#undef TOML_UNREACHABLE
#define TOML_UNREACHABLE ::toml::assertion_failed("unreachable")
#include <toml++/toml.h>
#pragma pop_macro("NDEBUG")

#include <string>

namespace torchlint {
// Parses TOML read from `path`, after rejecting the characters that trip toml++ (above).
// Throws ConfigError (`file:line:col: invalid TOML: ...`).
toml::table parse_toml(const std::string& text, const std::string& path);
}  // namespace torchlint
