// What changed, for the review bot and pre-commit: `--diff-base REF` (lines added or changed
// since the merge base of REF and HEAD, like `git diff REF...`, plus untracked files) and
// `--staged` (the index, as pre-commit sees it). Uses the git command line.
#pragma once
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace torchlint {

struct GitError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct ChangedLines {
  std::string repo_root;  // absolute
  // absolute path -> changed line numbers of the new version (empty set: the whole file is new)
  std::map<std::string, std::set<uint32_t>> files;
  std::set<std::string> whole_files;  // new or untracked files: every line counts
  bool touches(const std::string& abs_path, uint32_t first_line, uint32_t last_line) const;
};

// Adds the hunks of `git diff -U0` output (`+++ b/path`, then `@@ -a,b +c,d @@` and its body)
// to `out`, relative to out.repo_root; malformed hunks are ignored.
void parse_diff_hunks(const std::string& diff, ChangedLines& out);

// A path the way git writes it in diffs and listings: bare, or in double quotes with C escapes
// (`\t`, `\n`, `\"`, `\\`, octal `\303\251`) when it holds a quote, a backslash, a control
// character or (unless core.quotePath=false) a byte outside ASCII.
// git_unquote reads one such name at the start of `text`; `rest` gets what follows it. A bare
// name runs to the end of `text`. nullopt: a quoted name that is malformed or unterminated.
std::optional<std::string> git_unquote(std::string_view text, std::string_view* rest = nullptr);
// The inverse: `path` bare when git would write it bare, otherwise quoted with C escapes.
std::string git_quote(std::string_view path);

// The file a `--- ` / `+++ ` header names, from the text after that marker: without the
// `a/`/`b/` prefix and the tab git adds after a name holding a space; nullopt for /dev/null
// or a malformed name.
std::optional<std::string> diff_header_path(std::string_view header);

ChangedLines changed_since(const std::string& base_ref);
ChangedLines staged_changes();
// `git ARGS` (ARGS already shell-quoted), its standard output; throws GitError on failure.
std::string run_git(const std::string& args);
std::string shell_quote(const std::string& s);

// The staged content of a file (`git show :0:path`).
std::string staged_text(const std::string& repo_root, const std::string& abs_path);

}  // namespace torchlint
