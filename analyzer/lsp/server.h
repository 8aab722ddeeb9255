// `torchlint server`: a Language Server (LSP 3.17 over stdio). It publishes diagnostics when a
// Python document is opened, changed or saved, offers each finding's fix (and a `# noqa`
// suppression) as a code action, and honours the configuration and suppressions of the
// document's path. Documents are synchronised in full; positions are UTF-16, as LSP requires.
// Whatever the input holds, it answers or skips it (lsp/framing.h, lsp/jsonrpc.h) and keeps
// serving; a document over its path's `max-file-size` is not analysed.
#pragma once
#include <iostream>

namespace torchlint {

// Serves until `exit` or end of input; returns the process exit code (0 after `shutdown`).
// Problems with what the client sent are logged to `log` as well as answered.
int run_language_server(std::istream& in, std::ostream& out, std::ostream& log = std::cerr);

}  // namespace torchlint
