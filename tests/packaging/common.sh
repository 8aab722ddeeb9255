# Sourced by the packaging tests with their arguments (BUILD/torchlint [WHEEL_FOLDER]): sets
# build_dir, root, python (Debian's, whose build/venv modules the wheel uses; $PYTHON overrides),
# a scratch folder removed on exit, fail() counting into $failures, and test_wheel.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../skip_or_fail.sh"
build_dir=$(dirname "$(realpath "$1")")
wheel_folder=${2:-}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
python=${PYTHON:-/usr/bin/python3}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# The wheel to install: with a folder (the packaging_wheel_build step's, so the suite builds it
# once) the wheel of VERSION in it; else one built now from the programs of the build. Prints
# its path.
test_wheel() {
  if [ -n "$wheel_folder" ]; then
    local found
    found=$(ls "$wheel_folder"/torchlint-"$(cat "$root/VERSION")"-py3-none-*.whl 2>/dev/null | head -1)
    [ -n "$found" ] || { echo "FAIL: no wheel in $wheel_folder" >&2; return 1; }
    echo "$found"
  else
    "$root/scripts/build_wheel.sh" --build-dir "$build_dir" --out "$scratch/dist" || { echo "FAIL: the wheel did not build" >&2; return 1; }
  fi
}
