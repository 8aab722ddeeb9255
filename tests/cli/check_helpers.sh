# Sourced by the command-line tests: the checks they make on a run. Needs $scratch (a folder of
# the caller's) and keeps the number of failed checks in $failures.
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# run NAME COMMAND...: stdout in $scratch/NAME.out, stderr in .err, exit code in $rc.
run() {
  local name=$1
  shift
  "$@" >"$scratch/$name.out" 2>"$scratch/$name.err"
  rc=$?
}
want_rc() { [ "$rc" = "$1" ] || { fail "$2: exit $rc, want $1"; head -5 "$scratch/$2.err" "$scratch/$2.out"; }; }
has() { grep -q -- "$3" "$scratch/$1.$2" || { fail "$1: $2 lacks '$3'"; head -20 "$scratch/$1.$2"; }; }
lacks() { ! grep -q -- "$3" "$scratch/$1.$2" || { fail "$1: $2 has '$3'"; head -20 "$scratch/$1.$2"; }; }
