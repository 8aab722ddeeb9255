#!/usr/bin/env bash
# Bounded work per file: inputs built to be slow (a rule that searched the module once per
# call, nesting 100,000 deep, a 100,000-term sum, a pattern with five `$$$` gaps) finish in
# seconds, and a file that runs out of its time (--file-timeout) gets a note, keeps the
# findings made before, and is not cached as complete.
set -u
. "$(dirname "$0")/common.sh" "$1"
command -v python3 >/dev/null || { echo "SKIP: python3 is needed to generate the inputs"; exit 77; }
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$scratch" || exit 1
mkdir .git  # a project root: nothing above the scratch folder counts

python3 - "$here/rules/python/devices/TL405-non-blocking-without-pinned/cases.py" <<'PY'
import re, sys
head, body = open(sys.argv[1]).read().split("\n\n\n", 1)
# TL405 looked for the loader in the whole module once per copy: 26,000 lines took 85 s.
copies = [re.sub(r"^def (\w+)", rf"def \1_{i}", body, flags=re.M) for i in range(300)]
open("loaders.py", "w").write(head + "\n\n\n" + "\n\n\n".join(copies))
open("deep.py", "w").write("x = " + "f(" * 100000 + "1" + ")" * 100000 + "\n")
open("sum.py", "w").write("x = " + " + ".join(f"a{i}" for i in range(100000)) + "\n")
open("gaps.py", "w").write("f(" + ", ".join(["x"] * 60) + ")\n")
PY
copies_findings=$((300 * 5))  # cases.py expects TL405 five times

# Each must finish well inside its `timeout`; the old engine took minutes on each.
out=$(timeout $((30 * scale)) "$bin" check loaders.py --no-cache --select TL405 --statistics 2>&1)
rc=$?
[ "$rc" = 1 ] || fail "TL405 over 26,000 lines: exit $rc (124: too slow)"
echo "$out" | grep -q "^ *$copies_findings  *TL405" || fail "TL405 over 26,000 lines: not $copies_findings findings: $out"

for f in deep.py sum.py; do
  out=$(timeout $((20 * scale)) "$bin" check "$f" --no-cache 2>&1)
  rc=$?
  [ "$rc" = 0 ] || fail "$f: exit $rc (124: too slow, 134/139: crashed)"
  echo "$out" | grep -q "note: $f:1: code nested more than 500 levels deep" || fail "$f: no note on what was not analysed: $out"
done

out=$(timeout $((20 * scale)) "$bin" check gaps.py --no-cache -e 'f($$$A, x, $$$B, x, $$$C, x, $$$D, x, $$$E, z)' 2>&1)
rc=$?
[ "$rc" = 0 ] || fail "five \$\$\$ gaps over 60 arguments: exit $rc (124: too slow)"
out=$(timeout $((20 * scale)) "$bin" check gaps.py --no-cache -e 'f($$$A, x, $$$B, x, $$$C, x, $$$D, x, $$$E)' 2>&1)
[ $? = 1 ] || fail "five \$\$\$ gaps over 60 arguments no longer match: $out"

# Out of time: a note naming the file, the findings made before it, and no cache entry (the
# next run analyses the file again and says so again).
for run in first second; do
  out=$(timeout $((30 * scale)) "$bin" check loaders.py --cache-dir cache --file-timeout 0.001 2>&1)
  rc=$?
  [ "$rc" = 0 ] || [ "$rc" = 1 ] || fail "--file-timeout: exit $rc"
  echo "$out" | grep -q "note: loaders.py: out of time (--file-timeout) at line" ||
    fail "--file-timeout ($run run): no note: $(echo "$out" | tail -3)"
done
out=$(timeout $((30 * scale)) "$bin" check loaders.py --cache-dir cache --file-timeout 0 --statistics 2>&1)
echo "$out" | grep -q "out of time" && fail "--file-timeout 0 still limits the time"
echo "$out" | grep -q "^ *$copies_findings  *TL405" || fail "after timed-out runs, not every TL405 finding: $out"
finish "bounded work"
