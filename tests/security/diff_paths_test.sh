#!/usr/bin/env bash
# File names, selectors and globs from an untrusted repository:
# 1. --staged, --diff-base and review find every changed file whatever its name holds (a space,
#    a tab, a newline, a quote, a backslash, non-ASCII, a colon), however git quotes it;
# 2. control characters in file names reach the terminal escaped (findings, notes, errors,
#    --show-files, --diff);
# 3. a huge unknown selector is reported at once and cut;
# 4. an `exclude` of many `**/` takes no time.
# Usage: diff_paths_test.sh TORCHLINT  (exit 0 pass, 1 fail, 77 skip)
set -u
. "$(dirname "$0")/common.sh" "$1"
here=$(cd "$(dirname "$0")" && pwd)
command -v git >/dev/null && command -v python3 >/dev/null || { echo "SKIP: needs git and python3"; exit 77; }
unset TORCHLINT_CACHE_DIR GIT_CONFIG_COUNT
train="$here/../cli/input/train_loop.py"  # two findings: TL101 and TL301

# 1. Names git writes quoted ("\t", "\n", "\"", "\\", octal bytes) or with a trailing tab.
names=(plain.py "a b.py" $'tab\there.py' $'sp ace\tand tab.py' $'nl\nname.py' 'quo"te.py' 'back\slash.py'
       $'\xc3\xa9t\xc3\xa9.py' '2:colon.py')
repo="$scratch/repo"
mkdir -p "$repo" && git_in "$repo" init -q -b main . && echo 'x = 1' >"$repo/base.py"
git_in "$repo" add . && git_in "$repo" commit -qm base
git_in "$repo" checkout -qb feature
for n in "${names[@]}"; do cp "$train" "$repo/$n"; done
git_in "$repo" add . && git_in "$repo" commit -qm names
mkdir "$repo/untracked" && for n in "${names[@]}"; do cp "$train" "$repo/untracked/$n"; done
# The files each mode must report, two findings each: in diff-base the committed names and the
# untracked copies, in review (which reads the pull request's head commit) and --staged the
# committed or staged names.
printf '%s\0' "${names[@]}" >"$scratch/committed"
{ printf '%s\0' "${names[@]}"; printf 'untracked/%s\0' "${names[@]}"; } >"$scratch/with_untracked"
want_files() {  # want_files OUTPUT NAMES MODE: OUTPUT (json or a review payload) reports each name twice
  python3 - "$@" <<'PY' || fail "$3: findings lost: $(cat "$1.missing" 2>/dev/null)"
import collections, json, sys
out, names, mode = sys.argv[1:4]
try:
    j = json.load(open(out, encoding="utf-8", errors="surrogateescape"))
except ValueError:
    open(out + ".missing", "w").write("no JSON output")
    sys.exit(1)
paths = [f["path"] for f in j["findings"]] if "findings" in j else [c["path"] for c in j["comments"]]
got = collections.Counter(paths)
want = open(names, "rb").read().decode("utf-8", "surrogateescape").split("\0")[:-1]
missing = [n for n in want if got[n] != 2]
open(out + ".missing", "w").write(", ".join(repr(n) for n in missing))
sys.exit(1 if missing else 0)
PY
}
# Whatever the user's git configuration: by default, then with names unquoted where git allows
# and diffs without a/ b/ prefixes.
for quoting in default quotePath=false,noprefix; do
  if [ "$quoting" = default ]; then unset GIT_CONFIG_COUNT; else
    export GIT_CONFIG_COUNT=2 GIT_CONFIG_KEY_0=core.quotePath GIT_CONFIG_VALUE_0=false \
      GIT_CONFIG_KEY_1=diff.noprefix GIT_CONFIG_VALUE_1=true; fi
  (cd "$repo" && tl check --diff-base main --no-cache --no-source --format json >"$scratch/diffbase.json" 2>"$scratch/err")
  want_files "$scratch/diffbase.json" "$scratch/with_untracked" "--diff-base ($quoting)"
  printf '{"pull_request": {"base": {"sha": "%s"}, "head": {"sha": "%s"}}}' "$(git -C "$repo" rev-parse main)" \
    "$(git -C "$repo" rev-parse HEAD)" >"$scratch/event.json"
  (cd "$repo" && tl review --github-event "$scratch/event.json" --no-cache >"$scratch/review.json" 2>"$scratch/err")
  want_files "$scratch/review.json" "$scratch/committed" "review ($quoting)"
  git_in "$repo" reset -q --soft main
  (cd "$repo" && tl check --staged --no-cache --no-source --format json >"$scratch/staged.json" 2>"$scratch/err")
  want_files "$scratch/staged.json" "$scratch/committed" "--staged ($quoting)"
  git_in "$repo" commit -qm names
done
unset GIT_CONFIG_COUNT

# 2. Control characters (C0, DEL, C1) and bytes that are not UTF-8 in names, on the terminal.
term="$scratch/term"
mkdir -p "$term/.git"
hostile=($'\e[31mred.py' $'\e]0;title\a.py' $'c1\xc2\x9b2J.py' $'del\x7f.py' $'bad\xff.py')
for n in "${hostile[@]}"; do cp "$train" "$term/$n"; done
printf 'x\0y' >"$term/"$'\e[2Jbinary.py'   # skipped with a note
raw_controls() {  # raw_controls FILE: FILE holds a control character other than newline, or a non-UTF-8 byte
  python3 - "$1" <<'PY'
import re, sys
data = open(sys.argv[1], "rb").read()
try:
    text = data.decode("utf-8")
except UnicodeDecodeError:
    sys.exit(0)
sys.exit(0 if re.search("[\x00-\x09\x0b-\x1f\x7f-\x9f]", text) else 1)
PY
}
(cd "$term" && tl check . --no-cache --color never >"$scratch/text.out" 2>&1)
raw_controls "$scratch/text.out" && fail "text output prints control characters of file names raw"
grep -qF '\x1b[31mred.py:' "$scratch/text.out" || fail "text output does not show an escape as \\x1b"
grep -qF 'c1\u009b2J.py:' "$scratch/text.out" || fail "text output does not show a C1 control as \\u009b"
grep -qF 'bad\xff.py:' "$scratch/text.out" || fail "text output does not show a byte that is not UTF-8 as \\xff"
grep -qF '\x1b[2Jbinary.py' "$scratch/text.out" || fail "the binary-file note does not show its name escaped"
(cd "$term" && tl check --no-cache $'missing\e[2J.py' >"$scratch/error.out" 2>&1)
raw_controls "$scratch/error.out" && fail "an error prints a control character of a path raw"
grep -qF 'missing\x1b[2J.py' "$scratch/error.out" || fail "an error does not name the missing path escaped"
(cd "$term" && tl check . --no-cache --show-files >"$scratch/files.out" 2>&1)
raw_controls "$scratch/files.out" && fail "--show-files prints control characters raw"
(cd "$term" && tl check . --no-cache --diff --unsafe-fixes --color never >"$scratch/diff.out" 2>&1)
raw_controls "$scratch/diff.out" && fail "--diff prints control characters of file names raw"
grep -qF -- '+++ "\033[31mred.py"' "$scratch/diff.out" || fail "--diff does not quote a file name the way git does"
# CI logs render escapes too: workflow commands and the review's Markdown.
for format in github review; do
  (cd "$term" && tl check . --no-cache --format "$format" >"$scratch/$format.out" 2>&1)
  raw_controls "$scratch/$format.out" && fail "--format $format prints control characters of file names raw"
done
(cd "$term" && tl check --show-settings $'\e[31mred.py' >"$scratch/settings.out" 2>&1)
raw_controls "$scratch/settings.out" && fail "--show-settings prints control characters of a file name raw"

# 3. A huge unknown selector: reported at once, cut, with its length.
sel="$scratch/sel"
mkdir -p "$sel" && cp "$train" "$sel/t.py"
python3 -c "print('[tool.torchlint]\nselect = [\"' + 'X' * 900000 + '\"]')" >"$sel/pyproject.toml"
tl check "$sel" --no-cache >"$scratch/sel.out" 2>&1
rc=$?
[ "$rc" = 2 ] || fail "a huge unknown selector in the configuration: exit $rc, want 2"
[ "$(wc -c <"$scratch/sel.out")" -lt 2000 ] || fail "a huge unknown selector is echoed whole ($(wc -c <"$scratch/sel.out") bytes)"
grep -qF '(900000 bytes)' "$scratch/sel.out" || fail "a huge unknown selector's message does not say its length"
rm "$sel/pyproject.toml"
tl check "$sel" --no-cache --select "TL$(head -c 120000 /dev/zero | tr '\0' 9)" >"$scratch/sel.out" 2>&1
rc=$?
[ "$rc" = 2 ] || fail "a huge unknown --select: exit $rc, want 2"
[ "$(wc -c <"$scratch/sel.out")" -lt 2000 ] || fail "a huge unknown --select is echoed whole ($(wc -c <"$scratch/sel.out") bytes)"

# 4. Ten `**/` in an exclude, on a path forty folders deep: once minutes, now no time at all.
deep="$scratch/glob"
dir="$deep"
for i in $(seq 1 40); do dir="$dir/d$i"; done
mkdir -p "$dir" && cp "$train" "$dir/t.py"
printf '[tool.torchlint]\nexclude = ["**/**/**/**/**/**/**/**/**/**/zz"]\n' >"$deep/pyproject.toml"
timeout $((20 * scale)) "$bin" check "$deep" --no-cache --format json >"$scratch/glob.json" 2>&1
rc=$?
[ "$rc" = 1 ] || fail "an exclude of ten **/ on a deep path: exit $rc (124: over 20 s), want 1 (its two findings)"
finish "diff paths, terminal output, selectors and globs"
