#!/usr/bin/env bash
# `torchlint confirm` runs user code; what that code does stays in the run: a program that writes
# and deletes files by absolute path in the user's tree, appends through a linked data file that
# points outside the project and leaves a detached child behind leaves both trees byte-identical,
# and no process of it survives the command. The verdict says what contained the runs.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/common.sh"
source "$here/../skip_or_fail.sh"

python=""
for p in "${TORCHLINT_PYTHON:-}" python3 /usr/bin/python3; do
  [ -n "$p" ] && "$p" -c "import torch" 2>/dev/null && { python=$p; break; }
done
[ -n "$python" ] || { echo "no Python with torch"; skip_or_fail; }
export TORCHLINT_PYTHON=$python

# Mount, PID and network namespaces need root or unprivileged user namespaces.
if ! unshare --mount --pid --fork --net true 2>/dev/null && ! unshare --user --map-root-user --mount --pid --fork --net true 2>/dev/null; then
  echo "this machine allows no mount, PID and network namespaces"
  skip_or_fail
fi

project=$scratch/project
outside=$scratch/outside
mkdir -p "$project/.git" "$outside"
echo "keep me" >"$project/keep.txt"
echo "shared data" >"$outside/data.txt"
ln -s "$outside/data.txt" "$project/data.txt"
marker="sleep 4.$$"  # names the detached child, to look for it afterwards
cat >"$project/train.py" <<PROGRAM
import os
import subprocess

import torch
import torch.nn as nn

PROJECT = "$project"


def attempt(what):
    try:
        what()
    except OSError as e:
        print("refused:", e)


def main():
    attempt(lambda: open(os.path.join(PROJECT, "written.txt"), "w").write("by absolute path"))
    attempt(lambda: os.remove(os.path.join(PROJECT, "keep.txt")))
    attempt(lambda: open("data.txt", "a").write("appended through the link"))
    attempt(lambda: open("$outside/direct.txt", "w").write("outside the project"))
    subprocess.Popen(["sh", "-c", "$marker; echo late > $outside/late.txt"], start_new_session=True,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    model = nn.Linear(8, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    losses = []
    for step in range(40):
        optimizer.zero_grad()
        loss = model(torch.randn(4, 8)).square().mean()
        loss.backward()
        optimizer.step()
        losses.append(loss)


if __name__ == "__main__":
    main()
PROGRAM
fingerprint() { (cd "$1" && find . -print0 | sort -z | xargs -0 -I{} sh -c 'stat -c "%n %s %Y" "{}"; [ -f "{}" ] && sha256sum "{}"'); }
trees() { fingerprint "$project"; fingerprint "$outside"; }
before=$(trees)
line=$(grep -n "losses.append(loss)" "$project/train.py" | cut -d: -f1)
out=$(cd "$project" && tl confirm "train.py:$line" --format json 2>"$scratch/err")
sandbox=$(echo "$out" | python3 -c 'import json, sys; print(json.load(sys.stdin)["findings"][0]["confirmation"].get("sandbox", ""))' 2>/dev/null)
echo "sandbox: $sandbox"
case "$sandbox" in *"writes only in its temporary folder"*) ;; *) fail "the file system was not made read-only: $sandbox" ;; esac
case "$sandbox" in *"processes end with the run"*) ;; *) fail "no PID namespace: $sandbox" ;; esac
case "$sandbox" in *"network cut (loopback only)"*) ;; *) fail "network not cut with loopback up: $sandbox" ;; esac
verdict=$(echo "$out" | python3 -c 'import json, sys; print(json.load(sys.stdin)["findings"][0]["confirmation"]["verdict"])' 2>/dev/null)
[ "$verdict" = confirmed ] || fail "the program should still be measured (its writes refused): $verdict $(tail -3 "$scratch/err")"
[ "$before" = "$(trees)" ] || fail "a file changed outside the run's temporary folder"
sleep 6  # past the detached child's sleep
pgrep -f "$marker" >/dev/null && fail "a process the program left behind survived confirm"
[ -e "$outside/late.txt" ] && fail "the detached child wrote after confirm ended"
[ "$before" = "$(trees)" ] || fail "a file changed outside the run's temporary folder after confirm ended"
finish confirm_sandbox
