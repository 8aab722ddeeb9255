#!/usr/bin/env bash
# The command line as a user drives it: flag grammar, exit codes, versions, configuration
# errors, exclusion, baselines, cache placement, stdin, the info commands and colour. Each
# check names the behaviour it protects; a failure prints what came instead.
set -u
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# Never a cache in the source tree: a rerun would test the warm path by accident.
export TORCHLINT_CACHE_DIR="$scratch/cache"
. "$here/check_helpers.sh"

# Every case runs in a project of its own (a .git marker), with train_loop.py as t.py.
project() {
  local dir="$scratch/$1"
  mkdir -p "$dir/.git" "$dir/scripts"
  cp input/train_loop.py "$dir/t.py"
  cp input/train_loop.py "$dir/scripts/s.py"
  echo "$dir"
}

# 2. One value per list flag: paths after it are paths, not selectors or rule packs.
p=$(project flags)
run select_then_path sh -c "cd '$p' && '$bin' check --select TL101 t.py --no-source"
want_rc 1 select_then_path; has select_then_path out "t.py:11"; lacks select_then_path out TL301
run select_twice sh -c "cd '$p' && '$bin' check --select TL101 --select TL301 t.py --no-source"
has select_twice out TL101; has select_twice out TL301
run rules_then_dir sh -c "cd '$p' && '$bin' check --rules '$here/packs/custom.yaml' scripts --no-source"
has rules_then_dir out "scripts/s.py"; lacks rules_then_dir out "^t.py"
run rules_then_file sh -c "cd '$p' && '$bin' check --rules '$here/packs/custom.yaml' t.py --no-source"
want_rc 1 rules_then_file; lacks rules_then_file err "YAML"

# 3. TL000 judges only rules that ran: with only TL000 selected, --fix deletes nothing.
cp input/suppressed.py "$scratch/suppressed.py"
run tl000_fix "$bin" check "$scratch/suppressed.py" --select TL000 --fix
cmp -s "$scratch/suppressed.py" input/suppressed.py || fail "--select TL000 --fix removed suppressions of rules that did not run"

# 4. A missing path is exit 2 whatever the other files hold, and the summary says so.
run missing_with_findings "$bin" check "$scratch/nope.py" input/train_loop.py --no-source
want_rc 2 missing_with_findings; has missing_with_findings err "nope.py: no such file"
has missing_with_findings out "1 path could not be checked"

# 5. One version everywhere: --version, SARIF, the cache folder.
version=$("$bin" --version | awk '{print $2}')
sarif_version=$("$bin" check input/train_loop.py --format sarif | python3 -c 'import json,sys; print(json.load(sys.stdin)["runs"][0]["tool"]["driver"]["version"])')
[ "$version" = "$sarif_version" ] || fail "SARIF says $sarif_version, --version says $version"
p=$(project version)
(cd "$p" && env -u TORCHLINT_CACHE_DIR "$bin" check t.py >/dev/null 2>&1)
[ -d "$p/.torchlint_cache/v$version" ] || fail "cache folder is not v$version: $(ls "$p/.torchlint_cache")"

# 6. --statistics speaks the requested format.
run stats_sarif "$bin" check input/train_loop.py --statistics --format sarif
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$scratch/stats_sarif.out" || fail "--statistics --format sarif is not JSON"

# 7. Configuration: every problem in one run, at its own line; unknown rule codes are errors.
p=$(project config)
printf '[tool.torchlint]\nselect = ["TL1"]\nseverity = {TL304="fatal", TL10x="error"}\nexclude = 3\n\n[tool.torchlint.per-file-ignores]\n"a.py" = ["TL9x"]\n' >"$p/pyproject.toml"
run config_errors sh -c "cd '$p' && '$bin' check t.py"
want_rc 2 config_errors
has config_errors err "pyproject.toml:3:19: severity must be"
has config_errors err "pyproject.toml:3:28: .severity.: unknown rule selector .TL10x."
has config_errors err "pyproject.toml:4:11: .exclude. must be a list"
has config_errors err "pyproject.toml:7:11: .per-file-ignores.: unknown rule selector .TL9x."
printf 'id: ACME001\nname: acme\nfamily: custom\nlanguage: python\nseverity: warning\nmessage: "call {CAL} here"\nmatch:\n  pattern: foo($X)\ndocs:\n  what: x\n  why: y\n  example: "foo(1)"\n  use-instead: "bar(1)"\n' >"$scratch/unbound.yaml"
run unbound_placeholder "$bin" check input/clean.py --rules "$scratch/unbound.yaml"
want_rc 2 unbound_placeholder; has unbound_placeholder err "unbound.yaml:6:10: .message. uses .{CAL}."
run cli_selector_error sh -c "cd '$p' && rm pyproject.toml && printf 'select: [TL1]\n' >.torchlint.yaml && '$bin' check t.py --select TL9x"
has cli_selector_error err "^error: --select: unknown rule selector"; lacks cli_selector_error err "configuration"

# 8. Rule docs never show an unfilled placeholder.
"$bin" rule --all >"$scratch/all_docs.md" || fail "rule --all failed"
grep -nE '\{[A-Z][A-Z0-9_]*\}' "$scratch/all_docs.md" && fail "rule docs print placeholders"
[ "$(grep -c '^# TL' "$scratch/all_docs.md")" = "$("$bin" rules | wc -l)" ] || fail "rule --all does not print every rule"

# 9. exclude: a walk skips excluded files; a named file is checked unless --force-exclude.
p=$(project exclude)
printf '[tool.torchlint]\nexclude = ["scripts"]\n' >"$p/pyproject.toml"
run walk_excludes sh -c "cd '$p' && '$bin' check --no-source"
lacks walk_excludes out "scripts/s.py"
run named_checked sh -c "cd '$p' && '$bin' check scripts/s.py --no-source"
has named_checked out "scripts/s.py"
run force_exclude sh -c "cd '$p' && '$bin' check scripts/s.py --force-exclude --no-source"
want_rc 0 force_exclude; lacks force_exclude out "scripts/s.py:"
run show_files sh -c "cd '$p' && '$bin' check --show-files"
has show_files out "t.py"; lacks show_files out "s.py"

# 10. A baseline matches from any working folder and says what it hid.
p=$(project baseline)
(cd "$p" && "$bin" check t.py --write-baseline base.json >/dev/null 2>&1)
run baseline_elsewhere sh -c "cd '$p/scripts' && '$bin' check ../t.py --baseline ../base.json"
want_rc 0 baseline_elsewhere; has baseline_elsewhere out "2 findings hidden by the baseline"

# 11. --timings after a cache hit says the results came from the cache.
p=$(project timings)
(cd "$p" && "$bin" check t.py >/dev/null 2>&1)
run timings_cached sh -c "cd '$p' && '$bin' check t.py --timings"
has timings_cached err "1 of 1 file from the cache"; lacks timings_cached err "lines per CPU-second"
run stats_renamed sh -c "cd '$p' && '$bin' check t.py --stats"
has stats_renamed err "now .--timings."

# 12. Commands: aliases, suggestions, case-insensitive codes, review's own options.
run explain "$bin" explain TL101
want_rc 0 explain; has explain out "# TL101"
run typo "$bin" chekc input/clean.py
want_rc 2 typo; has typo err "did you mean .check."
run lower_code "$bin" rule tl101
want_rc 0 lower_code; has lower_code out "# TL101"
run review_help "$bin" review --help
lacks review_help out "--fix"; lacks review_help out "--format"
run review_format "$bin" review --github-event x.json --format text
want_rc 2 review_format

# 13. Notes instead of silence; colour by the usual variables.
mkdir -p "$scratch/nopy" && touch "$scratch/nopy/readme.md" "$scratch/nopy/kernel.cu"
run no_python "$bin" check "$scratch/nopy/readme.md"
has no_python err "readme.md: not a Python file; skipped"
mkdir -p "$scratch/nosrc" && touch "$scratch/nosrc/readme.md"
run no_sources "$bin" check "$scratch/nosrc"
has no_sources err "no Python, C, C++ or CUDA files"
# Without its front end, C/C++/CUDA files are named in a note, never silently dropped.
run cxx_missing env TORCHLINT_CXX=/nonexistent/torchlint-cxx "$bin" check "$scratch/nopy/kernel.cu"
has cxx_missing out "not checked"
has cxx_missing out "No findings in 0 files"
run force_color env FORCE_COLOR=1 "$bin" check input/train_loop.py
grep -q $'\x1b\[' "$scratch/force_color.out" || fail "FORCE_COLOR=1 gave no colour"
if command -v script >/dev/null; then  # a real terminal: colour unless TERM=dumb
  TERM=xterm script -qec "'$bin' check input/train_loop.py" /dev/null >"$scratch/tty.out" 2>&1
  grep -q $'\x1b\[' "$scratch/tty.out" || fail "a terminal got no colour"
  TERM=dumb script -qec "'$bin' check input/train_loop.py" /dev/null >"$scratch/dumb.out" 2>&1
  grep -q $'\x1b\[' "$scratch/dumb.out" && fail "TERM=dumb got colour"
fi
run no_color env NO_COLOR=1 FORCE_COLOR=1 "$bin" check input/train_loop.py
grep -q $'\x1b\[' "$scratch/no_color.out" && fail "NO_COLOR=1 got colour"
run color_diff "$bin" check input/train_loop.py --diff --unsafe-fixes --color always
grep -q $'\x1b\[32m+' "$scratch/color_diff.out" || fail "--diff --color always is not coloured"

# 14. `rules` and `rule` see the configuration's extend-rules.
p=$(project packs)
mkdir -p "$p/tools" && cp packs/custom.yaml "$p/tools/"
printf '[tool.torchlint]\nextend-rules = ["tools"]\n' >"$p/pyproject.toml"
run rules_extend sh -c "cd '$p' && '$bin' rules"
has rules_extend out "^ACME"
run rule_extend sh -c "cd '$p' && '$bin' rule ACME003"
want_rc 0 rule_extend

# 15. A syntax error is a finding: CI notices.
run syntax "$bin" check input/broken_syntax.py --select TL999
want_rc 1 syntax; has syntax out "TL999 \[syntax-error\]"

# 16. The cache goes to the project root, not the working folder.
p=$(project cache_root)
run cache_elsewhere sh -c "cd '$scratch' && mkdir -p elsewhere && cd elsewhere && env -u TORCHLINT_CACHE_DIR '$bin' check '$p/t.py'"
[ -d "$p/.torchlint_cache" ] || fail "no cache at the project root"
[ -e "$scratch/elsewhere/.torchlint_cache" ] && fail "the cache littered the working folder"

# Gaps: extend flags, --config overrides, --output-format, --show-settings, the fixable line.
p=$(project gaps)
printf '[tool.torchlint]\nselect = ["TL301"]\n' >"$p/pyproject.toml"
run extend_select sh -c "cd '$p' && '$bin' check t.py --extend-select TL101 --no-source"
has extend_select out TL101; has extend_select out TL301
run extend_ignore sh -c "cd '$p' && '$bin' check t.py --extend-select TL101 --extend-ignore TL301 --no-source"
has extend_ignore out TL101; lacks extend_ignore out TL301
run config_override sh -c "cd '$p' && '$bin' check t.py --config 'select = [\"TL101\"]' --no-source"
has config_override out TL101; lacks config_override out TL301
run bad_override sh -c "cd '$p' && '$bin' check t.py --config 'selct = [\"TL101\"]'"
want_rc 2 bad_override; has bad_override err "did you mean .select."
run per_file_flag sh -c "cd '$p' && '$bin' check t.py scripts --per-file-ignores 'scripts/*.py:TL301' --no-source"
has per_file_flag out "^t.py"; lacks per_file_flag out "scripts/s.py"
run output_format "$bin" check input/train_loop.py --output-format json
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$scratch/output_format.out" || fail "--output-format json is not JSON"
run show_settings sh -c "cd '$p' && '$bin' check t.py --show-settings"
has show_settings out "configuration: pyproject.toml"; has show_settings out 'select: \["TL301"\]'
run fixable_line "$bin" check input/train_loop.py --select TL,TL000 input/suppressed.py
has fixable_line out "1 fixable with .--fix. (.* more with .--unsafe-fixes.)"

# --fix --show-fixes lists what it changed.
p=$(project showfixes)
run show_fixes sh -c "cd '$p' && '$bin' check t.py --fix --unsafe-fixes --show-fixes"
has show_fixes err "t.py: 1 × TL101"

# stdin: named by --stdin-filename, configured from that path; --fix prints the fixed source.
p=$(project stdin)
printf '[tool.torchlint]\nignore = ["TL301"]\n' >"$p/pyproject.toml"
run stdin_check sh -c "cd '$p' && '$bin' check - --stdin-filename t.py --no-source <t.py"
want_rc 1 stdin_check; has stdin_check out "^t.py:11"; lacks stdin_check out TL301
run stdin_fix sh -c "cd '$p' && '$bin' check - --stdin-filename t.py --fix --unsafe-fixes <t.py"
has stdin_fix out "history.append(loss.detach())"
cmp -s "$p/t.py" input/train_loop.py || fail "stdin --fix wrote to the file"

# rules --format json; parse with fields and positions, from stdin too.
"$bin" rules --format json | python3 -c '
import json, sys
rules = json.load(sys.stdin)
assert any(r["code"] == "TL101" and r["fix"] == "unsafe" for r in rules), rules[:2]' || fail "rules --format json"
printf 'loss.backward()\n' | "$bin" parse - >"$scratch/parse.out"
has parse out "^(module \[0, 0\] - \[1, 0\]"
has parse out "function: (attribute \[0, 0\] - \[0, 13\]"
has parse out "attribute: (identifier \[0, 5\] - \[0, 13\])"

# -e tries a pattern: only its matches, at their positions.
run pattern "$bin" check -e '$X.item()' input/train_loop.py --no-source
want_rc 1 pattern; has pattern out "train_loop.py:13:35: E000 \[pattern\]"; lacks pattern out TL101
run bad_pattern "$bin" check -e 'foo(' input/train_loop.py
want_rc 2 bad_pattern; has bad_pattern err "invalid pattern"

# Shell completion comes from the option table: every check option is offered.
for shell in bash zsh fish; do
  "$bin" completion $shell >"$scratch/completion.$shell" || fail "completion $shell"
done
grep -q -- "--extend-select" "$scratch/completion.bash" || fail "bash completion lacks --extend-select"
bash -n "$scratch/completion.bash" || fail "bash completion does not parse"
if command -v zsh >/dev/null; then zsh -n "$scratch/completion.zsh" || fail "zsh completion does not parse"; fi

# C/C++/CUDA in the same workflows: --staged reads the index, stdin reads the pipe, and the
# plain hook lets C/C++/CUDA changes through to torchlint.
if [ -x "$(dirname "$bin")/torchlint-cxx" ]; then
  cx="$scratch/cxx_repo"
  mkdir -p "$cx" && (cd "$cx" && git init -q && git config user.email t@t && git config user.name t)
  cp "$here/../../examples/csrc/scale.cu" "$cx/op.cu"
  (cd "$cx" && git add op.cu)
  sed -i 's/scale_kernel<<<blocks, 256>>>/scale_kernel<<<blocks, 256, 0, at::cuda::getCurrentCUDAStream()>>>/' "$cx/op.cu"
  run cxx_staged sh -c "cd '$cx' && '$bin' check --staged --select TL810"
  want_rc 1 cxx_staged
  has cxx_staged out "op.cu:15:3: TL810"
  run cxx_tree "$bin" check --no-cache --select TL810 "$cx/op.cu"
  want_rc 0 cxx_tree
  run cxx_stdin sh -c "'$bin' check - --stdin-filename op.cu --select TL811 < '$here/../../examples/csrc/scale.cu'"
  has cxx_stdin out "op.cu:15:3: TL811"
  (cd "$cx" && "$bin" install-hook >/dev/null && git commit -qm x >/dev/null 2>&1)
  [ $? -ne 0 ] || fail "the plain hook let a commit with a C/C++ finding through"
  # compile_commands.json: found upward from the file or given with -p; nvcc lines converted
  # (the -D below decides whether the launch exists at all).
  db="$scratch/cxx_db"
  mkdir -p "$db/csrc" "$db/build"
  printf '#include <torch/extension.h>\n__global__ void k(float* x) {}\nat::Tensor f(at::Tensor x) {\n#ifdef LAUNCH_ON_DEFAULT\n  k<<<1, 1>>>(x.data_ptr<float>());\n#endif\n  return x;\n}\n' >"$db/csrc/op.cu"
  printf '[{"directory": "%s/build", "file": "%s/csrc/op.cu", "command": "/usr/local/cuda/bin/nvcc -DLAUNCH_ON_DEFAULT -Xcompiler -fPIC,-O3 --expt-relaxed-constexpr -gencode=arch=compute_80,code=sm_80 -std=c++17 -c %s/csrc/op.cu -o op.o"}]\n' "$db" "$db" "$db" >"$db/build/compile_commands.json"
  run cxx_db_found "$bin" check --no-cache --select TL810 "$db/csrc/op.cu"
  has cxx_db_found out "op.cu:5:3: TL810"
  mv "$db/build" "$db/elsewhere"
  run cxx_db_none "$bin" check --no-cache --select TL810 "$db/csrc/op.cu"
  want_rc 0 cxx_db_none
  run cxx_db_p "$bin" check --no-cache --select TL810 -p "$db/elsewhere" "$db/csrc/op.cu"
  has cxx_db_p out "op.cu:5:3: TL810"
  # The cache keeps C/C++ reports while the file, its project headers and its database are
  # unchanged; editing an included header brings the finding back (and takes it away).
  hc="$scratch/cxx_cache"
  mkdir -p "$hc/.git"
  printf '#include <torch/extension.h>\n#include "launch.h"\n__global__ void k(float* x) {}\nat::Tensor f(at::Tensor x) {\n  LAUNCH(k, x.data_ptr<float>());\n  return x;\n}\n' >"$hc/op.cu"
  printf '#define LAUNCH(K, P) K<<<1, 1, 0, at::cuda::getCurrentCUDAStream()>>>(P)\n#include <ATen/cuda/CUDAContext.h>\n' >"$hc/launch.h"
  run cxx_cache_cold "$bin" check --cache-dir "$scratch/cxx_cache_dir" --select TL810 "$hc/op.cu"
  want_rc 0 cxx_cache_cold
  printf '#define LAUNCH(K, P) K<<<1, 1>>>(P)\n' >"$hc/launch.h"
  run cxx_cache_header "$bin" check --cache-dir "$scratch/cxx_cache_dir" --select TL810 "$hc/op.cu"
  has cxx_cache_header out "op.cu:5:3: TL810"
  run cxx_cache_warm "$bin" check --cache-dir "$scratch/cxx_cache_dir" --select TL810 "$hc/op.cu"
  has cxx_cache_warm out "op.cu:5:3: TL810"
  ls "$scratch/cxx_cache_dir"/*/cxx-*.json >/dev/null 2>&1 || fail "no C/C++ report was cached"
  # A rule pack whose AST matcher does not compile: a configuration error at the matcher's line.
  mkdir -p "$scratch/badmatcher"
  printf 'id: ACME810\nname: bad-matcher\nfamily: extensions\nlanguage: cxx\nengine: clang\nseverity: warning\nmessage: "x"\nmatchers:\n  - matcher: callExpr(calee(functionDecl()))\n' >"$scratch/badmatcher/pack.yaml"
  run bad_matcher "$bin" check --no-cache --rules "$scratch/badmatcher/pack.yaml" --select ACME810 "$hc/op.cu"
  want_rc 2 bad_matcher
  has bad_matcher err "pack.yaml:9:"
  has bad_matcher err "calee"
elif [ -n "${CI:-}" ]; then
  fail "torchlint-cxx was not built: the C/C++/CUDA workflows were not checked"
fi

[ "$failures" -eq 0 ] || { echo "$failures workflow check(s) failed"; exit 1; }
echo "all workflow checks passed"
