#!/usr/bin/env python3
"""A scripted LSP client for `torchlint server`: JSON-RPC over the server's stdio.

Opens a file with a TL101 bug, expects the diagnostic and a code action whose edit is the fix,
changes the document to the fixed text and expects the diagnostics to clear, then shuts the
server down and expects exit code 0. Usage: lsp_client.py TORCHLINT PROJECT_DIR
"""
import json
import subprocess
import sys

BUGGY = """def train(model, loader, optimizer, criterion):
    losses = []
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss)
    return losses
"""


def main():
    binary, project = sys.argv[1], sys.argv[2]
    uri = "file://" + project + "/train%20loop.py"  # a percent-encoded path
    proc = subprocess.Popen([binary, "server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(msg):
        body = json.dumps(msg).encode()
        proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        proc.stdin.flush()

    def receive():
        length = None
        while True:
            line = proc.stdout.readline()
            if not line:
                sys.exit("FAIL: the server closed its output")
            line = line.strip()
            if not line:
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(proc.stdout.read(length))

    def wait_for(pred):
        while True:
            msg = receive()
            if pred(msg):
                return msg

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"processId": None, "rootUri": "file://" + project, "capabilities": {}}})
    init = wait_for(lambda m: m.get("id") == 1)
    caps = init["result"]["capabilities"]
    assert caps["codeActionProvider"], caps
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
          "params": {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": BUGGY}}})
    diags = wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")["params"]
    assert diags["uri"] == uri, diags["uri"]
    tl101 = [d for d in diags["diagnostics"] if d["code"] == "TL101"]
    assert len(tl101) == 1, diags
    d = tl101[0]
    assert d["range"] == {"start": {"line": 7, "character": 22}, "end": {"line": 7, "character": 26}}, d["range"]
    assert d["source"] == "torchlint" and d["severity"] == 1, d

    send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction",
          "params": {"textDocument": {"uri": uri}, "range": d["range"], "context": {"diagnostics": [d]}}})
    actions = wait_for(lambda m: m.get("id") == 2)["result"]
    fixes = [a for a in actions if a["title"].startswith("TL101: ")]
    assert fixes, actions
    edits = fixes[0]["edit"]["changes"][uri]
    assert edits == [{"range": d["range"], "newText": "loss.detach()"}], edits
    assert any(a["title"] == "Disable TL101 for this line" for a in actions), actions

    fixed = BUGGY.replace("losses.append(loss)", "losses.append(loss.detach())")
    send({"jsonrpc": "2.0", "method": "textDocument/didChange",
          "params": {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": fixed}]}})
    diags = wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")["params"]
    assert not [x for x in diags["diagnostics"] if x["code"] == "TL101"], diags

    send({"jsonrpc": "2.0", "id": 3, "method": "no/such/method", "params": {}})
    err = wait_for(lambda m: m.get("id") == 3)
    assert err["error"]["code"] == -32601, err

    send({"jsonrpc": "2.0", "id": 4, "method": "shutdown"})
    wait_for(lambda m: m.get("id") == 4)
    send({"jsonrpc": "2.0", "method": "exit"})
    rc = proc.wait(timeout=10)
    assert rc == 0, rc
    print("scripted LSP client: ok")


if __name__ == "__main__":
    main()
