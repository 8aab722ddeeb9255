#!/usr/bin/env bash
# Builds torchlint with its tests (installing what is missing) and runs them all.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
TORCHLINT_SETUP_TORCH=1 "$root/scripts/setup.sh"
cd "$root"
ctest --test-dir build --output-on-failure
