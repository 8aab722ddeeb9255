// `torchlint server`: a Language Server (LSP 3.17 over stdio). It publishes diagnostics when a
// Python document is opened, changed or saved, offers each finding's fix (and a `# noqa`
// suppression) as a code action, and honours the configuration and suppressions of the
// document's path. Documents are synchronised in full; positions are UTF-16, as LSP requires.
#pragma once
#include <istream>
#include <ostream>

namespace torchlint {

// Serves until `exit` or end of input; returns the process exit code (0 after `shutdown`).
int run_language_server(std::istream& in, std::ostream& out);

}  // namespace torchlint
