#!/usr/bin/env bash
# `torchlint review --post` against a local stand-in for GitHub's create-review endpoint
# (github_stand_in.py), which refuses what GitHub refuses: a payload outside the published
# schema, a body over 65,536 characters, a comment on a line outside the diff's hunks. The pull
# request has findings inside, outside and across hunks, and many findings; the job has a
# merge commit checked out with edits on top, as `pull_request` workflows do.
set -u
. "$(dirname "$0")/../skip_or_fail.sh"
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
python3 -c 'import jsonschema' 2>/dev/null || { echo "SKIP: python3 jsonschema not installed"; skip_or_fail; }
command -v curl >/dev/null || { echo "SKIP: curl not installed"; skip_or_fail; }
scratch=$(mktemp -d)
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null
  rm -rf "$scratch"
}
trap cleanup EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# The repository: loop.py's training loop changes far from its finding (line 10); new.py is
# new; big.py is new and holds hundreds of findings.
repo=$scratch/repo
git init -q -b main "$repo"
git -C "$repo" config user.email t@example.com
git -C "$repo" config user.name t
train=$root/tests/cli/input/train_loop.py
{ head -n 11 "$train"; for i in $(seq 1 12); do echo "        seen = $i"; done; tail -n +12 "$train"; } >"$repo/loop.py"
mkdir -p "$repo/sub"
printf 'x = 1\n' >"$repo/sub/keep.py"
git -C "$repo" add . && git -C "$repo" commit -qm base
git -C "$repo" checkout -qb feature
sed -i 's/        seen = 10$/        seen = 100/' "$repo/loop.py"  # line 21: in the loop, 11 lines below its finding
cp "$train" "$repo/new.py"
for i in $(seq 1 200); do sed "s/def train(/def train_$i(/" "$train"; echo; done >"$repo/big.py"
git -C "$repo" add . && git -C "$repo" commit -qm feature
base=$(git -C "$repo" rev-parse main)
head_sha=$(git -C "$repo" rev-parse feature)
# What actions/checkout leaves on a pull_request event: the merge commit, detached.
git -C "$repo" checkout -q main
git -C "$repo" merge -q --no-ff -m merge feature
git -C "$repo" checkout -q --detach
printf 'import torch\n\n\n\n' | cat - "$repo/loop.py" >"$scratch/shifted" && cp "$scratch/shifted" "$repo/loop.py"  # an edit on top
cat >"$scratch/event.json" <<JSON
{"action": "synchronize", "number": 7, "repository": {"full_name": "acme/models"},
 "pull_request": {"number": 7, "base": {"sha": "$base"}, "head": {"sha": "$head_sha"}}}
JSON

# The stand-in server.
state=$scratch/state
mkdir -p "$state"
python3 "$here/github_stand_in.py" "$repo" "$base" "$head_sha" secret-token "$state" 2>"$scratch/server.err" &
server=$!
for _ in $(seq 1 100); do [ -e "$state/port" ] && break; sleep 0.1; done
[ -e "$state/port" ] || { cat "$scratch/server.err"; echo "FAIL: the stand-in server did not start"; exit 1; }
api=http://127.0.0.1:$(cat "$state/port")

# 1. Posted with --api-url: GitHub's rules accept every comment.
(cd "$repo" && GITHUB_TOKEN=secret-token "$bin" review --github-event "$scratch/event.json" --post --api-url "$api" --no-cache) \
  >"$scratch/post.out" 2>"$scratch/post.err"
rc=$?
[ "$rc" = 1 ] || { cat "$scratch/post.err"; fail "review --post exited $rc, want 1 (findings)"; }
python3 - "$state/requests.jsonl" <<'PY' || failures=$((failures + 1))
import json, sys
try:
    requests = [json.loads(l) for l in open(sys.argv[1])]
except FileNotFoundError:
    sys.exit("FAIL: nothing was posted to the stand-in")
if len(requests) != 1:
    sys.exit(f"FAIL: {len(requests)} requests, want 1")
r = requests[0]
if r["path"] != "/repos/acme/models/pulls/7/reviews":
    sys.exit(f"FAIL: posted to {r['path']}")
if r["problems"]:
    sys.exit("FAIL: the stand-in refused the review:\n  " + "\n  ".join(r["problems"][:10]))
p = r["payload"]
comments = p["comments"]
by_place = {(c["path"], c["line"]): c["body"] for c in comments}
# Outside the hunks: loop.py's TL301 (line 10) sits on the changed line of its loop, saying where.
loop = [(k, b) for k, b in by_place.items() if k[0] == "loop.py"]
if [k for k, _ in loop] != [("loop.py", 21)] or "TL301" not in loop[0][1] or "Line 10" not in loop[0][1]:
    sys.exit(f"FAIL: loop.py's comments {loop}, want TL301 of line 10 on line 21")
# Inside: new.py's findings on their own lines, with a suggestion where a fix exists.
new = sorted(k[1] for k in by_place if k[0] == "new.py")
if new[:2] != [10, 11]:
    sys.exit(f"FAIL: new.py's comments on lines {new}, want 10 and 11 first")
if not any("```suggestion" in c["body"] for c in comments):
    sys.exit("FAIL: no suggestion block in the inline comments")
# Size: big.py's findings beyond the inline cap are counted in the body, which GitHub accepts.
if "more finding" not in p["body"] or len(p["body"]) > 65536:
    sys.exit(f"FAIL: a body of {len(p['body'])} characters that does not say how many findings it left out")
print(f"posted: {len(comments)} inline comments, body {len(p['body'])} characters")
PY

# 2. GITHUB_API_URL, as Actions sets it, when --api-url is not given; the same review.
(cd "$repo/sub" && GITHUB_API_URL="$api" GITHUB_TOKEN=secret-token "$bin" review .. --github-event "$scratch/event.json" --post --no-cache) \
  >/dev/null 2>"$scratch/env.err"
python3 - "$state/requests.jsonl" <<'PY' || failures=$((failures + 1))
import json, sys
requests = [json.loads(l) for l in open(sys.argv[1])] if __import__("os").path.exists(sys.argv[1]) else []
if len(requests) != 2 or requests[1]["problems"] or requests[1]["payload"] != requests[0]["payload"]:
    sys.exit("FAIL: with GITHUB_API_URL, from a subfolder, the stand-in did not get the same accepted review")
PY
# 2b. README's review job, run as written (GitHub sets GITHUB_EVENT_PATH and GITHUB_API_URL).
python3 -c 'import yaml' 2>/dev/null || { echo "SKIP: python3 yaml not installed"; skip_or_fail; }
python3 "$root/tests/sarif/readme_workflow.py" "$root/README.md" torchlint-review >"$scratch/workflow.json" || exit 1
python3 - "$scratch/workflow.json" "$bin" >"$scratch/job.sh" <<'PY' || exit 1
import json, re, shlex, sys
w = json.load(open(sys.argv[1]))
if w.get("permissions", {}).get("pull-requests") != "write":
    sys.exit("FAIL: README's review job lacks `pull-requests: write`")
steps = next(iter(w["jobs"].values()))["steps"]
if not any(s.get("with", {}).get("fetch-depth") == 0 for s in steps):
    sys.exit("FAIL: README's review job does not fetch the history (fetch-depth: 0)")
step = next(s for s in steps if "torchlint review" in s.get("run", ""))
if "GITHUB_TOKEN" not in step.get("env", {}):
    sys.exit("FAIL: README's review step passes no GITHUB_TOKEN")
print("job_step() {")
# The torchlint the job installs (or builds) is the one under test.
print(re.sub(r"(?<![\w./-])(build/)?torchlint(?= )", lambda _: shlex.quote(sys.argv[2]), step["run"]))
print("}")
PY
. "$scratch/job.sh"
(cd "$repo" && export GITHUB_EVENT_PATH="$scratch/event.json" GITHUB_API_URL="$api" GITHUB_TOKEN=secret-token && job_step) \
  >/dev/null 2>"$scratch/job.err"
python3 - "$state/requests.jsonl" <<'PY' || failures=$((failures + 1))
import json, sys
requests = [json.loads(l) for l in open(sys.argv[1])]
if len(requests) != 3 or requests[2]["problems"] or requests[2]["payload"] != requests[0]["payload"]:
    sys.exit("FAIL: README's review job did not post the same accepted review")
PY
# The worktree of the head is gone afterwards.
[ "$(git -C "$repo" worktree list | wc -l)" = 1 ] || fail "a temporary worktree was left behind: $(git -C "$repo" worktree list)"

# 3. Refused reviews are errors that say why; a missing token is a clear error.
(cd "$repo" && GITHUB_TOKEN=wrong "$bin" review --github-event "$scratch/event.json" --post --api-url "$api" --no-cache) >/dev/null 2>"$scratch/refused.err"
rc=$?
{ [ "$rc" = 2 ] && grep -q "HTTP 401" "$scratch/refused.err"; } || fail "a refused review: exit $rc, $(cat "$scratch/refused.err")"
(cd "$repo" && env -u GITHUB_TOKEN "$bin" review --github-event "$scratch/event.json" --post --api-url "$api") >/dev/null 2>"$scratch/notoken.err"
rc=$?
{ [ "$rc" = 2 ] && grep -q "GITHUB_TOKEN" "$scratch/notoken.err"; } || fail "no token: exit $rc, $(cat "$scratch/notoken.err")"

# 4. Events that are not pull requests, and history the job did not fetch.
printf '{"ref": "refs/heads/main", "commits": [], "repository": {"full_name": "acme/models"}}' >"$scratch/push.json"
(cd "$repo" && "$bin" review --github-event "$scratch/push.json") >/dev/null 2>"$scratch/push.err"
rc=$?
{ [ "$rc" = 2 ] && grep -q "needs a \`pull_request\`" "$scratch/push.err" && ! grep -q "json.exception" "$scratch/push.err"; } ||
  fail "a push event: exit $rc, $(cat "$scratch/push.err")"
sed "s/$base/0123456789abcdef0123456789abcdef01234567/" "$scratch/event.json" >"$scratch/unfetched.json"
(cd "$repo" && "$bin" review --github-event "$scratch/unfetched.json") >/dev/null 2>"$scratch/unfetched.err"
rc=$?
{ [ "$rc" = 2 ] && grep -q "base commit 0123456789abcdef0123456789abcdef01234567 is not in this clone" "$scratch/unfetched.err" &&
  grep -q "fetch-depth: 0" "$scratch/unfetched.err"; } || fail "an unfetched base: exit $rc, $(cat "$scratch/unfetched.err")"

# 5. The Markdown review (a plain comment): under GitHub's limit, no suggestion blocks (they
# work only in inline review comments), and it says how many findings it left out.
(cd "$repo" && "$bin" check big.py new.py --format review --no-cache) >"$scratch/review.md"
size=$(python3 -c 'import sys; print(len(open(sys.argv[1], encoding="utf-8").read()))' "$scratch/review.md")
[ "$size" -le 65536 ] || fail "--format review wrote $size characters (GitHub accepts 65,536)"
grep -q '```suggestion' "$scratch/review.md" && fail "--format review holds suggestion blocks"
grep -q 'more findings not shown' "$scratch/review.md" || fail "--format review does not say how many findings it left out"
grep -q '```diff' "$scratch/review.md" || fail "--format review shows no fix"

[ "$failures" = 0 ] || { echo "$failures review test(s) failed"; exit 1; }
echo "review: all checks passed"
