// A file's bytes plus a line index. Text is kept exactly as read (any encoding); columns are
// counted in UTF-8 code points, invalid bytes counting one each.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"

namespace torchlint {

class LineIndex {
 public:
  explicit LineIndex(std::string_view text);
  Position position(std::string_view text, uint32_t byte) const;
  uint32_t line_count() const { return static_cast<uint32_t>(starts_.size()); }
  // The text of a 1-based line without its line terminator.
  std::string_view line_text(std::string_view text, uint32_t line) const;
  uint32_t line_start(uint32_t line) const { return starts_[line - 1]; }

 private:
  std::vector<uint32_t> starts_;
};

// `text` with LF for every CR not followed by LF; their offsets are added to `offsets`.
std::string lf_for_lone_crs(std::string text, std::vector<uint32_t>& offsets);
// `text` with CR back at `offsets` (the inverse of lf_for_lone_crs).
std::string with_lone_crs(std::string text, const std::vector<uint32_t>& offsets);

struct SourceFile {
  std::string path;
  // Where the file has a lone CR (old Mac OS line ends). Python reads CR, LF and CRLF alike as
  // line ends; in `text` such a CR is an LF, so the parser and every line computation see one
  // kind. Byte offsets are unchanged; original_text() puts the CRs back for writing fixes.
  std::vector<uint32_t> lone_crs;
  std::string text;  // as read, with LF for each lone CR
  LineIndex lines{std::string_view{}};

  SourceFile(std::string p, std::string t) : path(std::move(p)), text(lf_for_lone_crs(std::move(t), lone_crs)), lines(text) {}
  // The text as it was read.
  std::string original_text() const { return with_lone_crs(text, lone_crs); }
};

// Fills the line/column fields of a diagnostic and its edits from the byte ranges.
void resolve_positions(const SourceFile& file, Diagnostic& d);

// Heuristic used to skip binary files: a NUL byte in the first 8 KiB.
bool looks_binary(std::string_view text);

}  // namespace torchlint
