#!/usr/bin/env bash
# `torchlint server` end to end: a scripted JSON-RPC client (always), then Neovim's built-in
# LSP client headless (when nvim is installed; scripts/setup.sh installs it): the TL101
# diagnostic arrives, the fix is offered as a code action and applying it fixes the line.
set -u
. "$(dirname "$0")/../skip_or_fail.sh"
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/project/.git"
python3 "$here/lsp_client.py" "$bin" "$scratch/project" || exit 1
if ! command -v nvim >/dev/null 2>&1; then
  echo "SKIP: nvim not installed; only the scripted client ran"
  skip_or_fail
fi
python3 - "$here/lsp_client.py" >"$scratch/project/train.py" <<'PY'
import re, sys
print(re.search(r'BUGGY = """(.*?)"""', open(sys.argv[1]).read(), re.S).group(1), end="")
PY
TORCHLINT_BIN="$bin" PROJECT="$scratch/project" OUT="$scratch/nvim.out" HOME="$scratch" \
  timeout 60 nvim --headless --clean -c "luafile $here/lsp_nvim.lua" >/dev/null 2>&1
failures=0
for want in "diagnostic TL101 7:22 torchlint" "action TL101: store \`loss.detach()\` instead" \
            "after fix:         losses.append(loss.detach())" "action Disable TL101 for this line"; do
  grep -qF -- "$want" "$scratch/nvim.out" 2>/dev/null || { echo "FAIL: neovim did not see: $want"; failures=$((failures + 1)); }
done
[ "$failures" -eq 0 ] || { cat "$scratch/nvim.out" 2>/dev/null; exit 1; }
echo "neovim LSP client: ok"
