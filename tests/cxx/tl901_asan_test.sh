#!/usr/bin/env bash
# TL901 confirmed by running. Each shape of the seed bug (an autograd tape that keeps a pointer
# into an operation's frame) is a bad program and its fixed twin, built with AddressSanitizer:
#   tape_bad.c           the seed: a local array `Var *inputs[] = {a, b}` kept by tape_add_op
#   tape_bad_compound.c  a compound literal `(Var *[]){a, b}` handed to the tape
#   tape_bad_alloca.c    the inputs in alloca's block
#   tape_bad_member.c    an array member of a local structure (`args.inputs`)
#   tape_bad_lambda.cpp  a lambda capturing the operation's variables by reference, kept on the tape
# The bad one must report stack-use-after-return (or -scope) and be flagged by TL901 on the line
# marked `expect: TL901`; the fixed one must run clean and not be flagged.
source "$(dirname "$0")/common.sh"
cc=$(command -v clang || command -v clang-16 || command -v clang-14 || true)
cxx=$(command -v clang++ || command -v clang++-16 || command -v clang++-14 || true)
if [ -z "$cc" ] || [ -z "$cxx" ]; then
  [ -n "${CI:-}" ] && { echo "FAIL: no clang/clang++ to build the ASan programs"; exit 1; }
  echo "skipped: no clang"; exit 0
fi
export ASAN_OPTIONS=detect_stack_use_after_return=1:detect_leaks=1
shapes="tape_bad.c:tape_fixed.c
tape_bad_compound.c:tape_fixed_compound.c
tape_bad_alloca.c:tape_fixed_alloca.c
tape_bad_member.c:tape_fixed_member.c
tape_bad_lambda.cpp:tape_fixed_lambda.cpp"
confirmed=0
for pair in $shapes; do
  bad=${pair%%:*}
  fixed=${pair##*:}
  for src in "$bad" "$fixed"; do
    compiler=$cc
    [ "${src##*.}" = cpp ] && compiler=$cxx
    if ! "$compiler" -g -O0 -fsanitize=address -fno-omit-frame-pointer "$here/$src" -o "$scratch/$src.bin" 2>"$scratch/$src.build"; then
      fail "$src: does not build"; cat "$scratch/$src.build"; continue
    fi
    "$scratch/$src.bin" >"$scratch/$src.out" 2>&1
    echo $? >"$scratch/$src.rc"
  done
  grep -Eq "stack-use-after-(return|scope)" "$scratch/$bad.out" || { fail "$bad: no stack-use-after-return under ASan"; head -20 "$scratch/$bad.out"; }
  [ "$(cat "$scratch/$fixed.rc" 2>/dev/null)" = 0 ] || { fail "$fixed: not clean under ASan"; head -20 "$scratch/$fixed.out"; }
  grep -q "ERROR: AddressSanitizer" "$scratch/$fixed.out" && fail "$fixed: ASan report"
  # The same two files, statically: exactly the marked finding on the bad one, none on the fixed one.
  line=$(grep -n "expect: TL901" "$here/$bad" | head -1 | cut -d: -f1)
  (cd "$here" && "$bin" check --no-cache --select TL901 "$bad") >"$scratch/$bad.lint.txt" 2>&1
  grep -q "^$bad:$line:[0-9]*: TL901" "$scratch/$bad.lint.txt" || { fail "TL901 not reported on $bad:$line"; cat "$scratch/$bad.lint.txt"; }
  count=$(grep -c "^$bad:[0-9]*:[0-9]*: TL901" "$scratch/$bad.lint.txt")
  [ "$count" -le 1 ] || { fail "TL901 reported $count times on $bad (want once)"; cat "$scratch/$bad.lint.txt"; }
  (cd "$here" && "$bin" check --no-cache --select TL901 "$fixed") >"$scratch/$fixed.lint.txt" 2>&1 || { fail "TL901 on $fixed"; cat "$scratch/$fixed.lint.txt"; }
  confirmed=$((confirmed + 1))
done
[ "$failures" = 0 ] && echo "TL901 confirmed under ASan on $confirmed shapes; each fixed twin clean" || exit 1
