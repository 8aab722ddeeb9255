#include "cli/rule_image.h"

#include <fmt/format.h>

#include <algorithm>

#include "cli/cache.h"
#include "rulepack/embedded_rules.h"

namespace torchlint {

namespace {

constexpr std::string_view kMagic = "torchlint rule image";
// Bump when the encoding changes in a way the struct sizes below do not show.
constexpr int kFormatVersion = 2;

void collect_patterns(const MatchSpec& m, std::vector<std::string>& out) {
  if (m.pattern) out.push_back(*m.pattern);
  for (const auto* list : {&m.any, &m.all, &m.not_, &m.inside, &m.has})
    for (const MatchSpec& c : *list) collect_patterns(c, out);
}

}  // namespace

[[gnu::weak]] std::string_view builtin_rule_image() { return {}; }

uint64_t rule_image_identity() {
  const TSLanguage* python = py::python_language();
  std::string id = fmt::format(
      "{} {} | {} {} {} {} {} {} {} {} {} | {} {} {}", kMagic, kFormatVersion, sizeof(RuleSpec), sizeof(MatchSpec),
      sizeof(WhereSpec), sizeof(FixSpec), sizeof(ConfirmSpec), sizeof(ClangMatcherSpec), sizeof(RuleDocs),
      sizeof(SourceMark), sizeof(py::PatternNode), ts_language_version(python), ts_language_symbol_count(python),
      ts_language_field_count(python));
  // A hash per file, not of their concatenation: no copy of the ~350 KB of text.
  for (const auto& f : embedded_rule_files()) id += fmt::format("|{}:{:016x}", f.path, content_hash(f.text));
  return content_hash(id);
}

RuleImage make_rule_image(std::vector<RuleSpec> rules) {
  std::vector<std::string> texts;
  for (const RuleSpec& r : rules) collect_patterns(*r.match, texts);
  std::sort(texts.begin(), texts.end());
  texts.erase(std::unique(texts.begin(), texts.end()), texts.end());
  RuleImage image{std::move(rules), {}};
  for (std::string& text : texts) {
    try {
      py::PatternNode compiled = py::parse_pattern(text);
      image.patterns.emplace_back(std::move(text), std::move(compiled));
    } catch (const py::PatternError&) {
    }
  }
  return image;
}

std::string encode_rule_image(const RuleImage& image, uint64_t identity) {
  archive::Writer body;
  body(image);
  archive::Writer head;
  head(std::string(kMagic), identity, content_hash(body.bytes()));
  return head.bytes() + body.bytes();
}

std::optional<RuleImage> decode_rule_image(std::string_view bytes) {
  try {
    archive::Reader head(bytes);
    std::string magic;
    uint64_t identity = 0, checksum = 0;
    head(magic, identity, checksum);
    std::string_view body = bytes.substr(head.position());
    if (magic != kMagic || identity != rule_image_identity() || checksum != content_hash(body)) return std::nullopt;
    archive::Reader in(body);
    RuleImage image;
    in(image);
    if (!in.at_end()) return std::nullopt;
    return image;
  } catch (const archive::ArchiveError&) {
    return std::nullopt;
  }
}

}  // namespace torchlint
