#!/usr/bin/env python3
"""A hostile LSP client for `torchlint server`: raw bytes on the server's stdin.

Broken framing (bad, duplicate or missing Content-Length, bare \\n, a header that never ends,
a body over the size limit), bodies that are not JSON-RPC, requests out of LSP's lifecycle
and a document too large to analyse: each must get the JSON-RPC answer LSP asks for while
the server keeps serving, in bounded memory. Prints a `FAIL: ...` line per broken promise.
Usage: lsp_hostile_client.py TORCHLINT PROJECT_DIR; exit 0 when every check passes.
"""
import json
import os
import queue
import subprocess
import sys
import threading
import time

SCALE = int(os.environ.get("TORCHLINT_TEST_TIME_SCALE", "1"))  # sanitizer builds run slower
WAIT = 10 * SCALE
MIB = 1 << 20
failures = []
started = []  # every server, killed at the end should a check have left one running


# An AddressSanitizer build keeps freed memory in quarantine and adds shadow memory: its peak
# memory says nothing of the server's, so memory bounds are checked in plain builds only.
MEMORY_CHECKED = not os.environ.get("ASAN_OPTIONS")


def check_memory(grew_mib, bound_mib, what):
    if MEMORY_CHECKED:
        check(grew_mib < bound_mib, what % grew_mib)


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL: " + what, flush=True)
    return ok


def frame(body):
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def rpc(**fields):
    return json.dumps({"jsonrpc": "2.0", **fields}).encode()


class Server:
    """One `torchlint server` process; its messages are read on a thread, so that big writes
    to its stdin cannot deadlock against its replies."""

    def __init__(self, binary, project):
        self.log = open(os.path.join(project, "server.log"), "ab")
        self.proc = subprocess.Popen([binary, "server"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.log, cwd=project)
        self.messages = queue.Queue()
        self.closed = False  # its output ended: nothing more will come
        started.append(self)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.closed = True
                    self.messages.put(None)
                    return
                if line == b"\r\n":
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            self.messages.put(json.loads(out.read(length)))

    def send(self, data):
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
            return True
        except BrokenPipeError:
            return False

    def next_message(self, timeout=WAIT):
        try:
            return self.messages.get(timeout=0 if self.closed else timeout)
        except queue.Empty:
            return None

    def request(self, id_, method, params=None):
        self.send(frame(rpc(id=id_, method=method, params=params if params is not None else {})))
        return self.response(id_)

    def response(self, id_):
        """The reply to `id_`, and every message that came before it."""
        before = []
        while True:
            msg = self.next_message()
            if msg is None:
                return None, before
            if "id" in msg and msg["id"] == id_ and "method" not in msg:
                return msg, before
            before.append(msg)

    def peak_rss_mib(self):
        with open("/proc/%d/status" % self.proc.pid) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        return 0

    def alive(self):
        return self.proc.poll() is None

    def finish(self):
        if self.alive():
            self.proc.kill()
        self.proc.wait()
        self.log.close()


def error_code(msg):
    return msg.get("error", {}).get("code") if msg else None


def expect_error(server, data, code, what, id_=None):
    """Sends raw `data`; expects an error `code` for `id_`, then that the server still answers."""
    server.send(data)
    reply, _ = server.response(id_)
    check(error_code(reply) == code, "%s: expected error %d for id %s, got %s" % (what, code, id_, reply))
    alive, _ = server.request("ping", "no/such/method")
    check(error_code(alive) == -32601, "%s: the server stopped answering (%s)" % (what, alive))


def initialized(binary, project):
    server = Server(binary, project)
    reply, _ = server.request(0, "initialize", {"processId": None, "rootUri": "file://" + project, "capabilities": {}})
    check(reply is not None and "result" in reply, "initialize failed: %s" % reply)
    server.send(frame(rpc(method="initialized", params={})))
    return server


def framing(binary, project):
    """Each broken frame or body to a fresh server, so that each is judged on its own."""
    for what, data in [
        ("a non-numeric Content-Length", b"Content-Length: abc\r\n\r\n{}"),
        ("a negative Content-Length", b"Content-Length: -5\r\n\r\n{}"),
        ("a Content-Length past 64 bits", b"Content-Length: 99999999999999999999999\r\n\r\n{}"),
        ("two Content-Length fields", b"Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}"),
        ("header lines ended by a bare \\n", b"Content-Length: 2\n\n{}"),
        ("a header without Content-Length", b"Content-Type: application/vscode-jsonrpc\r\n\r\n{}"),
        ("a body without a header", rpc(id=5, method="shutdown")),
        ("a header that never ends", b"X-Padding: " + b"a" * (256 * 1024)),
    ]:
        server = initialized(binary, project)
        expect_error(server, data, -32700, what)
        server.finish()
    for what, body, code, id_ in [
        ("a body that is not JSON", b"{not json", -32700, None),
        ("a body nested 100000 deep", b"[" * 100000 + b"]" * 100000, -32700, None),
        ("an array body", b"[1, 2]", -32600, None),
        ("a number body", b"42", -32600, None),
        ("an object id", rpc(id={"a": 1}, method="shutdown"), -32600, None),
        ("a string params", rpc(id=7, method="textDocument/codeAction", params="x"), -32600, 7),
        ("a numeric method", rpc(id=8, method=3), -32600, 8),
        ("no jsonrpc version", json.dumps({"id": 9, "method": "shutdown"}).encode(), -32600, 9),
        ("codeAction params of the wrong shape", rpc(id=10, method="textDocument/codeAction", params={"range": 1}), -32602, 10),
    ]:
        server = initialized(binary, project)
        expect_error(server, frame(body), code, what, id_)
        server.finish()


def sizes(binary, project):
    """Bodies are never allocated ahead of their bytes, nor kept past the limit. Memory is
    the peak of a fresh server's, before and after."""
    server = initialized(binary, project)
    # A body under the limit is allocated as it arrives, not as the header claims.
    base = server.peak_rss_mib()
    claimed = 60 * MIB
    server.send(b"Content-Length: %d\r\n\r\n{" % claimed)
    time.sleep(1)
    grew = server.peak_rss_mib() - base
    check(server.alive(), "a 60 MiB claim with one byte sent ended the server")
    check_memory(grew, 20, "a 60 MiB claim with one byte sent grew the server by %.0f MiB")
    server.send(b" " * (claimed - 1))  # completes that body: it is not JSON
    reply, _ = server.response(None)
    check(error_code(reply) == -32700, "a 60 MiB body that is not JSON: expected -32700, got %s" % reply)

    # Notifications of the wrong shape are logged, never answered; the server goes on.
    server.send(frame(rpc(method="textDocument/didOpen", params={"textDocument": {"uri": 3, "text": []}})))
    server.send(frame(rpc(method="textDocument/didChange", params={"textDocument": {"uri": "file:///x.py"}, "contentChanges": "x"})))
    reply, before = server.request(11, "no/such/method")
    check(error_code(reply) == -32601 and not before, "notifications of the wrong shape were answered: %s" % before)

    server.finish()

    # A body over the limit is read and dropped as it arrives, not buffered.
    server = initialized(binary, project)
    base = server.peak_rss_mib()
    big = 80 * MIB
    server.send(b"Content-Length: %d\r\n\r\n" % big)
    chunk = b" " * MIB
    for _ in range(big // MIB):
        server.send(chunk)
    reply, before = server.response(None)
    check(error_code(reply) == -32600, "an 80 MiB message: expected error -32600, got %s" % reply)
    check(any(m.get("method") == "window/logMessage" and "skipped" in m["params"]["message"] for m in before),
          "an 80 MiB message: expected a window/logMessage saying it was skipped, got %s" % before)
    alive, _ = server.request(12, "no/such/method")
    check(error_code(alive) == -32601, "after an 80 MiB message the server stopped answering")
    grew = server.peak_rss_mib() - base
    check_memory(grew, 40, "an 80 MiB message over the limit grew the server by %.0f MiB")

    reply, _ = server.request(13, "shutdown")
    server.send(frame(rpc(method="exit")))
    check(server.proc.wait(timeout=WAIT) == 0, "exit after shutdown did not exit 0 (after the size checks)")
    server.finish()


def lifecycle(binary, project):
    uri = "file://" + project + "/early.py"
    server = Server(binary, project)
    reply, _ = server.request(1, "textDocument/codeAction",
                              {"textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}})
    check(error_code(reply) == -32002, "a request before initialize: expected -32002, got %s" % reply)
    server.send(frame(rpc(method="textDocument/didOpen",
                          params={"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": "import torch\n"}})))
    reply, before = server.request(2, "initialize", {"processId": None, "capabilities": {}})
    check(reply is not None and "result" in reply, "initialize after refused messages failed: %s" % reply)
    check(not before, "a notification before initialize was served: %s" % before)
    reply, _ = server.request(3, "initialize", {"processId": None, "capabilities": {}})
    check(error_code(reply) == -32600, "a second initialize: expected -32600, got %s" % reply)
    reply, _ = server.request(4, "shutdown")
    check(reply is not None and reply.get("result", 0) is None, "shutdown: expected a null result, got %s" % reply)
    reply, _ = server.request(5, "textDocument/codeAction", {})
    check(error_code(reply) == -32600, "a request after shutdown: expected -32600, got %s" % reply)
    server.send(frame(rpc(method="exit")))
    check(server.proc.wait(timeout=WAIT) == 0, "exit after shutdown did not exit 0")
    server.finish()

    for what, initialize_first in [("exit without shutdown", True), ("exit before initialize", False)]:
        server = Server(binary, project)
        if initialize_first:
            server.request(0, "initialize", {"processId": None, "capabilities": {}})
        server.send(frame(rpc(method="exit")))
        check(server.proc.wait(timeout=WAIT) == 1, what + " did not exit 1")
        server.finish()


def large_document(binary, project):
    """A document over its path's `max-file-size` (the default 10 MiB; 1 MiB where a
    configuration says so) gets one informational diagnostic and no analysis."""
    os.makedirs(os.path.join(project, "small"), exist_ok=True)
    with open(os.path.join(project, "small", ".torchlint.yaml"), "w") as f:
        f.write("max-file-size: 1\n")
    line = "def f(model, x):\n    return model(x).sum()\n"
    for name, size in [("huge.py", 11 * MIB), ("small/generated.py", 3 * MIB)]:
        server = initialized(binary, project)
        uri = "file://" + project + "/" + name
        base = server.peak_rss_mib()
        server.send(frame(rpc(method="textDocument/didOpen",
                              params={"textDocument": {"uri": uri, "languageId": "python", "version": 1,
                                                       "text": line * (size // len(line))}})))
        msg = server.next_message()
        published = msg and msg.get("method") == "textDocument/publishDiagnostics" and msg["params"]
        diagnostics = published["diagnostics"] if published else None
        check(diagnostics is not None and len(diagnostics) == 1 and diagnostics[0]["severity"] == 3
              and "did not analyse" in diagnostics[0]["message"] and "max-file-size" in diagnostics[0]["message"],
              "%s of %d MiB: expected one informational diagnostic, got %s" % (name, size // MIB, str(msg)[:300]))
        grew = server.peak_rss_mib() - base
        check_memory(grew, 10 * size // MIB, name.replace("%", "%%") + ", not analysed, grew the server by %.0f MiB")
        server.request(1, "shutdown")
        server.send(frame(rpc(method="exit")))
        check(server.proc.wait(timeout=WAIT) == 0, "exit after shutdown did not exit 0 (after %s)" % name)
        server.finish()


def main():
    binary, project = sys.argv[1], sys.argv[2]
    for part in (framing, sizes, lifecycle, large_document):
        try:
            part(binary, project)
        except (OSError, subprocess.TimeoutExpired, TypeError, AttributeError) as e:
            check(False, "%s: %s: %s" % (part.__name__, type(e).__name__, e))
    for server in started:
        server.finish()
    if failures:
        sys.exit(1)
    print("hostile LSP client: ok")


if __name__ == "__main__":
    main()
