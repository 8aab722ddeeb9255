#!/usr/bin/env bash
# The command-line conventions ruff users expect: `-V`, `--output-file`, selectors in any case,
# `--unsafe-fixes` alone, the rule's documentation URL in JSON findings and `check --help`.
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

if [ "$failures" -gt 0 ]; then
  echo "$failures convention check(s) failed"
  exit 1
fi
echo "command-line conventions hold"
