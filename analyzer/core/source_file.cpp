#include "core/source_file.h"

#include <algorithm>

namespace torchlint {

LineIndex::LineIndex(std::string_view text) {
  starts_.push_back(0);
  for (uint32_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') starts_.push_back(i + 1);
  }
}

Position LineIndex::position(std::string_view text, uint32_t byte) const {
  byte = std::min<uint32_t>(byte, static_cast<uint32_t>(text.size()));
  auto it = std::upper_bound(starts_.begin(), starts_.end(), byte);
  uint32_t line = static_cast<uint32_t>(it - starts_.begin());
  uint32_t column = 1;
  for (uint32_t i = starts_[line - 1]; i < byte; ++column) {
    // One column per well-formed UTF-8 sequence; every invalid byte counts one on its own.
    auto c = static_cast<unsigned char>(text[i]);
    uint32_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
    for (uint32_t k = 1; k < len; ++k) {
      if (i + k >= text.size() || (static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) {
        len = 1;
        break;
      }
    }
    i += len;
  }
  return {line, column};
}

std::string_view LineIndex::line_text(std::string_view text, uint32_t line) const {
  if (line == 0 || line > starts_.size()) return {};
  uint32_t begin = starts_[line - 1];
  uint32_t end = line < starts_.size() ? starts_[line] : static_cast<uint32_t>(text.size());
  std::string_view s = text.substr(begin, end - begin);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

void resolve_positions(const SourceFile& file, Diagnostic& d) {
  d.start = file.lines.position(file.text, d.range.start);
  d.end = file.lines.position(file.text, d.range.end);
  if (d.region) {
    d.region_start_line = file.lines.position(file.text, d.region->start).line;
    d.region_end_line = file.lines.position(file.text, d.region->end).line;
  }
  if (d.fix) {
    for (Edit& e : d.fix->edits) {
      e.start = file.lines.position(file.text, e.range.start);
      e.end = file.lines.position(file.text, e.range.end);
    }
  }
}

std::string lf_for_lone_crs(std::string text, std::vector<uint32_t>& offsets) {
  for (size_t i = text.find('\r'); i != std::string::npos; i = text.find('\r', i + 1)) {
    if (i + 1 < text.size() && text[i + 1] == '\n') continue;  // CRLF
    text[i] = '\n';
    offsets.push_back(static_cast<uint32_t>(i));
  }
  return text;
}

std::string with_lone_crs(std::string text, const std::vector<uint32_t>& offsets) {
  for (uint32_t at : offsets)
    if (at < text.size() && text[at] == '\n') text[at] = '\r';
  return text;
}

bool looks_binary(std::string_view text) {
  return text.substr(0, 8192).find('\0') != std::string_view::npos;
}

}  // namespace torchlint
