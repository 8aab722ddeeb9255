#!/usr/bin/env bash
# `torchlint confirm` under real PyTorch (CPU): every rule's docs example pair is confirmed within
# 60 s; a finding whose cost does not show is not confirmed; programs that hang, exit, crash or
# never reach the loop are inconclusive within the timeout; the user's tree is never written;
# per-call and growing costs in a real script are confirmed through the rules' `fixed-by` edits.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
source "$root/tests/skip_or_fail.sh"

python=""
for p in "${TORCHLINT_PYTHON:-}" python3 /usr/bin/python3; do
  [ -n "$p" ] && "$p" -c "import torch" 2>/dev/null && { python=$p; break; }
done
if [ -z "$python" ]; then
  echo "no Python with torch (the test command installs python3-torch)"
  skip_or_fail
fi
export TORCHLINT_PYTHON=$python
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# The verdict (and `why`) of the first confirmation in a JSON report (findings or a bare object).
verdict() {
  python3 -c '
import json, sys
d = json.load(sys.stdin)
c = d["findings"][0].get("confirmation", {}) if "findings" in d else d
print(c.get("verdict", "none") + "\t" + c.get("why", ""))'
}

# 1. Every rule that names an experiment: its docs example is confirmed, within 60 s.
rules=$("$bin" rules --format json | python3 -c 'import json,sys; print(" ".join(r["code"] for r in json.load(sys.stdin) if r.get("confirm")))')
[ -n "$rules" ] || fail "no rule names an experiment"
for rule in $rules; do
  start=$(date +%s)
  out=$("$bin" confirm --rule "$rule" --example --format json 2>"$work/err") || true
  took=$(( $(date +%s) - start ))
  v=$(echo "$out" | verdict 2>/dev/null)
  [ "${v%%$'\t'*}" = confirmed ] || fail "$rule example: expected confirmed, got: $v $(tail -3 "$work/err")"
  [ "$took" -le 60 ] || fail "$rule example took ${took}s (limit 60)"
  echo "ok: $rule example ${v%%$'\t'*} in ${took}s"
done

# 2. A finding in a real script: confirmed; the tree is byte-identical afterwards, and what the
#    program wrote (trained.txt) stayed in the temporary copy.
cp -r "$here/projects" "$work/projects"
fingerprint() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum); }
before=$(fingerprint "$work/projects")
line=$(grep -n "losses.append(loss)" "$work/projects/modes/train.py" | cut -d: -f1)
cd "$work/projects/modes"
v=$("$bin" confirm "train.py:$line" --format json -- run 2>/dev/null | verdict)
[ "${v%%$'\t'*}" = confirmed ] || fail "train.py:$line run: expected confirmed, got: $v"
[ "$before" = "$(fingerprint "$work/projects")" ] || fail "the user's tree changed during confirm"

# 3. Programs that never give a measurement: inconclusive, with the reason, within the timeout.
check_inconclusive() {
  local mode=$1 reason=$2
  local start took
  start=$(date +%s)
  v=$("$bin" confirm "train.py:$line" --format json --timeout 5 --repeat 1 -- "$mode" 2>/dev/null | verdict)
  took=$(( $(date +%s) - start ))
  [ "${v%%$'\t'*}" = inconclusive ] || fail "$mode: expected inconclusive, got: $v"
  case "$v" in *"$reason"*) ;; *) fail "$mode: the reason should say '$reason': $v" ;; esac
  [ "$took" -le 30 ] || fail "$mode took ${took}s"
  echo "ok: $mode inconclusive in ${took}s: ${v#*$'\t'}"
}
check_inconclusive hang "timed out after 5 s"
check_inconclusive exit "exit status 3"
check_inconclusive crash "the data folder is empty"
check_inconclusive skip "before reaching the loop"
check_inconclusive short "after 2 iteration"
[ "$before" = "$(fingerprint "$work/projects")" ] || fail "the user's tree changed during confirm"

# 4. A finding whose cost does not show here: not confirmed (no dropout or batch-norm).
cd "$work/projects/plain_eval"
line=$(grep -n "total += model(x)" evaluate.py | cut -d: -f1)
v=$("$bin" confirm "evaluate.py:$line" --format json 2>/dev/null | verdict)
[ "${v%%$'\t'*}" = not-confirmed ] || fail "plain_eval: expected not-confirmed, got: $v"

# `check --confirm`: the verdict rides on the finding, here in SARIF's properties.
"$bin" check --confirm --format sarif evaluate.py >"$work/sarif" 2>/dev/null
python3 -c '
import json, sys
c = json.load(open(sys.argv[1]))["runs"][0]["results"][0]["properties"]["confirmation"]
assert c["verdict"] == "not-confirmed", c
' "$work/sarif" 2>"$work/err" || fail "check --confirm: no not-confirmed verdict in SARIF: $(tail -1 "$work/err")"

# 5. No usable Python: an error, exit 2.
"$bin" confirm "evaluate.py:$line" --python "$work/no-such-python" >"$work/out" 2>&1
rc=$?
[ $rc -eq 2 ] || fail "--python missing: expected exit 2, got $rc"
grep -q "no Python with torch" "$work/out" || fail "--python missing: no reason given: $(cat "$work/out")"

# 6. Not a finding: a clear error.
"$bin" confirm "evaluate.py:1" >"$work/out" 2>&1
[ $? -eq 2 ] && grep -q "no finding at" "$work/out" || fail "a line without a finding: $(cat "$work/out")"

# 7. Per-call, growing and kept costs in a real script, each fixed twin made by the rule's
#    `fixed-by`: a model moved every step (TL401) and a device-wide call every step (TL106) are
#    counted (call-count); a concatenation that copies everything collected so far grows
#    (step-growth); a hook registered before the loop keeps every step's graph, measured in the
#    loop after it (memory-growth).
cd "$work/projects/costs"
confirm_line() {
  local rule=$1 text=$2 experiment=$3 line out
  line=$(grep -n "$text" train.py | cut -d: -f1)
  out=$("$bin" confirm "train.py:$line" --format json 2>/dev/null)
  v=$(echo "$out" | verdict)
  [ "${v%%$'\t'*}" = confirmed ] || fail "costs/train.py:$line ($rule): expected confirmed, got: $v"
  echo "$out" | grep -q "\"rule\": \"$rule\"" && echo "$out" | grep -q "\"experiment\": \"$experiment\"" ||
    fail "costs/train.py:$line: expected $rule measured by $experiment"
  echo "ok: $rule ($experiment) ${v%%$'\t'*}: ${v#*$'\t'}"
}
confirm_line TL401 "model.to(device)" call-count
confirm_line TL106 "torch.cuda.empty_cache()" call-count
confirm_line TL203 "preds = torch.cat" step-growth
confirm_line TL104 "register_forward_hook(keep)" memory-growth
[ "$before" = "$(fingerprint "$work/projects")" ] || fail "the user's tree changed during confirm"

[ $failures -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "confirm: all checks passed"
