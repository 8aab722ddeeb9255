#include "cli/install_hook.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "cli/fixer.h"
#include "cli/git_diff.h"

namespace torchlint {

namespace fs = std::filesystem;

namespace {
constexpr const char* kMarker = "# installed by torchlint install-hook";

std::string git_hook_path() {
  try {
    std::string out = run_git("rev-parse --git-path hooks/pre-commit");
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
    return out;
  } catch (const GitError&) {
    return "";
  }
}
}  // namespace

int install_hook(const std::string& torchlint_path, bool force, std::ostream& out, std::ostream& err) {
  std::string hook = git_hook_path();
  if (hook.empty()) {
    err << "error: not inside a git repository\n";
    return 2;
  }
  std::error_code ec;
  if (fs::exists(hook, ec)) {
    std::ifstream in(hook);
    std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    bool ours = text.find(kMarker) != std::string::npos;
    if (!ours && !force) {
      err << "error: " << hook << " exists and was not written by torchlint; use --force to replace it\n";
      return 2;
    }
    if (!ours) {  // --force: keep the user's hook next to ours
      fs::copy_file(hook, hook + ".bak", fs::copy_options::overwrite_existing, ec);
      out << "kept the previous hook as " << hook << ".bak\n";
    }
  }
  fs::create_directories(fs::path(hook).parent_path(), ec);
  std::string script = std::string("#!/bin/sh\n") + kMarker + R"sh(
# Checks the staged Python, C, C++ and CUDA changes with torchlint. Skip once with `git commit --no-verify`.
# $TORCHLINT overrides the binary this hook was installed from.
installed=)sh" + shell_quote(torchlint_path) + R"sh(
TORCHLINT="${TORCHLINT:-$installed}"
command -v "$TORCHLINT" >/dev/null 2>&1 || TORCHLINT=torchlint
if [ -z "$(git diff --cached --name-only --diff-filter=ACMR -- '*.py' '*.pyi' '*.c' '*.cc' '*.cpp' '*.cxx' '*.h' '*.hh' '*.hpp' '*.cu' '*.cuh')" ]; then
  exit 0
fi
exec "$TORCHLINT" check --staged --no-cache
)sh";
  std::string error = write_file_atomically(hook, script, 0755);  // executable from the first moment
  if (!error.empty()) {
    err << "error: " << error << "\n";
    return 2;
  }
  out << "installed the torchlint pre-commit hook at " << hook << "\n";
  return 0;
}

}  // namespace torchlint
