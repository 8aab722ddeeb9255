#!/usr/bin/env bash
# Writes the pre-commit hook repository (packaging/pre-commit/ with VERSION filled in) as a git
# repository in DIR, committed and tagged v<VERSION>: the release publishes it, tests use it.
# An existing DIR (a clone of the published repository) gets a new commit and tag.
# usage: scripts/pre_commit_mirror.sh DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -eq 1 ] || { echo "usage: $0 DIR" >&2; exit 2; }
dir=$1
version=$(cat "$root/VERSION")
mkdir -p "$dir"
[ -d "$dir/.git" ] || git init -q "$dir"
for f in .pre-commit-hooks.yaml setup.py README.md; do
  sed "s/@VERSION@/$version/g" "$root/packaging/pre-commit/$f" >"$dir/$f"
done
git -C "$dir" add .pre-commit-hooks.yaml setup.py README.md
git -C "$dir" -c user.name="${GIT_AUTHOR_NAME:-torchlint release}" -c user.email="${GIT_AUTHOR_EMAIL:-release@torchlint.invalid}" \
  commit -q --allow-empty -m "torchlint $version"
git -C "$dir" tag -f "v$version" >/dev/null
