// Rule selection (cli/selection.h): unknown selectors are reported where they were written,
// cut when huge, in time linear in their length.
#include <doctest/doctest.h>

#include <chrono>
#include <string>

#include "cli/builtin_rules.h"
#include "cli/selection.h"

using namespace torchlint;

namespace {
// The message validate_rule_codes throws for `c` and `o`, or "" when it accepts them.
std::string rule_code_error(const Config& c, const CheckOptions& o) {
  try {
    validate_rule_codes(builtin_rules(), c, o);
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("an unknown selector is named with a did-you-mean") {
  CheckOptions o;
  o.select = {"TL1O1"};
  CHECK(rule_code_error({}, o) == "--select: unknown rule selector `TL1O1`; did you mean `TL101`?");
}

TEST_CASE("a 20 MB selector is reported at once, cut, with its length") {
  std::string huge(20'000'000, 'X');
  Config c;
  c.code_locations["select"] = {{huge, "pyproject.toml:2:11"}};
  CheckOptions o;
  o.select = {"TL" + huge};
  auto start = std::chrono::steady_clock::now();
  std::string error = rule_code_error(c, o);
  // Edit distances against every rule name made this take close to a minute.
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
  CHECK(error == "--select: unknown rule selector `TL" + std::string(78, 'X') + "…` (20000002 bytes)\n"
                 "pyproject.toml:2:11: `select`: unknown rule selector `" + std::string(80, 'X') + "…` (20000000 bytes)");
}
