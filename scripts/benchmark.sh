#!/usr/bin/env bash
# Throughput benchmark: lines per CPU-second with all rules, the parse vs analysis split,
# peak RSS, the same corpus under ast-grep with ten relational rules (bench/ast-grep/rules.yml,
# the ratio is torchlint's lines/CPU-s over ast-grep's), and the end-to-end time of one file.
# Prints figures; asserts nothing. Cold runs (--no-cache), one thread each.
#   scripts/benchmark.sh DIR [DIR...]        (build/torchlint must exist)
set -euo pipefail
bin=${TORCHLINT:-build/torchlint}
[ $# -gt 0 ] || { echo "usage: $0 DIR [DIR...]" >&2; exit 2; }
astgrep=$(dirname "$0")/../node_modules/@ast-grep/cli-linux-x64-gnu/ast-grep  # `npm ci` installs it
ag_rules=$(dirname "$0")/../bench/ast-grep/rules.yml
printf '%-28s %8s %9s %10s %10s %10s %12s %10s %14s %9s\n' target files lines parse_ms model_ms rules_ms lines/cpu-s peak_MiB ast-grep_l/cpu-s ratio
for dir in "$@"; do
  stats=$(mktemp)
  # One thread: CPU time equals wall time, and peak RSS is per process.
  /usr/bin/time -f '%M' -o "$stats.rss" "$bin" check "$dir" -j1 --no-cache --timings --format json >/dev/null 2>"$stats" || true
  read -r files lines < <(sed -n 's/^files: \([0-9]*\)  lines: \([0-9]*\).*/\1 \2/p' "$stats")
  read -r parse model rules < <(sed -n 's/^parse: \([0-9.]*\) ms  model: \([0-9.]*\) ms  rules: \([0-9.]*\) ms.*/\1 \2 \3/p' "$stats")
  rate=$(sed -n 's/.*lines per CPU-second: \([0-9]*\).*/\1/p' "$stats")
  rss=$(tail -1 "$stats.rss")
  ag_rate=- ratio=-
  if [ -x "$astgrep" ]; then
    /usr/bin/time -f '%U %S' -o "$stats.ag" "$astgrep" scan -r "$ag_rules" --threads 1 --json=stream "$dir" >/dev/null 2>&1 || true
    read -r u s < <(tail -1 "$stats.ag")
    ag_rate=$(python3 -c "print(round($lines / ($u + $s)))")
    ratio=$(python3 -c "print(f'{$rate / $ag_rate:.2f}')")
  fi
  printf '%-28s %8s %9s %10s %10s %10s %12s %10.1f %14s %9s\n' "$(basename "$dir")" "$files" "$lines" "$parse" "$model" "$rules" "$rate" "$(python3 -c "print($rss / 1024)")" "$ag_rate" "$ratio"
  rm -f "$stats" "$stats.rss" "$stats.ag"
done

# End to end, process start to exit, on one ~500-line file (median of 21 runs).
file=$(mktemp --suffix=.py)
trap 'rm -f "$file"' EXIT
python3 -c "
import sys
lines = open('examples/train.py').read().splitlines() * 12
open(sys.argv[1], 'w').write(chr(10).join(lines[:500]) + chr(10))" "$file"
python3 - "$bin" "$file" <<'PY'
import statistics, subprocess, sys, time
runs = []
for _ in range(21):
    t = time.perf_counter()
    subprocess.run([sys.argv[1], "check", sys.argv[2], "--format", "json"], stdout=subprocess.DEVNULL)
    runs.append((time.perf_counter() - t) * 1000)
print(f"single 500-line file end to end: median {statistics.median(runs):.1f} ms, min {min(runs):.1f} ms")
PY
