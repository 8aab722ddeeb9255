#!/usr/bin/env bash
# The pre-commit integrations, end to end in temporary git repositories:
#  1. the pre-commit framework with this project's .pre-commit-hooks.yaml (skipped, exit 77,
#     when `pre-commit` is not installed);
#  2. the plain hook from `torchlint install-hook`, with torchlint NOT on PATH (as users who
#     run it from a build folder have it).
# Committing a TL101 bug fails with the finding printed; the fixed file commits; a commit
# without Python files passes quietly; a file the configuration excludes is not checked even
# though the framework names it.
set -u
. "$(dirname "$0")/../skip_or_fail.sh"
bin=$(realpath "$1")
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export PRE_COMMIT_HOME="$scratch/pre-commit-home" GIT_CONFIG_NOSYSTEM=1 HOME="$scratch"
if command -v torchlint >/dev/null 2>&1; then
  # Keep torchlint off PATH for the plain hook: drop every folder that holds one.
  PATH=$(printf '%s' "$PATH" | tr ':' '\n' | while read -r d; do [ -x "$d/torchlint" ] || printf '%s:' "$d"; done)
  export PATH="${PATH%:}"
fi
command -v torchlint >/dev/null 2>&1 && { echo "FAIL: torchlint is still on PATH"; exit 1; }
git config --global user.email test@example.com
git config --global user.name test
git config --global init.defaultBranch main
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

buggy() {
  cat <<'PY'
def train(model, loader, optimizer, criterion):
    losses = []
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss)
    return losses
PY
}

# Commits the buggy file (must fail, printing TL101), then the fixed one (must pass), then a
# README only (must pass without output from torchlint).
exercise() {
  local repo=$1 label=$2
  buggy >"$repo/train.py"
  git -C "$repo" add train.py
  if (cd "$repo" && git commit -qm bug >"$scratch/out" 2>&1); then fail "$label: the buggy commit went through"; fi
  grep -q "TL101" "$scratch/out" || { fail "$label: the finding was not printed"; cat "$scratch/out"; }
  buggy | sed 's/losses.append(loss)/losses.append(loss.detach())/' >"$repo/train.py"
  git -C "$repo" add train.py
  (cd "$repo" && git commit -qm fixed >"$scratch/out" 2>&1) || { fail "$label: the fixed commit failed"; cat "$scratch/out"; }
  echo "notes" >"$repo/README.md"
  git -C "$repo" add README.md
  (cd "$repo" && git commit -qm docs >"$scratch/out" 2>&1) || { fail "$label: a commit without Python failed"; cat "$scratch/out"; }
  if grep -q "TL[0-9]" "$scratch/out"; then fail "$label: output for a commit without Python"; fi
  # An excluded file is not checked, though the hook names it.
  mkdir -p "$repo/vendor"
  printf '[tool.torchlint]\nexclude = ["vendor/**"]\n' >"$repo/pyproject.toml"
  buggy >"$repo/vendor/third_party.py"
  git -C "$repo" add pyproject.toml vendor
  (cd "$repo" && git commit -qm vendor >"$scratch/out" 2>&1) || { fail "$label: an excluded file was checked"; cat "$scratch/out"; }
}

# 2. The plain hook.
plain="$scratch/plain"
git init -q "$plain"
(cd "$plain" && "$bin" install-hook >/dev/null) || fail "install-hook failed"
[ -x "$plain/.git/hooks/pre-commit" ] || fail "the hook is not executable"
exercise "$plain" "install-hook"
printf '#!/bin/sh\nexit 0\n' >"$plain/.git/hooks/pre-commit"
if (cd "$plain" && "$bin" install-hook >/dev/null 2>&1); then fail "install-hook replaced a foreign hook"; fi
(cd "$plain" && "$bin" install-hook --force >/dev/null) || fail "install-hook --force failed"
grep -q "installed by torchlint" "$plain/.git/hooks/pre-commit" || fail "--force did not install the hook"

# 1. The pre-commit framework, with the real manifest served from a throwaway hook repo and
# README's recipe (`args: [--select, TL1]`); the framework's hooks need torchlint on PATH.
export PATH="$(dirname "$bin"):$PATH"
if command -v pre-commit >/dev/null 2>&1; then
  pre-commit validate-manifest "$root/.pre-commit-hooks.yaml" || fail ".pre-commit-hooks.yaml is invalid"
  hooks="$scratch/hook-repo"
  git init -q "$hooks"
  cp "$root/.pre-commit-hooks.yaml" "$hooks/"
  git -C "$hooks" add . && git -C "$hooks" commit -qm hooks
  rev=$(git -C "$hooks" rev-parse HEAD)
  fw="$scratch/framework"
  git init -q "$fw"
  printf 'repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: torchlint\n        args: [--select, TL1]\n' "$hooks" "$rev" >"$fw/.pre-commit-config.yaml"
  git -C "$fw" add .pre-commit-config.yaml && git -C "$fw" commit -qm config --no-verify
  (cd "$fw" && pre-commit install >/dev/null) || fail "pre-commit install failed"
  exercise "$fw" "pre-commit"
else
  echo "SKIP: pre-commit not installed; only the plain hook was tested"
  [ "$failures" -eq 0 ] && skip_or_fail
fi

[ "$failures" -eq 0 ] || { echo "$failures pre-commit test(s) failed"; exit 1; }
echo "pre-commit hooks work"
