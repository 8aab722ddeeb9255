#!/usr/bin/env bash
# SARIF output must validate with 0 errors and 0 warnings under Microsoft's SARIF
# Multitool (installed by `npm ci` from package.json). Exit 77 (skipped) without it.
set -u
. "$(dirname "$0")/../skip_or_fail.sh"
bin=$(realpath "$1")
root=$(cd "$(dirname "$0")/../.." && pwd)
tool=${SARIF_MULTITOOL:-$root/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool}
if [ ! -e "$tool" ]; then
  echo "SKIP: Sarif.Multitool not installed (npm ci installs it)"
  skip_or_fail
fi
[ -x "$tool" ] || chmod +x "$tool" 2>/dev/null
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$root/tests/cli"
# Findings with and without fixes, several rules, an opt-in rule, and C/C++/CUDA findings beside
# Python ones in one run.
"$bin" check input configured/pkg "$root/examples/csrc" --format sarif --select TL,TL000 --no-cache >"$scratch/out.sarif"
[ -s "$scratch/out.sarif" ] || { echo "FAIL: no SARIF produced"; exit 1; }
"$tool" validate "$scratch/out.sarif" --output "$scratch/validation.sarif" --log ForceOverwrite --level "Error;Warning" \
  >"$scratch/log" 2>&1 || { cat "$scratch/log"; echo "FAIL: the validator did not run"; exit 1; }
python3 - "$scratch/validation.sarif" "$scratch/out.sarif" <<'PY'
import json, sys
problems = [r for run in json.load(open(sys.argv[1]))["runs"] for r in run.get("results", [])
            if r.get("level", "warning") in ("error", "warning")]
for r in problems:
    print(r.get("level"), r.get("ruleId"), json.dumps(r.get("message")))
results = json.load(open(sys.argv[2]))["runs"][0]["results"]
if not results:
    sys.exit("FAIL: the sample produced no results to validate")
if not any(r["ruleId"] == "TL811" for r in results):
    sys.exit("FAIL: no C/C++/CUDA results in the sample")
if problems:
    sys.exit(f"FAIL: {len(problems)} SARIF validation errors/warnings")
print(f"SARIF valid: {len(results)} results, 0 errors, 0 warnings")
PY
