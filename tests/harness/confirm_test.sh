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

# 1. Every rule that names an experiment: its docs example is confirmed, within 60 s. A rule
#    whose cost shows only on a GPU is confirmed where one is, and elsewhere says why not.
gpu=0
[ -e /dev/nvidia0 ] || [ -e /dev/nvidiactl ] && gpu=1
rules=$("$bin" rules --format json | python3 -c '
import json, sys
print(" ".join(r["code"] + ("+gpu" if r.get("confirm_needs_gpu") else "") for r in json.load(sys.stdin) if r.get("confirm")))')
[ -n "$rules" ] || fail "no rule names an experiment"
# TORCHLINT_CONFIRM_EXAMPLES=TL101,TL203: only those (the sanitizer build: the examples run
# Python, and the other sections exercise all of the harness's own code).
for entry in $rules; do
  rule=${entry%+gpu}
  [ -n "${TORCHLINT_CONFIRM_EXAMPLES:-}" ] && [[ ",$TORCHLINT_CONFIRM_EXAMPLES," != *",$rule,"* ]] && continue
  expected=confirmed
  [ "$entry" != "$rule" ] && [ $gpu -eq 0 ] && expected=inconclusive
  start=$(date +%s)
  out=$("$bin" confirm --rule "$rule" --example --format json 2>"$work/err") || true
  took=$(( $(date +%s) - start ))
  v=$(echo "$out" | verdict 2>/dev/null)
  [ "${v%%$'\t'*}" = $expected ] || fail "$rule example: expected $expected, got: $v $(tail -3 "$work/err")"
  if [ $expected = inconclusive ]; then
    case "$v" in *"shows only on a GPU"*) ;; *) fail "$rule example without a GPU: no reason given: $v" ;; esac
  fi
  [ "$took" -le 60 ] || fail "$rule example took ${took}s (limit 60)"
  echo "ok: $rule example ${v%%$'\t'*} in ${took}s: ${v#*$'\t'}" | cut -c1-220
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
"$bin" check --confirm --format sarif evaluate.py >"$work/sarif" 2>"$work/tally"
grep -q "^Confirmation: 0 confirmed, 1 not confirmed, 0 inconclusive" "$work/tally" && grep -q "^  TL304 *1 not-confirmed" "$work/tally" ||
  fail "check --confirm: no tally at the end: $(tail -3 "$work/tally")"
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
#    loop after it (memory-growth); gradients cleared between backward and step leave the
#    weights where they were (param-update).
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
confirm_line TL302 "optimizer.zero_grad()  # clears" param-update
[ "$before" = "$(fingerprint "$work/projects")" ] || fail "the user's tree changed during confirm"

# 7b. A plain script (no main guard, the loop at module level) runs as itself; a freeze written
#     in a loop of its own is measured in the training loop after it (`loop: after`): the
#     misspelt attribute leaves the backbone training (param-update, the tensors that move).
mkdir -p "$work/plain/.git"
cat >"$work/plain/train.py" <<'EOF'
import torch
import torch.nn as nn

torch.manual_seed(0)
backbone = nn.Sequential(nn.Linear(16, 32), nn.ReLU())
model = nn.Sequential(backbone, nn.Linear(32, 4))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
data = [(torch.randn(8, 16), torch.randint(0, 4, (8,))) for _ in range(40)]

for p in backbone.parameters():
    p.require_grad = False

for x, y in data:
    optimizer.zero_grad()
    nn.functional.cross_entropy(model(x), y).backward()
    optimizer.step()
EOF
(cd "$work/plain" && "$bin" confirm train.py:11 --format json 2>/dev/null) >"$work/plain.json"
v=$(verdict <"$work/plain.json")
[ "${v%%$'\t'*}" = confirmed ] && grep -q '"metric": "parameter tensors moved per step"' "$work/plain.json" ||
  fail "plain/train.py:11 (TL313): expected confirmed by the tensors that move, got: $v"
echo "ok: TL313 in a plain script (loop: after) ${v%%$'\t'*}: ${v#*$'\t'}"

# 8. The probe's own counters, on any machine: copies off the host (to the meta device here: the
#    same dispatch path as a host-to-GPU copy) with their bytes, and how far an optimizer step
#    moves the weights of the module the loop calls (not at all with lr=0).
cat >"$work/probe_metrics.py" <<'EOF'
import sys
import torch
lr = float(sys.argv[1])
model = torch.nn.Linear(8, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=lr)
x = torch.randn(4, 8)
for step in __torchlint_probe__.loop(range(12), "probe_metrics.py:7"):
    moved = x.to("meta")
    ones = torch.ones(3).to("meta")
    loss = model(x).square().mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
EOF
for lr in 0.1 0; do
  rm -f "$work/probe.jsonl"
  (cd "$work" && TORCHLINT_PROBE_OUT="$work/probe.jsonl" TORCHLINT_PROBE_METRICS=copies,update TORCHLINT_PROBE_WARMUP=1 \
     TORCHLINT_PROBE_STEPS=8 "$python" "$root/runtime/torchlint_probe.py" probe_metrics.py $lr >/dev/null 2>&1)
  python3 - "$work/probe.jsonl" $lr <<'EOF' || fail "probe counters (lr=$lr)"
import json, sys
samples = [r for r in map(json.loads, open(sys.argv[1])) if "i" in r]
a, b = samples[3], samples[4]
step = {k: b[k] - a[k] for k in ("h2d_copies", "pageable_copies", "h2d_bytes", "update")}
assert step["h2d_copies"] == 2 and step["pageable_copies"] == 2, step
assert step["h2d_bytes"] == (4 * 8 + 3) * 4, step
assert (step["update"] > 0) == (float(sys.argv[2]) > 0), step
print("ok: probe counters per step (lr=%s): %s" % (sys.argv[2], step))
EOF
done

# 9. Training scripts shaped like real ones (a model, a DataLoader, an optimizer, 2 epochs of 16
#    batches): each bug is confirmed and each harmless line is not, within 30 s per verdict. The
#    verdict rests on what the fix removes against the noise of the runs (the heap grows a little
#    on both sides); the loop measured is the batch loop (TL207, TL313: a finding before or
#    outside it, through the function `main()` calls); Adam's normalised steps hide accumulated
#    gradients from the weight change but not from the gradient norm at step() (TL301); a line
#    the rule does not flag can be measured too, labelled a refutation run (TL203's window).
cp -r "$here/projects/training" "$work/training"
cd "$work/training"
before_training=$(fingerprint "$work/training")
while IFS='|' read -r file text rule expected; do
  failed_before=$failures
  line=$(grep -nF "$text" "$file" | head -1 | cut -d: -f1)
  start=$(date +%s)
  out=$("$bin" confirm "$file:$line" --rule "$rule" --format json 2>"$work/err")
  took=$(( $(date +%s) - start ))
  v=$(echo "$out" | verdict 2>/dev/null)
  [ "${v%%$'\t'*}" = "$expected" ] || fail "training/$file:$line ($rule): expected $expected, got: $v $(tail -2 "$work/err")"
  [ "$took" -le 30 ] || fail "training/$file:$line ($rule) took ${took}s (limit 30)"
  # The headline is the evidence: a confirmed figure differs between the sides; the ratio is
  # never 0 (null when the fixed twin's figure is 0).
  echo "$out" | python3 -c '
import json, sys
c = json.load(sys.stdin)["findings"][0]["confirmation"]
assert c["ratio"] != 0, c
assert (c["ratio"] is None) == (c["fixed"] == 0), c
assert c["verdict"] != "confirmed" or c["bad"] != c["fixed"], c
' 2>"$work/err" || fail "training/$file:$line: headline or ratio: $(tail -1 "$work/err")"
  [ $failures -eq $failed_before ] && echo "ok: $rule $file:$line ${v%%$'\t'*} in ${took}s: ${v#*$'\t'}" | cut -c1-260
done <<'CASES'
tl101_bug.py|losses.append(loss)|TL101|confirmed
tl101_ok.py|losses.append(loss)|TL101|not-confirmed
tl102_bug.py|outputs.append(model(x))|TL102|confirmed
tl102_ok.py|outputs.append(predict|TL102|not-confirmed
tl301_adam_bug.py|optimizer.step()|TL301|confirmed
tl301_ok.py|optimizer.step()|TL301|not-confirmed
tl203_bug.py|predictions = torch.cat|TL203|confirmed
tl203_ok.py|recent = torch.cat|TL203|not-confirmed
tl207_bug.py|len(list(loader))|TL207|confirmed
tl313_bug.py|p.require_grad|TL313|confirmed
tl313_ok.py|p.require_grad|TL313|not-confirmed
CASES
[ "$before_training" = "$(fingerprint "$work/training")" ] || fail "the user's tree changed during confirm (training)"
line=$(grep -nF "recent = torch.cat" tl203_ok.py | cut -d: -f1)
"$bin" confirm "tl203_ok.py:$line" --rule TL203 --repeat 1 --steps 3 >"$work/out" 2>&1
grep -q "refutation run" "$work/out" || fail "a line without a finding, with --rule: not labelled a refutation run: $(cat "$work/out")"
"$bin" confirm "tl203_ok.py:$line" >"$work/out" 2>&1
[ $? -eq 2 ] && grep -q "no finding at" "$work/out" || fail "a line without a finding, without --rule: $(cat "$work/out")"
line=$(grep -nF "losses.append(loss)" tl101_bug.py | cut -d: -f1)
v=$("$bin" confirm "tl101_bug.py:$line" --loop 3 --format json 2>/dev/null | verdict)
case "$v" in inconclusive*"--loop 3: no"*) ;; *) fail "--loop on a line without a loop: $v" ;; esac

# 10. What cannot be confirmed on user code says how it can be: the rule's docs example pair.
"$bin" rules --format json | python3 -c '
import json, sys
r = {x["code"]: x.get("confirmable") for x in json.load(sys.stdin)}
assert r["TL101"] == "code" and r["TL306"] == "example" and r["TL107"] == "example" and r["TL000"] == "no", r
' 2>"$work/err" || fail "rules --format json: confirmable: $(tail -1 "$work/err")"
mkdir -p "$work/sched"
cat >"$work/sched/train.py" <<'PROGRAM'
import torch
import torch.nn as nn


def main():
    model = nn.Linear(4, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1)
    for epoch in range(3):
        for _ in range(4):
            scheduler.step()
            optimizer.zero_grad()
            model(torch.randn(3, 4)).sum().backward()
            optimizer.step()


if __name__ == "__main__":
    main()
PROGRAM
v=$(cd "$work/sched" && "$bin" confirm train.py:11 --format json 2>/dev/null | verdict)
case "$v" in *'no twin on user code: '*'run `torchlint confirm --rule TL306 --example`'*) ;; *) fail "TL306 on user code: $v" ;; esac

[ $failures -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "confirm: all checks passed"
