#!/usr/bin/env bash
# The command-line conventions ruff users expect: `-V`, `--output-file`, selectors in any case,
# `--unsafe-fixes` alone, the rule's documentation URL in JSON findings, `check --help`, what
# TL000 reports about suppressions, `--add-noqa` and `--exit-non-zero-on-fix`.
# Each check names the behaviour it protects; a failure prints what came instead.
set -u
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export TORCHLINT_CACHE_DIR="$scratch/cache"
. "$here/check_helpers.sh"

# A project of its own (a .git marker) with train_loop.py (TL101, TL301; unsafe fixes) as t.py.
p="$scratch/project"
mkdir -p "$p/.git"
cp "$here/input/train_loop.py" "$p/t.py"
cd "$p"

# 1. `-V` is `--version`.
run short_version "$bin" -V
want_rc 0 short_version; has short_version out "^torchlint [0-9]"

# 2. --output-file: the report goes to the file, stdout stays empty, the exit code is the check's.
run output_file "$bin" check t.py --format json --output-file report.json
want_rc 1 output_file
[ -s "$scratch/output_file.out" ] && fail "output_file: stdout not empty"
python3 -c 'import json,sys; assert len(json.load(open(sys.argv[1]))["findings"]) == 2' report.json 2>/dev/null ||
  fail "output_file: report.json is not the whole JSON report"
# A longer old report is replaced whole, and nothing is left beside it.
yes "stale line" | head -1000 >report.txt
run output_file_short "$bin" check t.py --no-source -o report.txt
want_rc 1 output_file_short
grep -q "t.py:11" report.txt 2>/dev/null || fail "output_file_short: report.txt lacks the finding"
grep -q "stale line" report.txt && fail "output_file_short: report.txt still holds the old report"
ls | grep -q torchlint-tmp && fail "output_file_short: a temporary file was left: $(ls)"
# A folder that does not exist: exit 2, a clear error, no file.
run output_file_missing_dir "$bin" check t.py --output-file nowhere/report.txt
want_rc 2 output_file_missing_dir; has output_file_missing_dir err "error: --output-file: nowhere/report.txt: the folder nowhere does not exist"
# A folder as the path: exit 2, the folder as it was.
mkdir taken
run output_file_is_dir "$bin" check t.py --output-file taken
want_rc 2 output_file_is_dir; has output_file_is_dir err "error: --output-file: taken: is a folder"
[ -d taken ] && [ -z "$(ls taken)" ] || fail "output_file_is_dir: the folder was changed"

# 3. Selectors in any case, as `torchlint rule tl101`; ALL is documented.
run select_lower "$bin" check t.py --no-source --select tl101
want_rc 1 select_lower; has select_lower out "TL101"; lacks select_lower out "TL301"
run ignore_lower_prefix "$bin" check t.py --no-source --ignore tl1
want_rc 1 ignore_lower_prefix; has ignore_lower_prefix out "TL301"; lacks ignore_lower_prefix out "TL101"
run help_all "$bin" check --help
has help_all out "ALL"

# 4. --unsafe-fixes without --fix or --diff: said to do nothing alone, never advised again.
run unsafe_alone "$bin" check t.py --no-source --unsafe-fixes
want_rc 1 unsafe_alone
has unsafe_alone err "\`--unsafe-fixes\` only matters with \`--fix\` or \`--diff\`"
lacks unsafe_alone out "enabled with \`--unsafe-fixes\`"
has unsafe_alone out "2 fixable with \`--fix\`"

# 5. JSON findings carry their rule's documentation URL, the one SARIF gives as helpUri.
run json_url "$bin" check t.py --format json
has json_url out '"url": "https://github.com/torchlint/torchlint/blob/main/docs/rules/TL101.md"'
run sarif_uri "$bin" check t.py --format sarif
has sarif_uri out '"helpUri": "https://github.com/torchlint/torchlint/blob/main/docs/rules/TL101.md"'

# 6. `check` checks C/C++/CUDA files as well as Python.
run help_check "$bin" check --help
has help_check out "Check Python and C/C++/CUDA files"
run help_top "$bin" --help
lacks help_top out "Check Python files"

# 7. TL000 as ruff's RUF100/RUF102: a misspelled code, an unused bare `# noqa`, one unused code
#    of several removed alone, TL999 named for what it is.
cp "$here/input/unused_noqa.py" u.py
run tl000 "$bin" check u.py --no-source --select TL,TL000
has tl000 out "u.py:13:38: TL000 .*suppression of \`TL2O1\`: no such rule (did you mean \`TL201\`?)"
has tl000 out "u.py:12:39: TL000 .*this \`# noqa\` hides no torchlint finding"
has tl000 out "u.py:14:39: TL000 .*\`TL999\`: its findings are always reported"
lacks tl000 out "not enabled"
run tl000_fix "$bin" check u.py --no-source --select TL,TL000 --fix
has tl000_fix err "Applied 3 fixes"
grep -qx "        losses.append(loss)  # noqa: TL101" u.py || fail "tl000_fix: the unused TL303 was not removed alone: $(sed -n 11p u.py)"
grep -qx "        losses.append(loss)  # noqa: E501" u.py || fail "tl000_fix: TL2O1 was not removed alone: $(sed -n 13p u.py)"
grep -qx "        losses.append(loss.detach())" u.py || fail "tl000_fix: the TL999 suppression stayed: $(sed -n 14p u.py)"
grep -qx "        losses.append(loss.detach())  # noqa" u.py || fail "tl000_fix: a bare # noqa went without --unsafe-fixes"

# 8. --add-noqa: every finding suppressed in place, on the line Python allows a comment for it
#    (a multi-line string's last line, the end of a backslash continuation), merged with a
#    `# noqa` already there; the file still compiles and the next check finds nothing.
cp "$here/input/noqa_adoption.py" a.py
run add_noqa "$bin" check a.py --add-noqa
want_rc 0 add_noqa; has add_noqa err "Added 4 \`# noqa\` directives in 1 file"
grep -qx "        losses.append(loss)  # noqa: E501, TL101" a.py || fail "add_noqa: not merged: $(sed -n 11p a.py)"
grep -qx '            of this step""")  # noqa: TL201' a.py || fail "add_noqa: not after the string: $(sed -n 13p a.py)"
grep -qx '            "continued"  # noqa: TL101' a.py || fail "add_noqa: not after the continuation: $(sed -n 15p a.py)"
grep -qx "        losses.append(loss)  # a comment of its own  # noqa: TL101" a.py || fail "add_noqa: $(sed -n 16p a.py)"
python3 -c 'import sys; compile(open(sys.argv[1]).read(), "a.py", "exec")' a.py || fail "add_noqa: a.py no longer compiles"
run add_noqa_after "$bin" check a.py --no-source
want_rc 0 add_noqa_after
run add_noqa_again "$bin" check a.py --add-noqa
has add_noqa_again err "Added 0 \`# noqa\` directives in 0 files"
run add_noqa_fix "$bin" check a.py --add-noqa --fix
want_rc 2 add_noqa_fix; has add_noqa_fix err "cannot be combined with --fix"

# 9. --exit-non-zero-on-fix: exit 1 when --fix changed a file, though no finding remains.
printf 'x = 1  # torchlint: ignore[TL101]\n' >f.py
cp f.py g.py
run fix_exit_zero "$bin" check f.py --select TL,TL000 --fix
want_rc 0 fix_exit_zero
run fix_exit_one "$bin" check g.py --select TL,TL000 --fix --exit-non-zero-on-fix
want_rc 1 fix_exit_one; [ "$(cat g.py)" = "x = 1" ] || fail "fix_exit_one: g.py not fixed: $(cat g.py)"
run fix_exit_nothing "$bin" check g.py --select TL,TL000 --fix --exit-non-zero-on-fix
want_rc 0 fix_exit_nothing
run fix_exit_conflict "$bin" check g.py --fix --exit-non-zero-on-fix --exit-zero
want_rc 2 fix_exit_conflict

# 10. `extend = "../pyproject.toml"`: the base's settings, then this file's keys on top; the
#     base's globs stay relative to its folder; cycles and files outside the project are errors.
mkdir -p ext/sub
printf '[tool.torchlint]\nselect = ["TL101", "TL301"]\nexclude = ["sub/skipped.py"]\n' >ext/pyproject.toml
printf '[tool.torchlint]\nextend = "../pyproject.toml"\nignore = ["TL301"]\n' >ext/sub/pyproject.toml
cp t.py ext/sub/t.py
cp t.py ext/sub/skipped.py
run extend "$bin" check ext/sub --no-source
want_rc 1 extend; has extend out "ext/sub/t.py:11:.*TL101"; lacks extend out "TL301"; lacks extend out "skipped.py"
printf '[tool.torchlint]\nextend = "b.toml"\n' >ext/a.toml
printf '[tool.torchlint]\nextend = "a.toml"\n' >ext/b.toml
run extend_cycle "$bin" check t.py --config ext/a.toml
want_rc 2 extend_cycle; has extend_cycle err "b.toml:2:10: \`extend\` makes a cycle: .*a.toml -> .*b.toml -> .*a.toml"
printf '[tool.torchlint]\nselect = ["TL301"]\n' >"$scratch/outside.toml"
printf '[tool.torchlint]\nextend = "../../../outside.toml"\n' >ext/sub/pyproject.toml
run extend_outside "$bin" check ext/sub/t.py
want_rc 2 extend_outside; has extend_outside err "pyproject.toml:2:10: \`extend\` names \`../../../outside.toml\`, outside the project"
run extend_override "$bin" check t.py --config 'extend = "ext/pyproject.toml"'
want_rc 2 extend_override; has extend_override err "\`extend\` belongs in a configuration file"

# 11. An `-e` pattern's error points into the pattern, where Python's grammar gives up.
run pattern_error "$bin" check t.py -e '$X.item('
want_rc 2 pattern_error; has pattern_error err "^error: -e:1:8: invalid pattern: the pattern does not parse as Python code"
run pattern_error_inside "$bin" check t.py -e 'torch.save($X $Y)'
want_rc 2 pattern_error_inside; has pattern_error_inside err "^error: -e:1:15: invalid pattern"

# 12. --timings says what its numbers are: thread time per phase, the run's CPU and wall time,
#     C/C++/CUDA time included.
printf 'int f() { return 0; }\n' >k.cpp
run timings "$bin" check t.py k.cpp --timings --no-cache --no-source
lacks timings err "(CPU, summed over threads)"
has timings err "(thread time, summed over threads)"
has timings err "^C/C++/CUDA: [0-9.]* ms wall"
has timings err "CPU: [0-9.]* ms (the whole run, C/C++/CUDA processes included)"

# 13. `rules` marks the rules that are off by default.
run rules_list "$bin" rules
has rules_list out "^TL000 .* off by default$"
lacks rules_list out "^TL101 .*off by default"

# 14. Shell completion offers values: formats, colours, rule codes.
run completion_bash "$bin" completion bash
has completion_bash out '--format|--output-format) COMPREPLY=($(compgen -W "text json sarif github gitlab rdjson review"'
has completion_bash out '--select) COMPREPLY=($(compgen -W "ALL TL000 TL001'
has completion_bash out 'args="ALL TL000'
bash -n "$scratch/completion_bash.out" || fail "completion_bash: does not parse"
run completion_fish "$bin" completion fish
has completion_fish out "-l color -r -f -a 'auto always never'"
run completion_zsh "$bin" completion zsh
has completion_zsh out "'--ignore\[[^]]*\]:value:(ALL TL000 "
if command -v zsh >/dev/null; then zsh -n "$scratch/completion_zsh.out" || fail "completion_zsh: does not parse"; fi

# 15. A rule that is off by default runs when named or with ALL; prefixes (`TL`, `TL0`) keep it off.
printf 'x = 1  # noqa: TL101\n' >offdefault.py
for sel in TL TL0 TL00; do
  run "off_prefix_$sel" "$bin" check offdefault.py --no-source --select "$sel"
  lacks "off_prefix_$sel" out "TL000"
done
for sel in TL000 unused-suppression ALL tl000; do
  run "off_named_$sel" "$bin" check offdefault.py --no-source --select "$sel"
  has "off_named_$sel" out "offdefault.py:1:8: TL000"
done

if [ "$failures" -gt 0 ]; then
  echo "$failures convention check(s) failed"
  exit 1
fi
echo "command-line conventions hold"
