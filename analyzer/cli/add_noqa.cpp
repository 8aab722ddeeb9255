#include "cli/add_noqa.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "cli/discover.h"
#include "cli/fixer.h"
#include "core/fix_applier.h"
#include "core/noqa_lines.h"
#include "core/suppressions.h"

namespace torchlint {

namespace {

using CodesByLine = std::map<uint32_t, std::set<std::string>>;  // comment line -> rule ids

// The `# noqa` of `line` with codes, or null (a bare `# noqa` already hides everything there).
const Suppression* noqa_on(const std::vector<Suppression>& existing, uint32_t line, bool& bare) {
  for (const Suppression& s : existing) {
    if (s.line != line || !s.noqa || s.file_wide) continue;
    if (s.all) bare = true;
    else if (!s.code_ranges.empty()) return &s;
  }
  return nullptr;
}

// The edit that makes `line` suppress `codes`: appended to its `# noqa: ...`, or a new comment
// at the end of the line (after its trailing blanks). None when the line already does.
std::optional<Edit> noqa_edit(const SourceFile& file, const std::vector<Suppression>& existing, uint32_t line,
                              const std::set<std::string>& codes) {
  bool bare = false;
  const Suppression* noqa = noqa_on(existing, line, bare);
  if (bare) return std::nullopt;
  std::vector<std::string> missing;
  for (const auto& code : codes)
    if (!noqa || std::find(noqa->codes.begin(), noqa->codes.end(), code) == noqa->codes.end()) missing.push_back(code);
  if (missing.empty()) return std::nullopt;
  if (noqa) {
    uint32_t at = noqa->code_ranges.back().end;
    return Edit{{at, at}, fmt::format(", {}", fmt::join(missing, ", ")), {}, {}};
  }
  uint32_t start = file.lines.line_start(line);
  auto end = static_cast<uint32_t>(start + file.lines.line_text(file.text, line).size());
  uint32_t content_end = end;
  while (content_end > start && (file.text[content_end - 1] == ' ' || file.text[content_end - 1] == '\t')) --content_end;
  return Edit{{content_end, end}, fmt::format("  # noqa: {}", fmt::join(missing, ", ")), {}, {}};
}

// Adds the directives for `findings` to their file; returns how many, or leaves a note.
size_t add_to_file(const SourceFile& file, const std::vector<const Diagnostic*>& findings, const std::string& temp_dir,
                   std::vector<std::string>& notes) {
  NoqaLines python(file.text);
  CodesByLine wanted;
  for (const Diagnostic* d : findings) wanted[python.comment_line(d->start.line)].insert(d->rule_id);
  std::vector<Suppression> existing = parse_suppressions(file, python.comments());
  std::vector<Edit> edits;
  for (const auto& [line, codes] : wanted)
    if (auto edit = noqa_edit(file, existing, line, codes)) edits.push_back(std::move(*edit));
  if (edits.empty()) return 0;
  std::string original = file.original_text();
  std::string note = write_fixed_file(file.path, original, apply_edits(original, edits).text, temp_dir);
  if (!note.empty()) {
    notes.push_back(note);
    return 0;
  }
  return edits.size();
}

}  // namespace

AddNoqaOutcome add_noqa(const RunResult& result, const std::function<bool(const Diagnostic&)>& suppressible,
                        const std::string& temp_dir) {
  std::map<std::string, const SourceFile*> sources;
  for (const auto& f : result.sources) sources[f->path] = f.get();
  std::map<std::string, std::vector<const Diagnostic*>> by_file;
  for (const Diagnostic& d : result.findings)
    if (suppressible(d) && sources.count(d.path)) by_file[d.path].push_back(&d);
  AddNoqaOutcome out;
  for (const auto& [path, findings] : by_file) {
    if (is_cxx_path(path)) {
      out.notes.push_back(path + ": C/C++/CUDA findings left as they are (" + std::to_string(findings.size()) +
                          "): suppress them with `// NOLINT(CODE)`");
      continue;
    }
    size_t added = add_to_file(*sources.at(path), findings, temp_dir, out.notes);
    out.directives += added;
    out.files += added > 0;
  }
  return out;
}

}  // namespace torchlint
