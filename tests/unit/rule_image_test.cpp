// The built-in rule image (cli/rule_image.h): it holds exactly what the YAML loader gives
// and what the pattern compiler makes, and a damaged or stale image is never used.
#include <doctest/doctest.h>

#include <climits>

#include "cli/builtin_rules.h"
#include "cli/rule_image.h"

using namespace torchlint;

namespace {

const std::vector<RuleSpec>& yaml_rules() {
  static const std::vector<RuleSpec> rules = load_builtin_rules_yaml();
  return rules;
}

}  // namespace

TEST_CASE("the linked rule image holds the rules the YAML loader reads, member by member") {
  std::optional<RuleImage> image = decode_rule_image(builtin_rule_image());
  REQUIRE(image);
  REQUIRE(image->rules.size() == yaml_rules().size());
  for (size_t i = 0; i < image->rules.size(); ++i) {
    CAPTURE(yaml_rules()[i].id);
    CHECK(image->rules[i] == yaml_rules()[i]);
  }
  // Byte for byte: the image is what the loader's rules encode to now.
  CHECK(encode_rule_image(make_rule_image(yaml_rules())) == builtin_rule_image());
  CHECK(builtin_rules() == yaml_rules());
}

TEST_CASE("the image's patterns are what compiling their text gives") {
  std::optional<RuleImage> image = decode_rule_image(builtin_rule_image());
  REQUIRE(image);
  CHECK(image->patterns.size() > 100);
  for (const auto& pattern : image->patterns) {  // no structured binding: CAPTURE is a lambda
    const std::string& text = pattern.first;
    CAPTURE(text);
    CHECK(pattern.second == py::parse_pattern(text));
    CHECK(pattern.second == py::compile_pattern(text));
  }
}

TEST_CASE("a damaged, stale or missing image is rejected and the rules come from the YAML") {
  const std::string good = encode_rule_image(make_rule_image(yaml_rules()));
  REQUIRE(decode_rule_image(good));
  auto flipped = [&](size_t at) {
    std::string bad = good;
    bad[at] = static_cast<char>(bad[at] ^ 0x10);
    return bad;
  };
  CHECK_FALSE(decode_rule_image(""));
  CHECK_FALSE(decode_rule_image(good.substr(0, good.size() - 1)));
  CHECK_FALSE(decode_rule_image(good.substr(0, 10)));
  CHECK_FALSE(decode_rule_image(good + '\0'));
  for (size_t at : {size_t{0}, size_t{25}, good.size() / 2, good.size() - 1}) CHECK_FALSE(decode_rule_image(flipped(at)));
  // Made from other rules, another format or another build's structs.
  CHECK_FALSE(decode_rule_image(encode_rule_image(make_rule_image(yaml_rules()), rule_image_identity() + 1)));
  CHECK(load_builtin_rules(flipped(good.size() / 2)) == yaml_rules());
}

TEST_CASE("the archive keeps every value and refuses bytes that end too soon") {
  SourceMark mark{std::string("pack.yaml"), -3, INT_MAX};
  FixSpec fix{"title", Applicability::Unsafe, std::nullopt, "$X.detach()", std::nullopt, mark, {{"with", mark}}};
  archive::Writer out;
  out(fix, std::vector<std::pair<std::string, int64_t>>{{"", INT64_MIN}, {"x", INT64_MAX}});
  FixSpec fix_back;
  std::vector<std::pair<std::string, int64_t>> pairs;
  archive::Reader in(out.bytes());
  in(fix_back, pairs);
  CHECK(in.at_end());
  CHECK(fix_back == fix);
  CHECK(pairs == std::vector<std::pair<std::string, int64_t>>{{"", INT64_MIN}, {"x", INT64_MAX}});
  archive::Reader truncated(std::string_view(out.bytes()).substr(0, out.bytes().size() - 1));
  CHECK_THROWS_AS(truncated(fix_back, pairs), archive::ArchiveError);
}
