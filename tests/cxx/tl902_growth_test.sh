#!/usr/bin/env bash
# TL902 confirmed by running: tape_loop.c as it is keeps every step on its tape (2 operations a
# step, and a wrong gradient); built with -DRESET_EACH_STEP it keeps one step. TL902 must flag the
# first and, given the same flags through a compilation database, not the second.
set -uo pipefail
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
cc=$(command -v cc || command -v clang || command -v gcc || true)
if [ -z "$cc" ]; then
  [ -n "${CI:-}" ] && { echo "FAIL: no C compiler to build tape_loop.c"; exit 1; }
  echo "skipped: no C compiler"; exit 0
fi
"$cc" -O1 "$here/tape_loop.c" -o "$scratch/grows" || fail "tape_loop.c does not build"
"$cc" -O1 -DRESET_EACH_STEP "$here/tape_loop.c" -o "$scratch/reset" || fail "tape_loop.c -DRESET_EACH_STEP does not build"
[ "$("$scratch/grows" 100)" = "ops 200 grad 30300" ] || fail "without reset: want 200 ops and the gradient of every step walked again, got: $("$scratch/grows" 100)"
[ "$("$scratch/reset" 100)" = "ops 0 grad 6" ] || fail "with reset: want an empty tape and gradient 6, got: $("$scratch/reset" 100)"
# The same file, statically: as it is, and with the reset compiled in.
cp "$here/tape_loop.c" "$scratch/tape_loop.c"
cd "$scratch"
"$bin" check --no-cache --select TL902 tape_loop.c >lint_grows.out 2>&1
grep -q "tape_loop.c:35:[0-9]*: TL902" lint_grows.out || { fail "TL902 not reported on tape_loop.c:35"; cat lint_grows.out; }
printf '[{"directory": "%s", "command": "cc -DRESET_EACH_STEP -c tape_loop.c", "file": "tape_loop.c"}]\n' "$scratch" >compile_commands.json
"$bin" check --no-cache --select TL902 -p . tape_loop.c >lint_reset.out 2>&1 || { fail "TL902 with RESET_EACH_STEP"; cat lint_reset.out; }
[ "$failures" = 0 ] && echo "TL902 confirmed by running; the reset twin is clean" || exit 1
