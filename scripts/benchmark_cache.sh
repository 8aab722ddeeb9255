#!/usr/bin/env bash
# Cold vs warm cache: medians over runs of `torchlint check DIR` (all cores), printed.
#   scripts/benchmark_cache.sh DIR [DIR...]
set -euo pipefail
bin=$(realpath "${TORCHLINT:-build/torchlint}")
[ $# -gt 0 ] || { echo "usage: $0 DIR [DIR...]" >&2; exit 2; }
python3 - "$bin" "$@" <<'PY'
import shutil, statistics, subprocess, sys, tempfile, time
binary, dirs = sys.argv[1], sys.argv[2:]
def run(target, cache):
    t = time.perf_counter()
    subprocess.run([binary, "check", target, "--no-source", "--cache-dir", cache], stdout=subprocess.DEVNULL)
    return time.perf_counter() - t
for target in dirs:
    colds, warms = [], []
    for _ in range(3):
        cache = tempfile.mkdtemp(prefix="torchlint-cache-")
        colds.append(run(target, cache))
        warms += [run(target, cache) for _ in range(7)]
        shutil.rmtree(cache)
    cold, warm = statistics.median(colds), statistics.median(warms)
    print(f"{target}: cold {cold * 1000:.0f} ms, warm {warm * 1000:.1f} ms, {cold / warm:.1f}x faster")
PY
