# Sourced by every tests/security/*_test.sh with the torchlint binary as its argument: the
# binary, a scratch folder removed on exit, time limits that scale for instrumented builds,
# FAIL lines counted by `fail`, and `finish` to report and exit (0 pass, 1 fail).
bin=$(realpath "$1")
scale=${TORCHLINT_TEST_TIME_SCALE:-1}  # instrumented builds run slower: time limits scale
scratch=$(mktemp -d)
trap 'chmod -R u+rwx "$scratch"; rm -rf "$scratch"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
tl() { timeout $((60 * scale)) "$bin" "$@"; }
git_in() { git -C "$1" -c user.email=t@t -c user.name=t "${@:2}"; }
finish() {  # finish WHAT: says how it went and exits
  if [ "$failures" -gt 0 ]; then
    echo "$1: $failures failure(s)"
    exit 1
  fi
  echo "$1: all checks passed"
  exit 0
}
