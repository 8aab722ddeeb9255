#!/usr/bin/env bash
# README's pre-commit snippet, run by the real pre-commit framework with no package index and
# torchlint nowhere on PATH: the hook repository (scripts/pre_commit_mirror.sh, tagged with the
# snippet's `rev`) installs the torchlint wheel from a local folder (PIP_FIND_LINKS) into the
# hook's own environment; a commit with a TL101 bug is blocked, the fixed one goes through.
# usage: pre_commit_test.sh BUILD/torchlint [WHEEL_FOLDER]
. "$(dirname "$0")/common.sh" "$@"
command -v pre-commit >/dev/null || { echo "SKIP: pre-commit not installed"; skip_or_fail; }
command -v patchelf >/dev/null || { echo "SKIP: patchelf not installed"; skip_or_fail; }
version=$(cat "$root/VERSION")

wheel=$(test_wheel) || exit 1
mkdir -p "$scratch/wheels" && cp "$wheel" "$scratch/wheels/"
hooks="$scratch/torchlint-pre-commit"
"$root/scripts/pre_commit_mirror.sh" "$hooks" || { echo "FAIL: no hook repository"; exit 1; }
pre-commit validate-manifest "$hooks/.pre-commit-hooks.yaml" || fail "the hook manifest is invalid"

# README's snippet: the YAML block of the pre-commit section that names the hook repository.
published=https://github.com/torchlint/torchlint-pre-commit
awk '/^### Pre-commit/ { s = 1 } s && /^```yaml/ { y = 1; b = ""; next } y && /^```/ { if (b ~ /torchlint-pre-commit/) { printf "%s", b; exit } y = 0; next } y { b = b $0 "\n" }' \
  "$root/README.md" >"$scratch/snippet.yaml"
grep -q "repo: $published\$" "$scratch/snippet.yaml" || { echo "FAIL: README has no pre-commit snippet naming $published"; exit 1; }
grep -q "rev: v$version\$" "$scratch/snippet.yaml" || fail "README's snippet does not pin rev: v$version"

export HOME="$scratch" PRE_COMMIT_HOME="$scratch/pre-commit-home" GIT_CONFIG_NOSYSTEM=1
export PIP_NO_INDEX=1 PIP_FIND_LINKS="$scratch/wheels" PIP_DISABLE_PIP_VERSION_CHECK=1
# No torchlint on PATH: drop every folder that holds one.
PATH=$(printf '%s' "$PATH" | tr ':' '\n' | while read -r d; do [ -x "$d/torchlint" ] || printf '%s:' "$d"; done)
export PATH="${PATH%:}"
command -v torchlint >/dev/null && { echo "FAIL: torchlint is still on PATH"; exit 1; }
git config --global user.email test@example.com
git config --global user.name test
git config --global init.defaultBranch main

repo="$scratch/project"
git init -q "$repo"
sed "s|$published|$hooks|" "$scratch/snippet.yaml" >"$repo/.pre-commit-config.yaml"
git -C "$repo" add .pre-commit-config.yaml && git -C "$repo" commit -qm config --no-verify
(cd "$repo" && pre-commit install >/dev/null) || fail "pre-commit install failed"

cp "$root/tests/cli/input/train_loop.py" "$repo/train.py"
git -C "$repo" add train.py
if (cd "$repo" && git commit -qm bug >"$scratch/bad.out" 2>&1); then fail "the buggy commit went through"; fi
grep -q "train.py:11:24: TL101" "$scratch/bad.out" || { fail "the finding was not printed"; cat "$scratch/bad.out"; }
sed -i 's/history.append(loss)/history.append(loss.detach())/' "$repo/train.py"
git -C "$repo" add train.py
(cd "$repo" && git commit -qm fixed >"$scratch/good.out" 2>&1) || { fail "the fixed commit was blocked"; cat "$scratch/good.out"; }
grep -q "torchlint.*Passed" "$scratch/good.out" || { fail "the hook did not run on the fixed commit"; cat "$scratch/good.out"; }

[ "$failures" -eq 0 ] || { echo "$failures pre-commit check(s) failed"; exit 1; }
echo "the pre-commit hook installs torchlint from its wheel"
