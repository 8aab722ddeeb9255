#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) into build-sanitize/ and runs each for
# SECONDS (default 60) on a seed corpus taken from the fixtures; a crash fails the script and
# leaves its input under build-sanitize/fuzz/. Usage: scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(fuzz_python fuzz_rule_pack fuzz_config fuzz_baseline fuzz_diff fuzz_probe_output fuzz_compile_db fuzz_lsp_framing)
"$root/scripts/sanitize.sh" --build-only
out=build-sanitize/fuzz
corpus() {  # corpus TARGET: the seed files for one target
  case $1 in
    fuzz_python) find rules tests/cli/input tests/regression/cases examples -name '*.py' ;;
    fuzz_rule_pack) find rules tests/cli/packs -name '*.yaml' ;;
    fuzz_config) find tests/cli/configured -name 'pyproject.toml' -o -name '.torchlint.yaml' ;;
    fuzz_baseline) echo tests/fuzz_seeds/baseline.json ;;
    fuzz_diff) echo tests/fuzz_seeds/hunks.diff ;;
    fuzz_probe_output) echo tests/fuzz_seeds/probe.jsonl ;;
    fuzz_compile_db) echo tests/fuzz_seeds/compile_commands.json ;;
    fuzz_lsp_framing) echo tests/fuzz_seeds/lsp_session.txt ;;
  esac
}
total=0
for t in "${targets[@]}"; do
  dir="$out/corpus-$t"
  mkdir -p "$dir"
  { corpus "$t"; find "tests/fuzz_seeds/regressions/$t" -type f 2>/dev/null || true; } | while read -r f; do
    if [ -f "$f" ]; then cp "$f" "$dir/$(sha1sum "$f" | cut -c1-16)"; fi
  done
  echo "== $t: ${seconds}s on $(ls "$dir" | wc -l) inputs"
  # detect_leaks=1: a leak is a finding; -rss_limit_mb keeps a runaway input from taking the machine.
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$out/$t" "$dir" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=20 -max_len=65536 \
    -artifact_prefix="$out/$t-" -print_final_stats=1 2>&1 | grep -aE "^(#[0-9]+ +DONE|stat::number_of_executed_units|==[0-9]+==ERROR|SUMMARY|Done)" || true
  found=$(find "$out" -maxdepth 1 -name "$t-*" \( -name '*crash-*' -o -name '*leak-*' -o -name '*timeout-*' -o -name '*oom-*' \))
  if [ -n "$found" ]; then
    echo "FAIL: $t found a problem (reproduce: $out/$t FILE): $found"
    exit 1
  fi
  total=$((total + seconds))
done
echo "fuzzing: ${#targets[@]} targets, ${total} CPU-seconds, no crash, leak, timeout or sanitizer report"
