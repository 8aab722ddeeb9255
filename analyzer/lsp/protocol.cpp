#include "lsp/protocol.h"

#include <cctype>

#include "report/rule_docs.h"

namespace torchlint {

using json = nlohmann::json;

std::string path_of_uri(const std::string& uri) {
  std::string s = uri.starts_with("file://") ? uri.substr(7) : uri;
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

json lsp_position(const SourceFile& file, uint32_t byte) {
  const std::string& text = file.text;
  byte = std::min<uint32_t>(byte, static_cast<uint32_t>(text.size()));
  uint32_t line = file.lines.position(text, byte).line;
  uint32_t character = 0;  // UTF-16 code units: 2 for a code point beyond the BMP (4-byte UTF-8)
  for (size_t i = file.lines.line_start(line); i < byte; ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if ((c & 0xC0) != 0x80) character += c >= 0xF0 ? 2 : 1;
  }
  return {{"line", line - 1}, {"character", character}};
}

json lsp_range(const SourceFile& file, ByteRange r) {
  return {{"start", lsp_position(file, r.start)}, {"end", lsp_position(file, r.end)}};
}

json to_lsp_diagnostic(const SourceFile& file, const Diagnostic& d) {
  int severity = d.severity == Severity::Error ? 1 : d.severity == Severity::Warning ? 2 : 3;
  std::string message = d.message;
  if (d.fix) message += "\nhelp: " + d.fix->title;
  else if (!d.hint.empty()) message += "\nhelp: " + d.hint;
  return {{"range", lsp_range(file, d.range)},
          {"severity", severity},
          {"code", d.rule_id},
          {"codeDescription", {{"href", rule_docs_url(d.rule_id)}}},
          {"source", "torchlint"},
          {"message", message},
          {"data", {{"name", d.rule_name}, {"confidence", std::string(to_string(d.confidence))}}}};
}

json suppression_edit(const SourceFile& file, const Diagnostic& d) {
  const std::string& text = file.text;
  if (d.rule_id == "TL999" || d.rule_id == "TL000") return nullptr;
  size_t end = text.find('\n', d.range.start);
  if (end == std::string::npos) end = text.size();
  if (end > 0 && text[end - 1] == '\r') --end;
  size_t start = text.rfind('\n', d.range.start == 0 ? 0 : d.range.start - 1);
  start = start == std::string::npos ? 0 : start + 1;
  if (text.substr(start, end - start).find('#') != std::string::npos) return nullptr;  // maybe a comment already
  uint32_t at = static_cast<uint32_t>(end);
  return {{"range", lsp_range(file, {at, at})}, {"newText", "  # noqa: " + d.rule_id}};
}

}  // namespace torchlint
