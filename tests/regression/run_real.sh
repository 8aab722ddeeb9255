#!/usr/bin/env bash
# Runs torchlint over the real buggy files listed in manifest.tsv.
#
# For every row whose repository snapshot exists under $MIRROR_ROOT
# (default /work/.mirror, one folder per repo named <owner>+<name>), the file
# at buggy_commit is extracted, together with the other .py files of the same
# directory (so cross-file helpers resolve), into a temporary tree that keeps
# the repo-relative path. torchlint is then run on that tree and the row is
# reported as "found" when a finding with the row's class code exists on the
# row's line of that file, "missed" otherwise.
#
# Usage: TORCHLINT=path/to/torchlint tests/regression/run_real.sh [-v]
#   -v   also print the codes torchlint reported on the line when missed
set -u

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
MANIFEST=${MANIFEST:-$HERE/manifest.tsv}
MIRROR_ROOT=${MIRROR_ROOT:-/work/.mirror}
TORCHLINT=${TORCHLINT:-build/torchlint}
# The checks run inside each extracted tree: a relative path must not depend on that.
[[ "$TORCHLINT" == */* ]] && TORCHLINT=$(realpath "$TORCHLINT")
VERBOSE=0
[[ "${1:-}" == "-v" ]] && VERBOSE=1

if ! command -v "$TORCHLINT" >/dev/null 2>&1 && [[ ! -x "$TORCHLINT" ]]; then
  echo "torchlint binary not found: $TORCHLINT" >&2
  exit 2
fi
if ! command -v python3 >/dev/null 2>&1; then
  echo "python3 is needed to read torchlint's JSON output" >&2
  exit 2
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/tl-regression.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

# find_gitdir owner/name -> prints the git dir of the snapshot, or nothing
find_gitdir() {
  local key=${1/\//+} d cand
  for d in "$MIRROR_ROOT/$key" "$MIRROR_ROOT/$key".*; do
    [[ -d "$d" ]] || continue
    for cand in "$d" "$d/repo" "$d/repo/.git" "$d/.git"; do
      if [[ -d "$cand" ]] && git --git-dir="$cand" rev-parse --git-dir >/dev/null 2>&1 &&
         [[ -f "$cand/HEAD" ]]; then
        echo "$cand"
        return 0
      fi
    done
  done
  return 1
}

declare -A TOTAL FOUND SKIPPED
n_total=0 n_found=0 n_skipped=0

while IFS=$'\t' read -r id cls repo commit path line fix note; do
  [[ "$id" == "id" || -z "$id" ]] && continue
  gitdir=$(find_gitdir "$repo") || gitdir=""
  if [[ -z "$gitdir" ]]; then
    printf '%-36s %-6s SKIP   (no mirror for %s)\n' "$id" "$cls" "$repo"
    SKIPPED[$cls]=$(( ${SKIPPED[$cls]:-0} + 1 )); n_skipped=$((n_skipped + 1))
    continue
  fi
  if ! git --git-dir="$gitdir" cat-file -e "$commit:$path" 2>/dev/null; then
    printf '%-36s %-6s SKIP   (%s not at %s in mirror)\n' "$id" "$cls" "$path" "${commit:0:10}"
    SKIPPED[$cls]=$(( ${SKIPPED[$cls]:-0} + 1 )); n_skipped=$((n_skipped + 1))
    continue
  fi
  tree="$WORK/$id"
  mkdir -p "$tree"
  dir=$(dirname "$path")
  [[ "$dir" == "." ]] && dir=""
  # the file itself plus its sibling .py files (same directory, not recursive)
  {
    echo "$path"
    # (a file at the repository root: no pathspec, since git rejects an empty one)
    git --git-dir="$gitdir" ls-tree --name-only "$commit" ${dir:+-- "$dir/"} 2>/dev/null | grep -E '\.py$' || true
  } | sort -u | while IFS= read -r f; do
    [[ -z "$f" ]] && continue
    mkdir -p "$tree/$(dirname "$f")"
    git --git-dir="$gitdir" show "$commit:$f" >"$tree/$f" 2>/dev/null || rm -f "$tree/$f"
  done
  out="$WORK/$id.json"
  ( cd "$tree" && "$TORCHLINT" check . --no-cache --format json ) >"$out" 2>"$WORK/$id.err"
  rc=$?
  if [[ $rc -gt 1 ]]; then
    printf '%-36s %-6s ERROR  (torchlint exit %s: %s)\n' "$id" "$cls" "$rc" "$(head -c 200 "$WORK/$id.err" | tr '\n' ' ')"
  fi
  codes=$(python3 - "$out" "$path" "$line" <<'PY'
import json, os, sys
out, path, line = sys.argv[1], sys.argv[2], int(sys.argv[3])
try:
    data = json.load(open(out))
except Exception:
    print("")
    sys.exit(0)
want = os.path.normpath(path)
codes = set()
for f in data.get("findings", []):
    p = os.path.normpath(f.get("path", ""))
    if p.startswith("./"):
        p = p[2:]
    if (p == want or p.endswith("/" + want)) and f.get("line") == line:
        codes.add(f.get("rule"))
print(" ".join(sorted(c for c in codes if c)))
PY
)
  TOTAL[$cls]=$(( ${TOTAL[$cls]:-0} + 1 )); n_total=$((n_total + 1))
  if [[ " $codes " == *" $cls "* ]]; then
    FOUND[$cls]=$(( ${FOUND[$cls]:-0} + 1 )); n_found=$((n_found + 1))
    printf '%-36s %-6s found  %s:%s\n' "$id" "$cls" "$path" "$line"
  else
    extra=""
    [[ $VERBOSE -eq 1 && -n "$codes" ]] && extra=" (on line: $codes)"
    printf '%-36s %-6s missed %s:%s%s\n' "$id" "$cls" "$path" "$line" "$extra"
  fi
done <"$MANIFEST"

echo
echo "per class (found/total, skipped):"
for cls in $(printf '%s\n' "${!TOTAL[@]}" "${!SKIPPED[@]}" | sort -u); do
  printf '  %-6s %s/%s  skipped %s\n' "$cls" "${FOUND[$cls]:-0}" "${TOTAL[$cls]:-0}" "${SKIPPED[$cls]:-0}"
done
echo "found $n_found of $n_total (skipped $n_skipped)"
exit 0
