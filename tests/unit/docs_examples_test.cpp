// The docs pages show each rule's example and what to write instead: pasted alone into a file,
// the example must raise its rule and the fix must not. (The confirm harness runs the pairs
// with a world of definitions around them; this test gives them nothing.)
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "cli/builtin_rules.h"
#include "cli/runner.h"

using namespace torchlint;

namespace {
size_t findings_of_rule(const py::RuleSet& rules, const std::string& text, const std::string& id) {
  // Outside any project and the working folder: a plain script, not a test file.
  std::string path = (std::filesystem::temp_directory_path() / "torchlint_docs_examples" / "train.py").string();
  std::vector<std::string> texts{text};
  size_t n = 0;
  for (const Diagnostic& d : run_analysis({path}, rules, 1, &texts).findings) n += d.rule_id == id;
  return n;
}
}  // namespace

TEST_CASE("every Python rule's docs example raises it when pasted alone, and its fix does not") {
  const std::vector<RuleSpec>& all = builtin_rules();
  static const py::RuleSet rules(all);
  size_t checked = 0;
  for (const RuleSpec& r : all) {
    if (r.language != "python" || r.docs.example.empty()) continue;
    CAPTURE(r.id);
    CHECK_MESSAGE(findings_of_rule(rules, r.docs.example, r.id) > 0, "example:\n" << r.docs.example);
    CHECK_MESSAGE(findings_of_rule(rules, r.docs.use_instead, r.id) == 0, "use-instead:\n" << r.docs.use_instead);
    ++checked;
  }
  CHECK(checked > 50);
}
