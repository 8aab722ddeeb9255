#!/usr/bin/env bash
# CLI golden tests: runs build/torchlint on tests/cli/input and compares stdout, stderr
# and the exit code with tests/cli/expected/<case>.{out,err,rc}. UPDATE=1 rewrites them.
set -u
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
failures=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# Never a cache in the source tree: a rerun would test the warm path by accident.
export TORCHLINT_CACHE_DIR="$scratch/cache"

# Every case runs twice with a cache of its own, outside the source tree: cold, then warm.
# Both must match the expected output.
golden() {  # golden NAME COMMAND...
  local name=$1
  shift
  export TORCHLINT_CACHE_DIR="$scratch/cache-$name"
  for pass in cold warm; do
    "$@" >"$scratch/$name.out" 2>"$scratch/$name.err"
    echo $? >"$scratch/$name.rc"
    for ext in out err rc; do
      if [ "${UPDATE:-0}" = 1 ]; then
        cp "$scratch/$name.$ext" "expected/$name.$ext"
      elif ! diff -u "expected/$name.$ext" "$scratch/$name.$ext"; then
        echo "FAIL: $name, $pass ($ext differs)"
        failures=$((failures + 1))
      fi
    done
  done
  export TORCHLINT_CACHE_DIR="$scratch/cache"
}

expect_rc() {  # expect_rc WANT NAME COMMAND...
  local want=$1 name=$2
  shift 2
  "$@" >"$scratch/out" 2>"$scratch/err"
  local rc=$?
  if [ "$rc" != "$want" ]; then
    echo "FAIL: $name: exit $rc, want $want"; head -5 "$scratch/err"
    failures=$((failures + 1))
  fi
}

golden text_report "$bin" check input/train_loop.py input/clean.py --color never
golden json_report "$bin" check input/train_loop.py --format json
golden syntax_error "$bin" check input/broken_syntax.py --color never
golden clean_file "$bin" check input/clean.py
golden select_by_name "$bin" check input/train_loop.py --select missing-zero-grad --no-source
golden ignore_prefix "$bin" check input/train_loop.py --ignore TL1,TL3 --no-source
golden unknown_selector "$bin" check input/train_loop.py --select TL10x
golden typo_in_pack "$bin" check input/clean.py --rules packs/typo.yaml
golden unknown_predicate "$bin" check input/clean.py --rules packs/bad_predicate.yaml
golden custom_pack "$bin" check input/custom_rule_target.py --rules packs/custom.yaml --select ACME --no-source
golden custom_pack_path_last "$bin" check --rules packs/custom.yaml --select ACME --no-source input/custom_rule_target.py
golden rule_docs "$bin" rule TL101
# A finding of a rule that no experiment measures: inconclusive with the rule's reason, exit 1.
golden confirm_unmeasured "$bin" confirm input/data_parallel.py:4
golden missing_path "$bin" check input/clean.py input/does_not_exist.py --no-source
golden configured_project "$bin" check configured/pkg configured/vendor --no-source
golden config_typo "$bin" check configured/broken --no-source
golden config_cli_override "$bin" check configured/pkg/a.py --select TL301 --no-source
# The oldest torch a project supports, read from its dependency files or set by `torch-version`:
# TL001 trusts 2.6's default, TL002 keeps quiet about replacements newer than that release.
golden torch_version_detected "$bin" check versioned --no-source
golden torch_version_configured "$bin" check versioned/supports21 --config 'torch-version = "2.6"' --no-source
"$bin" check --show-settings versioned/supports21/load.py >"$scratch/settings" 2>&1
grep -qx 'torch: >= 2.1 (versioned/supports21/requirements.txt: torch>=2.1,<3)' "$scratch/settings" ||
  { echo "FAIL: --show-settings does not say where the torch version came from"; grep torch "$scratch/settings"; failures=$((failures + 1)); }
golden format_github "$bin" check input/train_loop.py input/custom_rule_target.py --rules packs/custom.yaml --format github
golden format_gitlab "$bin" check input/train_loop.py --format gitlab
golden format_rdjson "$bin" check input/train_loop.py --format rdjson
golden format_review "$bin" check input/train_loop.py input/broken_syntax.py --format review
golden format_review_clean "$bin" check input/clean.py --format review
golden fix_breaks_syntax "$bin" check input/train_loop.py --rules packs/breaking_fix.yaml --select ACME004 --diff --no-cache
golden suppressions "$bin" check input/suppressed.py --select TL,TL000 --no-source
golden suppressions_only_tl000 "$bin" check --select TL000 input/suppressed.py --no-source
golden diff_unsafe "$bin" check input/train_loop.py --diff --unsafe-fixes
golden diff_safe_only "$bin" check input/train_loop.py --diff
golden statistics "$bin" check input/train_loop.py input/suppressed.py --statistics
golden statistics_json "$bin" check input/train_loop.py input/suppressed.py --statistics --format json
golden quiet "$bin" check input/train_loop.py --quiet --no-source
expect_rc 0 exit_zero "$bin" check input/train_loop.py --exit-zero

# A baseline absorbs today's findings, survives code moving, and lets new ones through.
mkdir -p "$scratch/bl"
cp input/train_loop.py "$scratch/bl/t.py"
(cd "$scratch/bl" && "$bin" check t.py --write-baseline base.json >/dev/null 2>&1)
expect_rc 0 baseline_absorbs sh -c "cd '$scratch/bl' && '$bin' check t.py --baseline base.json"
sed -i '1i import os\nimport sys' "$scratch/bl/t.py"
expect_rc 0 baseline_after_move sh -c "cd '$scratch/bl' && '$bin' check t.py --baseline base.json"
printf '\ndef more(model, opt, loader):\n    kept = []\n    for x in loader:\n        opt.zero_grad()\n        loss = model(x).sum()\n        loss.backward()\n        opt.step()\n        kept.append(loss)\n' >>"$scratch/bl/t.py"
expect_rc 1 baseline_new_finding sh -c "cd '$scratch/bl' && '$bin' check t.py --baseline base.json"
grep -q "t.py:25:21: TL101" "$scratch/out" || { echo "FAIL: the new finding is not the one reported"; cat "$scratch/out"; failures=$((failures + 1)); }
printf 'not json' >"$scratch/bl/bad.json"
expect_rc 2 baseline_malformed sh -c "cd '$scratch/bl' && '$bin' check t.py --baseline bad.json"

# The cache gives the same answers as a cold run, also when another file changes a
# cross-file fact (who calls evaluate() under no_grad).
mkdir -p "$scratch/cache/proj"
cat >"$scratch/cache/proj/ev.py" <<'PY'
def evaluate(model, loader):
    model.eval()
    return [model(x) for x in loader]
PY
printf 'import torch\nfrom ev import evaluate\n\ndef main(model, loader):\n    with torch.no_grad():\n        evaluate(model, loader)\n' >"$scratch/cache/proj/main.py"
cached() { "$bin" check "$scratch/cache/proj" --no-source --cache-dir "$scratch/cache/c" --format json; }
cold() { "$bin" check "$scratch/cache/proj" --no-source --no-cache --format json; }
cached >/dev/null
[ "$(cached)" = "$(cold)" ] || { echo "FAIL: warm cache differs from a cold run"; failures=$((failures + 1)); }
printf 'from ev import evaluate\n\ndef main(model, loader):\n    evaluate(model, loader)\n' >"$scratch/cache/proj/main.py"
[ "$(cached)" = "$(cold)" ] || { echo "FAIL: cache kept a finding that depends on another file"; failures=$((failures + 1)); }
cold | grep -q '"TL303"' || { echo "FAIL: TL303 expected once evaluate() is called with grad on"; failures=$((failures + 1)); }

# --diff-base: only findings on changed lines, or in a changed loop/function; --staged:
# the index content.
repo="$scratch/git"
mkdir -p "$repo"
git -C "$repo" init -q -b main
git -C "$repo" config user.email t@example.com
git -C "$repo" config user.name t
cp input/train_loop.py "$repo/old.py"
cp input/train_loop.py "$repo/touched.py"
git -C "$repo" add . && git -C "$repo" commit -qm base
git -C "$repo" checkout -qb feature
sed -i 's/if step % log_every == 0:/if step % log_every == 0:  # touched/' "$repo/touched.py"  # in the loop, not on a finding
cp input/train_loop.py "$repo/new.py"
# Cold, then warm from the cache (a finding's region must survive the cache).
(cd "$repo" && "$bin" check --diff-base main --no-source --no-cache --format json) >"$scratch/diffbase.json"
(cd "$repo" && "$bin" check --no-source --cache-dir "$scratch/dbcache" >/dev/null 2>&1)
(cd "$repo" && "$bin" check --diff-base main --no-source --cache-dir "$scratch/dbcache" --format json) >"$scratch/diffbase_warm.json"
for run in diffbase diffbase_warm; do
python3 - "$scratch/$run.json" "$run" <<'PY' || failures=$((failures + 1))
import json, sys
got = sorted((f["path"], f["rule"]) for f in json.load(open(sys.argv[1]))["findings"])
# new.py: everything; touched.py: TL301 (its loop was edited), not TL101 (its line was not); old.py: nothing.
want = [("new.py", "TL101"), ("new.py", "TL301"), ("touched.py", "TL301")]
if got != want:
    sys.exit(f"FAIL: --diff-base ({sys.argv[2]}) reported {got}, want {want}")
PY
done
base_sha=$(git -C "$repo" rev-parse main)
# The pull request's head: the working tree as a commit, leaving HEAD and the index as they are.
head_sha=$(cd "$repo" && export GIT_INDEX_FILE="$scratch/review.index" && git read-tree HEAD && git add -A &&
  git commit-tree "$(git write-tree)" -p HEAD -m head)
printf '{"pull_request": {"base": {"sha": "%s"}, "head": {"sha": "%s"}}}' "$base_sha" "$head_sha" >"$scratch/event.json"
(cd "$repo" && "$bin" review --github-event "$scratch/event.json" --no-cache) >"$scratch/review.json"
python3 - "$scratch/review.json" "$head_sha" <<'PY' || failures=$((failures + 1))
import json, sys
p = json.load(open(sys.argv[1]))
got = sorted((c["path"], c["line"], c["body"].split("**")[1]) for c in p["comments"])
# touched.py's finding (line 10) sits on the changed line of its loop, which the diff shows.
want = [("new.py", 10, "TL301 missing-zero-grad"), ("new.py", 11, "TL101 loss-kept-with-graph"), ("touched.py", 12, "TL301 missing-zero-grad")]
if p["commit_id"] != sys.argv[2] or p["event"] != "COMMENT" or "Overall risk" not in p["body"] or got != want:
    sys.exit(f"FAIL: review payload {got}")
if not any("```suggestion" in c["body"] for c in p["comments"]):
    sys.exit("FAIL: no suggestion block in the review comments")
PY
expect_rc 2 review_bad_event "$bin" review --github-event input/clean.py
expect_rc 2 diff_base_bad_ref sh -c "cd '$repo' && '$bin' check --diff-base no-such-ref"
git -C "$repo" add new.py
printf 'x = 1\n' >"$repo/new.py"   # the working tree differs from the index
(cd "$repo" && "$bin" check --staged --no-source --format json) >"$scratch/staged.json"
python3 - "$scratch/staged.json" <<'PY' || failures=$((failures + 1))
import json, sys
got = sorted((f["path"], f["rule"]) for f in json.load(open(sys.argv[1]))["findings"])
if got != [("new.py", "TL101"), ("new.py", "TL301")]:
    sys.exit(f"FAIL: --staged reported {got}")
PY

# --fix rewrites in place, keeps CRLF line endings and file mode, and converges.
mkdir -p "$scratch/fix"
cp input/train_loop.py "$scratch/fix/train_loop.py"
sed 's/$/\r/' input/suppressed.py >"$scratch/fix/crlf.py"
chmod 0640 "$scratch/fix/crlf.py"
"$bin" check "$scratch/fix" --fix --unsafe-fixes --select TL,TL000 --no-source >"$scratch/fix.out" 2>&1
[ "$(stat -c %a "$scratch/fix/crlf.py")" = 640 ] || { echo "FAIL: --fix changed the file mode"; failures=$((failures + 1)); }
[ "$(grep -c $'\r$' "$scratch/fix/crlf.py")" = "$(wc -l <"$scratch/fix/crlf.py")" ] || { echo "FAIL: --fix lost CRLF line endings"; failures=$((failures + 1)); }
grep -q "optimizer.zero_grad()" "$scratch/fix/train_loop.py" && grep -q "history.append(loss.detach())" "$scratch/fix/train_loop.py" \
  || { echo "FAIL: --fix did not apply the fixes"; cat "$scratch/fix/train_loop.py"; failures=$((failures + 1)); }
ls "$scratch/fix" | grep -q torchlint-tmp && { echo "FAIL: --fix left a temporary file"; failures=$((failures + 1)); }
"$bin" check "$scratch/fix" --diff --unsafe-fixes --select TL,TL000 >"$scratch/fix2.out" 2>&1
[ ! -s "$scratch/fix2.out" ] || grep -q "^0 fixes" "$scratch/fix2.out" || { echo "FAIL: fixes did not converge"; cat "$scratch/fix2.out"; failures=$((failures + 1)); }

# Bad input: no crash, no hang, at most a note.
mkdir -p "$scratch/bad"
: >"$scratch/bad/empty.py"
printf 'x = 1\0\1\2\n' >"$scratch/bad/binary.py"
printf 'def f():\n    return "\xff\xfe caf\xe9"\n' >"$scratch/bad/latin1.py"
python3 -c "print('x = ' + '(' * 10000 + '1' + ')' * 10000)" >"$scratch/bad/deep_parens.py"
python3 -c "
for i in range(2000): print('    ' * i + 'for i%d in range(2):' % i)
print('    ' * 2000 + 'pass')" >"$scratch/bad/deep_loops.py"
python3 -c "
import sys
body = open('input/train_loop.py').read()
sys.stdout.write(body * (10_000_000 // len(body)))" >"$scratch/bad/huge.py"
# Inputs the fuzzers once crashed on (tests/fuzz_seeds/regressions): a cyclic binding in a
# broken file, a function without a body in timing code, control characters in a
# pyproject.toml key, a number out of range in a baseline.
for f in ../fuzz_seeds/regressions/fuzz_python/*; do cp "$f" "$scratch/bad/$(basename "$f").py"; done
# A hang guard, not a benchmark (scripts/benchmark.sh measures speed); sanitizer builds scale it.
expect_rc 1 bad_input timeout $((60 * ${TORCHLINT_TEST_TIME_SCALE:-1})) "$bin" check "$scratch/bad" --no-source
grep -q "binary.py: looks like a binary file" "$scratch/out" || { echo "FAIL: no note for the binary file"; failures=$((failures + 1)); }
grep -q "huge.py" "$scratch/out" || { echo "FAIL: no findings for the huge file"; failures=$((failures + 1)); }
mkdir -p "$scratch/badcfg" && tail -c +2 ../fuzz_seeds/regressions/fuzz_config/* >"$scratch/badcfg/pyproject.toml" && cp input/clean.py "$scratch/badcfg/"
expect_rc 2 control_chars_in_toml "$bin" check "$scratch/badcfg/clean.py"
grep -q "invalid TOML: control character" "$scratch/err" || { echo "FAIL: no located error for a control character"; failures=$((failures + 1)); }
expect_rc 2 self_referential_alias "$bin" check input/clean.py --rules ../fuzz_seeds/regressions/fuzz_rule_pack/*
grep -q "nest more than 100 levels deep" "$scratch/err" || { echo "FAIL: no located error for a YAML alias inside its own anchor"; failures=$((failures + 1)); }
expect_rc 2 baseline_number_overflow "$bin" check input/clean.py --baseline ../fuzz_seeds/regressions/fuzz_baseline/*
grep -q "not a torchlint baseline" "$scratch/err" || { echo "FAIL: no clear error for a baseline number overflow"; failures=$((failures + 1)); }

# A directory walk honours .gitignore, skips tool, cache and virtual-env folders, and walks
# other hidden folders (`.actions/` holds real code).
mkdir -p "$scratch/repo/src" "$scratch/repo/.tox" "$scratch/repo/.actions" "$scratch/repo/venv" "$scratch/repo/generated"
cp input/train_loop.py "$scratch/repo/src/"
cp input/train_loop.py "$scratch/repo/.tox/"
cp input/train_loop.py "$scratch/repo/.actions/"
cp input/train_loop.py "$scratch/repo/generated/"
touch "$scratch/repo/venv/pyvenv.cfg"; cp input/train_loop.py "$scratch/repo/venv/"
printf 'generated/\n' >"$scratch/repo/.gitignore"
"$bin" check "$scratch/repo" --format json >"$scratch/walk.json"
python3 - "$scratch/walk.json" <<'PY' || failures=$((failures + 1))
import json, sys
paths = {f["path"].rsplit("/repo/", 1)[1] for f in json.load(open(sys.argv[1]))["findings"]}
if paths != {"src/train_loop.py", ".actions/train_loop.py"}:
    sys.exit(f"FAIL: walk found {sorted(paths)}, want src/ and .actions/")
PY

if [ "$failures" -ne 0 ]; then
  echo "$failures CLI test(s) failed"
  exit 1
fi
echo "all CLI tests passed"
