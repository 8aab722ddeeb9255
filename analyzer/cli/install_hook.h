// `torchlint install-hook`: a plain git pre-commit hook for repositories that do not use
// the pre-commit framework (for those, see .pre-commit-hooks.yaml and docs/integrations.md).
#pragma once
#include <iosfwd>
#include <string>

namespace torchlint {

// The line that marks a hook as ours: a re-install replaces such a hook, any other hook is
// left alone unless `force`.
inline constexpr const char* kHookMarker = "# installed by torchlint install-hook";

// The hook script: runs `torchlint_path check` (or $TORCHLINT, when set) on the staged
// Python files and exits with its status; exits 0 at once when no Python file is staged.
std::string pre_commit_hook_script(const std::string& torchlint_path);

// Finds the git repository containing `start_dir` (a `.git` directory, or a `.git` file
// `gitdir: ...` as in worktrees and submodules) and writes <hooks>/pre-commit atomically,
// mode 0755. `torchlint_path` is embedded in the script (made absolute; empty: `torchlint`
// from PATH). Returns 0 and names the file on `out`; 2 with a message on `err` when there
// is no repository, the write fails, or a hook not installed by torchlint is there and
// `force` is false (with `force` it is kept as pre-commit.bak and replaced).
int install_hook(const std::string& start_dir, const std::string& torchlint_path, bool force, std::ostream& out,
                 std::ostream& err);

}  // namespace torchlint
