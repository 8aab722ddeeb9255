#!/usr/bin/env bash
# README's code-scanning job, run as written: it triggers on push and pull_request, writes a
# SARIF file that the upload step names, with paths relative to the repository root, and it
# fails on a configuration error instead of uploading an empty file.
set -u
. "$(dirname "$0")/../skip_or_fail.sh"
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
python3 -c 'import yaml' 2>/dev/null || { echo "SKIP: python3 yaml not installed"; skip_or_fail; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
python3 "$here/readme_workflow.py" "$root/README.md" torchlint-code-scanning >"$scratch/workflow.json" || exit 1
# The torchlint steps, with the binary under test for build/torchlint.
python3 - "$scratch/workflow.json" "$bin" >"$scratch/steps.sh" <<'PY' || exit 1
import json, re, shlex, sys
w = json.load(open(sys.argv[1]))
triggers = w["on"] if isinstance(w["on"], (list, dict)) else [w["on"]]
if "push" not in triggers or "pull_request" not in triggers:
    sys.exit(f"FAIL: the job runs on {list(triggers)}, not on push and pull_request")
if w.get("permissions", {}).get("security-events") != "write":
    sys.exit("FAIL: the job lacks `security-events: write`, which uploading SARIF needs")
steps = next(iter(w["jobs"].values()))["steps"]
runs = [s["run"] for s in steps if "torchlint check" in s.get("run", "")]
upload = [s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif")]
if len(runs) != 1 or len(upload) != 1:
    sys.exit("FAIL: want one `torchlint check` step and one upload-sarif step")
sarif = upload[0]["with"]["sarif_file"]
print(f"sarif={shlex.quote(sarif)}")
print("run_step() {")
# The torchlint the job installs (or builds) is the one under test.
print(re.sub(r"(?<![\w./-])(build/)?torchlint(?= )", lambda _: shlex.quote(sys.argv[2]), runs[0]))
print("}")
PY
. "$scratch/steps.sh"
failures=0
repo=$scratch/repo
mkdir -p "$repo/ml"
git init -q "$repo"
cp "$root/tests/cli/input/train_loop.py" "$repo/ml/train.py"
# As Actions runs a `run:` step: bash -e, from the repository root, then from a subfolder (a
# step with `working-directory: ml`).
for dir in "$repo" "$repo/ml"; do
  (cd "$dir" && set -e && run_step) || { echo "FAIL: the check step failed in $dir on findings"; failures=$((failures + 1)); }
  python3 - "$dir/$sarif" "$repo" <<'PY' || failures=$((failures + 1))
import json, os, sys
try:
    run = json.load(open(sys.argv[1]))["runs"][0]
except (OSError, ValueError) as e:
    sys.exit(f"FAIL: no SARIF to upload: {e}")
uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]]
if not uris or any(not os.path.isfile(os.path.join(sys.argv[2], u)) for u in uris):
    sys.exit(f"FAIL: SARIF results {uris} of {sys.argv[1]} are not files relative to the repository root")
PY
  rm -f "$dir/$sarif"
done
# A configuration error fails the step: no empty SARIF file reaches the upload.
printf '[tool.torchlint]\nbogus-key = 1\n' >"$repo/pyproject.toml"
if (cd "$repo" && set -e && run_step) 2>"$scratch/config.err"; then
  echo "FAIL: the check step succeeded with a configuration error"
  failures=$((failures + 1))
fi
[ "$failures" = 0 ] || exit 1
echo "README's code-scanning job: SARIF uploaded on findings, the step fails on a configuration error"
