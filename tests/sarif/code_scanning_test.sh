#!/usr/bin/env bash
# What GitHub code scanning needs of a SARIF upload, beyond the SARIF schema
# (validate_sarif.sh): every result's rule listed at its ruleIndex, C/C++/CUDA rules
# included; a short one-sentence shortDescription (the alert's title); security rules
# tagged `security` with a `security-severity`; artifact URIs relative to the repository
# root, with %SRCROOT% in originalUriBaseIds, when torchlint runs from a subfolder (a job's
# `working-directory:`). The `github` and `gitlab` formats name files the same way.
set -u
bin=$(realpath "$1")
root=$(cd "$(dirname "$0")/../.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
repo=$scratch/repo
mkdir -p "$repo/ml/csrc"
git init -q "$repo"
cp "$root/tests/cli/input/train_loop.py" "$repo/ml/train.py"
printf 'import torch\n\n\ndef resume(path):\n    return torch.load(path)\n' >"$repo/ml/resume.py"
cp "$root/examples/csrc/scale.cu" "$repo/ml/csrc/scale.cu"
cd "$repo/ml" || exit 1
"$bin" check . --format sarif --select ALL --no-cache >"$scratch/out.sarif"
"$bin" check . --format github --no-cache >"$scratch/github.txt"
"$bin" check . --format gitlab --no-cache >"$scratch/gitlab.json"
python3 - "$scratch" "$repo" <<'PY'
import json, os, re, sys
from urllib.parse import unquote, urlparse
scratch, repo = sys.argv[1:3]
problems = []
run = json.load(open(f"{scratch}/out.sarif"))["runs"][0]
rules = run["tool"]["driver"]["rules"]
results = run["results"]

for r in results:
    i = r.get("ruleIndex")
    if i is None or i >= len(rules) or rules[i]["id"] != r["ruleId"]:
        problems.append(f"{r['ruleId']}: ruleIndex {i} does not point to its rule")
ids = {r["ruleId"] for r in results}
for want in ("TL001", "TL301", "TL811"):
    if want not in ids:
        problems.append(f"no {want} result in the sample")

def prose(text):  # without inline code spans, where punctuation is not prose
    return re.sub(r"`[^`]*`", "code", text)

for rule in rules:
    title = rule["shortDescription"]["text"]
    if len(title) > 120:
        problems.append(f"{rule['id']}: shortDescription of {len(title)} characters")
    if re.search(r"[.!?] \S", prose(title)) or not title.endswith((".", "…")):
        problems.append(f"{rule['id']}: shortDescription is not one sentence: {title!r}")
    tags = rule.get("properties", {}).get("tags", [])
    severity = rule.get("properties", {}).get("security-severity")
    if ("security" in tags) != (severity is not None):
        problems.append(f"{rule['id']}: `security` tag and security-severity must go together")
    if severity is not None and not (isinstance(severity, str) and 0 <= float(severity) <= 10):
        problems.append(f"{rule['id']}: security-severity {severity!r} is not a score from 0.0 to 10.0")
by_id = {r["id"]: r for r in rules}
for want in ("TL001", "TL901"):
    if "security" not in by_id.get(want, {}).get("properties", {}).get("tags", []):
        problems.append(f"{want} is not a security rule")

base = run.get("originalUriBaseIds", {}).get("%SRCROOT%", {}).get("uri", "")
if not base.startswith("file:///") or not base.endswith("/") or \
        os.path.realpath(unquote(urlparse(base).path)) != os.path.realpath(repo):
    problems.append(f"%SRCROOT% is {base!r}, not the repository root {repo}")
for r in results:
    loc = r["locations"][0]["physicalLocation"]["artifactLocation"]
    if loc.get("uriBaseId") != "%SRCROOT%" or loc["uri"].startswith(("/", "..")) or \
            not os.path.isfile(os.path.join(repo, unquote(loc["uri"]))):
        problems.append(f"{r['ruleId']}: artifact {loc} is not a file relative to the repository root")

for line in open(f"{scratch}/github.txt"):
    m = re.match(r"::\w+ file=([^,]+),", line)
    if not m or not os.path.isfile(os.path.join(repo, m.group(1))):
        problems.append(f"github format: {line.strip()[:100]} names no file relative to the repository root")
for issue in json.load(open(f"{scratch}/gitlab.json")):
    if not os.path.isfile(os.path.join(repo, issue["location"]["path"])):
        problems.append(f"gitlab format: {issue['location']['path']} is not relative to the repository root")

for p in problems:
    print("FAIL:", p)
if problems:
    sys.exit(1)
print(f"code scanning: {len(results)} results, {len(rules)} rules, paths relative to the repository root")
PY
