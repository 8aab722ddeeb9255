#!/usr/bin/env bash
# The GitHub Action (action.yml), its steps run as the runner runs them (bash -eo pipefail, the
# step's env with `${{ inputs.* }}` filled in, GITHUB_PATH and GITHUB_OUTPUT honoured), with pip
# offline against a wheel built from this build: `install` puts torchlint on the job's PATH
# (README's jobs use it), `check` fails on a finding with an annotation, `sarif` writes the SARIF
# file the upload step names and passes, an unknown mode is an error.
# The upload step itself (github/codeql-action) and mode `review` need GitHub and are not run.
# usage: action_test.sh BUILD/torchlint [WHEEL_FOLDER]
. "$(dirname "$0")/common.sh" "$@"
"$python" -c 'import yaml' 2>/dev/null || { echo "SKIP: python3-yaml missing"; skip_or_fail; }
command -v patchelf >/dev/null || { echo "SKIP: patchelf missing"; skip_or_fail; }
wheel=$(test_wheel) || exit 1
export PIP_NO_INDEX=1 PIP_FIND_LINKS=$(dirname "$wheel")

# Writes one script per step of action.yml for the given inputs (KEY=VALUE ...).
write_steps() {
  "$python" - "$root/action.yml" "$root" "$1" "${@:2}" <<'PY'
import os, re, shlex, sys, yaml
action = yaml.safe_load(open(sys.argv[1]))
root, out = sys.argv[2], sys.argv[3]
inputs = {k: str(v.get("default", "")) for k, v in action["inputs"].items()}
inputs.update(arg.split("=", 1) for arg in sys.argv[4:])
context = {"github.action_path": root, "github.token": "test-token"}
context.update({f"inputs.{k}": v for k, v in inputs.items()})
fill = lambda text: re.sub(r"\$\{\{\s*([\w.-]+)\s*\}\}", lambda m: context[m.group(1)], str(text))
for i, step in enumerate(action["runs"]["steps"]):
    condition = step.get("if")
    if condition and not eval(fill(re.sub(r"(inputs\.[\w-]+)", r"'${{ \1 }}'", condition)).replace("'", '"')):
        continue
    with open(f"{out}/{i:02d}.sh", "w") as f:
        if "uses" in step:  # not run: only what it would upload
            f.write(f"echo {shlex.quote(fill(step['with'].get('sarif_file', '')))} >>\"$UPLOADS\"\n")
            continue
        for k, v in step.get("env", {}).items():
            f.write(f"export {k}={shlex.quote(fill(v))}\n")
        f.write(fill(step["run"]))
PY
}

# Runs the action in a fresh copy of a project with a TL101 bug; stdout+stderr in $scratch/$label.out.
run_action() {
  local label=$1
  local work="$scratch/$label" && mkdir -p "$work/steps" "$work/repo" "$work/temp"
  cp "$root/examples/train.py" "$work/repo/"
  write_steps "$work/steps" "${@:2}" || return 2
  export RUNNER_TEMP="$work/temp" GITHUB_PATH="$work/path" GITHUB_OUTPUT="$work/output" UPLOADS="$work/uploads"
  : >"$GITHUB_PATH"; : >"$GITHUB_OUTPUT"; : >"$UPLOADS"
  local path=$PATH rc=0
  for step in "$work"/steps/*.sh; do
    (cd "$work/repo" && PATH="$(tac "$GITHUB_PATH" | tr '\n' ':')$path" bash --noprofile --norc -eo pipefail "$step") \
      >>"$scratch/$label.out" 2>&1 || { rc=$?; break; }
  done
  return $rc
}

run_action check mode=check
rc=$?
[ $rc -eq 1 ] || { fail "mode check: exit $rc, not 1 on a finding"; cat "$scratch/check.out"; }
grep -q "^::error file=train.py,line=36" "$scratch/check.out" || { fail "mode check: no annotation"; cat "$scratch/check.out"; }

run_action sarif mode=sarif args=.
rc=$?
[ $rc -eq 0 ] || { fail "mode sarif: exit $rc"; cat "$scratch/sarif.out"; }
grep -q "^sarif-file=torchlint.sarif$" "$scratch/sarif/output" || fail "mode sarif: no sarif-file output"
[ "$(cat "$scratch/sarif/uploads")" = torchlint.sarif ] || fail "mode sarif: the upload step does not name torchlint.sarif"
"$python" -c 'import json, sys; r = json.load(open(sys.argv[1]))["runs"][0]["results"]; sys.exit(not any(x["ruleId"] == "TL101" for x in r))' \
  "$scratch/sarif/repo/torchlint.sarif" 2>/dev/null || fail "mode sarif: torchlint.sarif lacks the TL101 result"

run_action install mode=install
rc=$?
[ $rc -eq 0 ] || { fail "mode install: exit $rc"; cat "$scratch/install.out"; }
[ "$("$(head -1 "$scratch/install/path")/torchlint" --version 2>&1)" = "torchlint $(cat "$root/VERSION")" ] ||
  fail "mode install: no torchlint on the job's PATH"

run_action bogus mode=bogus
rc=$?
[ $rc -eq 2 ] || fail "an unknown mode: exit $rc, not 2"

[ "$failures" -eq 0 ] || { echo "$failures action check(s) failed"; exit 1; }
echo "the action's steps work"
