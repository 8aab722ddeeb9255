#!/usr/bin/env bash
# `torchlint server` on a hostile client: broken framing, bodies that are not JSON-RPC,
# requests out of LSP's lifecycle and a document too large to analyse are answered as LSP
# asks, in bounded memory, and the server keeps serving (tests/integration/lsp_hostile_client.py).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh" "$1"
. "$here/../skip_or_fail.sh"
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 not installed"; skip_or_fail; }
mkdir -p "$scratch/project/.git"
timeout $((300 * scale)) python3 "$here/../integration/lsp_hostile_client.py" "$bin" "$scratch/project"
rc=$?
[ "$rc" -eq 124 ] && echo "FAIL: the hostile LSP client did not finish in time"
[ "$rc" -eq 0 ] || { echo "server log:"; head -c 4000 "$scratch/project/server.log"; exit 1; }
