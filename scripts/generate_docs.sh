#!/usr/bin/env bash
# Writes docs/rules/<ID>.md from the rule packs (the single source of rule docs).
# --check: fail if the committed pages differ from what the rules say.
set -euo pipefail
mode=write
if [ "${1:-}" = "--check" ]; then mode=check; shift; fi
bin=${1:-build/torchlint}
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
{
  echo "# Rules"
  echo
  echo "| code | name | severity | family | fix | default |"
  echo "|---|---|---|---|---|---|"
  "$bin" rules | while read -r id name severity family rest; do
    fix=""
    case "$rest" in "fix: "*) fix=${rest#fix: } && fix=${fix%% *} ;; esac
    default=on
    case "$rest" in *"off by default") default=off ;; esac
    echo "| [$id]($id.md) | $name | $severity | $family | $fix | $default |"
    "$bin" rule "$id" >"$out/$id.md"
  done
} >"$out/README.md"
if [ "$mode" = check ]; then
  if ! diff -ru "$root/docs/rules" "$out"; then
    echo "docs/rules is out of date: run scripts/generate_docs.sh" >&2
    exit 1
  fi
else
  rm -rf "$root/docs/rules"
  cp -r "$out" "$root/docs/rules"
fi
