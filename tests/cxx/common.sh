# What the C/C++/CUDA test scripts share: `bin` (torchlint, the first argument), `here` (this
# folder), a `scratch` folder removed on exit, and `fail` counting failures in `failures`.
set -uo pipefail
bin=$(realpath "$1")
here=$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
