#!/usr/bin/env bash
# Builds torchlint (installing what is missing) and runs it on the bundled examples/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
cd "$root"
set +e
build/torchlint check examples/
rc=$?
set -e
echo "torchlint exited with $rc (0: clean, 1: findings, 2: error)"
[ "$rc" -le 1 ]
