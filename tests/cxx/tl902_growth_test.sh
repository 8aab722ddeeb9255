#!/usr/bin/env bash
# TL902 confirmed by running: tape_loop.c as it is keeps every step on its tape (2 operations a
# step, and a wrong gradient); built with -DRESET_EACH_STEP it keeps one step. TL902 must flag the
# first and, given the same flags through a compilation database, not the second. list_build.c
# builds a list of N items through a hand-written realloc that copies it as it grows: it ends with
# N items, and TL902 must not take it for a tape.
source "$(dirname "$0")/common.sh"
cc=$(command -v cc || command -v clang || command -v gcc || true)
if [ -z "$cc" ]; then
  [ -n "${CI:-}" ] && { echo "FAIL: no C compiler to build tape_loop.c"; exit 1; }
  echo "skipped: no C compiler"; exit 0
fi
"$cc" -O1 "$here/tape_loop.c" -o "$scratch/grows" || fail "tape_loop.c does not build"
"$cc" -O1 -DRESET_EACH_STEP "$here/tape_loop.c" -o "$scratch/reset" || fail "tape_loop.c -DRESET_EACH_STEP does not build"
[ "$("$scratch/grows" 100)" = "ops 200 grad 30300" ] || fail "without reset: want 200 ops and the gradient of every step walked again, got: $("$scratch/grows" 100)"
[ "$("$scratch/reset" 100)" = "ops 0 grad 6" ] || fail "with reset: want an empty tape and gradient 6, got: $("$scratch/reset" 100)"
"$cc" -O1 "$here/list_build.c" -o "$scratch/list" || fail "list_build.c does not build"
[ "$("$scratch/list" 1000)" = "len 1000 sum 499500 copies<2n 1" ] || fail "list_build: want 1000 items, got: $("$scratch/list" 1000)"
# The same file, statically: as it is, and with the reset compiled in.
cp "$here/tape_loop.c" "$scratch/tape_loop.c"
cd "$scratch"
"$bin" check --no-cache --select TL902 tape_loop.c >lint_grows.out 2>&1
grep -q "tape_loop.c:35:[0-9]*: TL902" lint_grows.out || { fail "TL902 not reported on tape_loop.c:35"; cat lint_grows.out; }
printf '[{"directory": "%s", "command": "cc -DRESET_EACH_STEP -c tape_loop.c", "file": "tape_loop.c"}]\n' "$scratch" >compile_commands.json
"$bin" check --no-cache --select TL902 -p . tape_loop.c >lint_reset.out 2>&1 || { fail "TL902 with RESET_EACH_STEP"; cat lint_reset.out; }
(cd "$here" && "$bin" check --no-cache --select TL902 list_build.c) >lint_list.out 2>&1 || { fail "TL902 on list_build.c"; cat lint_list.out; }
[ "$failures" = 0 ] && echo "TL902 confirmed by running; the reset twin and the list built to its size are clean" || exit 1
