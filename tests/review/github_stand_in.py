#!/usr/bin/env python3
"""A stand-in for GitHub's REST endpoint POST /repos/{owner}/{repo}/pulls/{n}/reviews.

    github_stand_in.py REPO BASE_SHA HEAD_SHA TOKEN STATE_DIR

Answers as GitHub does: 401 without the token; 422 for a payload that breaks the published
request schema (create-review.schema.json, with undocumented keys refused), a body over
65,536 characters, or a comment whose lines are not on the right side of one hunk of the
pull request's diff (`git diff BASE...HEAD`, three lines of context, as GitHub shows it);
otherwise 200. Writes its port to STATE_DIR/port and each request to STATE_DIR/requests.jsonl.
"""
import json
import os
import re
import subprocess
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer

import jsonschema

repo, base, head, token, state = sys.argv[1:6]
here = os.path.dirname(os.path.abspath(__file__))
schema = json.load(open(os.path.join(here, "create-review.schema.json")))
BODY_LIMIT = 65536


def closed(node):
    """The schema with additionalProperties false on every object: a misspelt key is an error."""
    if isinstance(node, dict):
        node = {k: closed(v) for k, v in node.items()}
        if node.get("type") == "object" and "properties" in node:
            node.setdefault("additionalProperties", False)
    elif isinstance(node, list):
        node = [closed(v) for v in node]
    return node


validator = jsonschema.Draft7Validator(closed(schema))


def diff_hunks():
    """path -> [(first, last)] right-side line ranges of each hunk of BASE...HEAD."""
    diff = subprocess.run(["git", "-C", repo, "diff", "--no-color", "--no-ext-diff", f"{base}...{head}"],
                          check=True, capture_output=True, text=True).stdout
    hunks, path = {}, None
    for line in diff.splitlines():
        if line.startswith("+++ "):
            path = None if line == "+++ /dev/null" else line[len("+++ b/"):]
        m = re.match(r"@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@", line)
        if m and path:
            first, count = int(m.group(1)), int(m.group(2) or 1)
            if count:
                hunks.setdefault(path, []).append((first, first + count - 1))
    return hunks


def problems(payload):
    found = [f"schema: {e.message} at {list(e.absolute_path)}" for e in validator.iter_errors(payload)]
    if found:
        return found
    if len(payload.get("body", "")) > BODY_LIMIT:
        found.append(f"body is {len(payload['body'])} characters (at most {BODY_LIMIT})")
    if payload.get("commit_id") != head:
        found.append(f"commit_id {payload.get('commit_id')} is not the head {head}")
    hunks = diff_hunks()
    for c in payload.get("comments", []):
        if len(c["body"]) > BODY_LIMIT:
            found.append(f"{c['path']}:{c.get('line')}: comment body over {BODY_LIMIT} characters")
        if c.get("side") != "RIGHT" or "line" not in c or "position" in c:
            found.append(f"{c['path']}: a comment must give `line` on side RIGHT")
            continue
        first = c.get("start_line", c["line"])
        if "start_line" in c and (c.get("start_side") != "RIGHT" or first >= c["line"]):
            found.append(f"{c['path']}:{first}-{c['line']}: start_line must come before line, on side RIGHT")
        if not any(a <= first and c["line"] <= b for a, b in hunks.get(c["path"], [])):
            found.append(f"{c['path']}:{first}-{c['line']}: Pull request review thread line must be part of the diff")
    return found


class Handler(BaseHTTPRequestHandler):
    def answer(self, status, document):
        data = json.dumps(document).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        record = {"path": self.path, "authorization": self.headers.get("Authorization"),
                  "accept": self.headers.get("Accept"), "payload": None, "problems": []}
        if not re.fullmatch(r"/repos/[^/]+/[^/]+/pulls/\d+/reviews", self.path):
            record["problems"] = [f"no such endpoint {self.path}"]
            status = 404
        elif self.headers.get("Authorization") != f"Bearer {token}":
            record["problems"] = ["bad credentials"]
            status = 401
        else:
            try:
                record["payload"] = json.loads(raw)
                record["problems"] = problems(record["payload"])
            except json.JSONDecodeError as e:
                record["problems"] = [f"Problems parsing JSON: {e}"]
            status = 422 if record["problems"] else 200
        with open(os.path.join(state, "requests.jsonl"), "a") as f:
            f.write(json.dumps(record) + "\n")
        if status == 200:
            self.answer(200, {"id": 1, "state": "COMMENTED"})
        else:
            self.answer(status, {"message": "Unprocessable Entity" if status == 422 else "Error", "errors": record["problems"]})

    def log_message(self, *args):
        pass


server = HTTPServer(("127.0.0.1", 0), Handler)
with open(os.path.join(state, "port.tmp"), "w") as f:
    f.write(str(server.server_address[1]))
os.rename(os.path.join(state, "port.tmp"), os.path.join(state, "port"))
server.serve_forever()
