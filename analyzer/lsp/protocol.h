// LSP plumbing: file URIs, and byte offsets as LSP positions (0-based lines, UTF-16 code
// units). The framing of messages is lsp/framing.h; their JSON-RPC shape, lsp/jsonrpc.h.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "core/diagnostic.h"
#include "core/source_file.h"

namespace torchlint {

// `file:///a%20b/c.py` -> `/a b/c.py`.
std::string path_of_uri(const std::string& uri);

// Positions come from the file's LineIndex; only the column is recounted, in UTF-16 units.
nlohmann::json lsp_position(const SourceFile& file, uint32_t byte);
nlohmann::json lsp_range(const SourceFile& file, ByteRange r);
nlohmann::json to_lsp_diagnostic(const SourceFile& file, const Diagnostic& d);
// A TextEdit adding `  # noqa: CODE` at the end of the finding's line; null where a
// suppression cannot apply (TL999, TL000) or the line already has a comment.
nlohmann::json suppression_edit(const SourceFile& file, const Diagnostic& d);

}  // namespace torchlint
