// `torchlint install-hook`: writes a git pre-commit hook that checks the staged changes.
#pragma once
#include <ostream>
#include <string>

namespace torchlint {

// Installs <git dir>/hooks/pre-commit for the repository of the current directory, running
// `torchlint_path`. Refuses (2) to replace a hook torchlint did not write unless `force`.
int install_hook(const std::string& torchlint_path, bool force, std::ostream& out, std::ostream& err);

}  // namespace torchlint
