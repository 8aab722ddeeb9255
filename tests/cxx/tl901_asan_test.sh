#!/usr/bin/env bash
# TL901 confirmed by running: the seed tape (tape_bad.c) and its fixed twin (tape_fixed.c) built
# with AddressSanitizer. The bad one must report stack-use-after-return and be flagged by TL901;
# the fixed one must run clean and not be flagged.
set -uo pipefail
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
cc=$(command -v clang || command -v clang-16 || command -v clang-14 || true)
if [ -z "$cc" ]; then
  [ -n "${CI:-}" ] && { echo "FAIL: no clang to build the ASan programs"; exit 1; }
  echo "skipped: no clang"; exit 0
fi
export ASAN_OPTIONS=detect_stack_use_after_return=1:detect_leaks=1
for t in bad fixed; do
  "$cc" -g -O0 -fsanitize=address -fno-omit-frame-pointer "$here/tape_$t.c" -o "$scratch/$t" || fail "$t: does not build"
  "$scratch/$t" >"$scratch/$t.out" 2>&1
  echo $? >"$scratch/$t.rc"
done
grep -q "stack-use-after-return" "$scratch/bad.out" || { fail "tape_bad.c: no stack-use-after-return under ASan"; head -20 "$scratch/bad.out"; }
[ "$(cat "$scratch/fixed.rc")" = 0 ] || { fail "tape_fixed.c: not clean under ASan"; head -20 "$scratch/fixed.out"; }
grep -q "ERROR: AddressSanitizer" "$scratch/fixed.out" && fail "tape_fixed.c: ASan report"
# The same two files, statically.
cd "$here"
"$bin" check --no-cache --select TL901 tape_bad.c >"$scratch/lint_bad.out" 2>&1
grep -q "tape_bad.c:23:[0-9]*: TL901" "$scratch/lint_bad.out" || { fail "TL901 not reported on tape_bad.c:23"; cat "$scratch/lint_bad.out"; }
"$bin" check --no-cache --select TL901 tape_fixed.c >"$scratch/lint_fixed.out" 2>&1 || { fail "TL901 on tape_fixed.c"; cat "$scratch/lint_fixed.out"; }
[ "$failures" = 0 ] && echo "TL901 confirmed under ASan; fixed twin clean" || exit 1
