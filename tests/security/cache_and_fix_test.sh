#!/usr/bin/env bash
# The cache, --fix and confirm's temporary copy on an untrusted repository: a cache entry that
# torchlint did not write hides nothing, the cache is collected, --fix loses no edit, link,
# owner or mode and leaves no temporary file behind a kill, and the program that `confirm`
# runs cannot write the user's files through its copy.
# Usage: cache_and_fix_test.sh TORCHLINT  (exit 0 pass, 1 fail, 77 skip)
set -u
. "$(dirname "$0")/common.sh" "$1"
here=$(cd "$(dirname "$0")" && pwd)
command -v git >/dev/null && command -v python3 >/dev/null || { echo "SKIP: needs git and python3"; exit 77; }
export XDG_CACHE_HOME="$scratch/user-cache"  # the key lives here, never in the user's home
unset TORCHLINT_CACHE_DIR

# A repository with two findings in train.py (TL301 and TL101).
new_repo() {
  rm -rf "$1" && mkdir -p "$1" && git_in "$1" init -q . && cp "$here/../cli/input/train_loop.py" "$1/train.py"
  git_in "$1" add train.py && git_in "$1" commit -qm base
}
# Empties the findings of every cache entry under $1, in the unsealed format an attacker writes.
forge_entries() {
  python3 - "$1" <<'PY'
import glob, json, sys
for f in glob.glob(sys.argv[1] + "/v*/*.json"):
    text = open(f).read()
    body = text.split("\n", 1)[1] if text.startswith("torchlint-") else text
    j = json.loads(body)
    j["findings"] = []
    open(f, "w").write(json.dumps(j))
PY
}

# 1. A committed cache hides nothing: not in check, --diff-base or review. The pull request
#    adds train.py and a cache whose entry for it says "no findings".
repo="$scratch/repo"
mkdir -p "$repo" && git_in "$repo" init -q . && echo base >"$repo/README" && git_in "$repo" add README
git_in "$repo" commit -qm base && base=$(git_in "$repo" rev-parse HEAD)
cp "$here/../cli/input/train_loop.py" "$repo/train.py"
# Twice: the second run remembers that git tracked nothing there (for that state of its index).
(cd "$repo" && { tl check . >/dev/null 2>&1; tl check . >/dev/null 2>&1; })
[ -f "$repo/.torchlint_cache/untracked-checked" ] || fail "a warm run did not remember that the cache is untracked"
forge_entries "$repo/.torchlint_cache"
git_in "$repo" add -f train.py .torchlint_cache && git_in "$repo" commit -qm "add train.py and a cache"
(cd "$repo" && tl check . >"$scratch/out" 2>&1); rc=$?
[ "$rc" = 1 ] && grep -q TL301 "$scratch/out" || fail "a committed cache hid the findings of check (exit $rc)"
grep -q "git tracks files in" "$scratch/out" || fail "no note that a committed cache is not used"
(cd "$repo" && tl check . --diff-base "$base" >"$scratch/out" 2>&1)
grep -q TL301 "$scratch/out" || fail "a committed cache hid the findings of --diff-base"
printf '{"pull_request": {"base": {"sha": "%s"}, "head": {"sha": "%s"}}}' "$base" "$(git_in "$repo" rev-parse HEAD)" >"$scratch/event.json"
(cd "$repo" && tl review --github-event "$scratch/event.json" >"$scratch/out" 2>&1)
grep -q "TL301" "$scratch/out" || fail "a committed cache hid the findings of review"

# 2. A forged entry in a cache that git does not track (restored from elsewhere) is a miss.
cache="$scratch/cache"
new_repo "$scratch/plain"
tl check "$scratch/plain" --cache-dir "$cache" >/dev/null 2>&1
forge_entries "$cache"
tl check "$scratch/plain" --cache-dir "$cache" >"$scratch/out" 2>&1; rc=$?
[ "$rc" = 1 ] && grep -q TL301 "$scratch/out" || fail "a forged cache entry hid the findings (exit $rc)"
grep -q "internal error" "$scratch/out" && fail "a forged cache entry caused an internal error"
# Entries sealed with another user's key are misses too, and a warm run is still warm.
XDG_CACHE_HOME="$scratch/other-user" tl check "$scratch/plain" --cache-dir "$scratch/cache2" >/dev/null 2>&1
tl check "$scratch/plain" --cache-dir "$scratch/cache2" 2>&1 | grep -q TL301 || fail "another key's entries changed the results"
# The key is the user's alone: created 0600 outside the project; one that others may read is refused.
key="$XDG_CACHE_HOME/torchlint/cache-key"
[ "$(stat -c %a "$key" 2>/dev/null)" = 600 ] || fail "the cache key is not a 0600 file under \$XDG_CACHE_HOME/torchlint"
chmod 0644 "$key" 2>/dev/null
tl check "$scratch/plain" --cache-dir "$cache" >"$scratch/out" 2>&1
grep -q "the cache is off: its key" "$scratch/out" || fail "a key readable by others was used"
chmod 0600 "$key" 2>/dev/null

# 3. Collection: entries unused for over 30 days go at the end of a run (at most once a day,
#    after the stamp); fresh entries and files that are not entries stay.
rm -rf "$cache" && tl check "$scratch/plain" --cache-dir "$cache" >/dev/null 2>&1
mkdir -p "$cache/v0.0.1" && for k in 1 2 3; do echo "{}" >"$cache/v0.0.1/000000000000000$k.json"; done
touch -d '40 days ago' "$cache"/v0.0.1/*.json
echo keep >"$cache/v0.0.1/notes.txt" && touch -d '40 days ago' "$cache/v0.0.1/notes.txt"
touch -d '2 days ago' "$cache/last-collected"
tl check "$scratch/plain" --cache-dir "$cache" >/dev/null 2>&1
ls "$cache"/v0.0.1/*.json >/dev/null 2>&1 && fail "cache entries unused for 40 days were not collected"
[ -f "$cache/v0.0.1/notes.txt" ] || fail "collection removed a file that is not a cache entry"
[ "$(ls "$cache"/v*/ | grep -c '^[0-9a-f]*\.json$')" -ge 1 ] || fail "collection removed a fresh entry"

# 4. --fix writes a link's target (the link stays), keeps hard links, owner, group and mode.
fixdir="$scratch/fix"
new_repo "$fixdir"
mkdir -p "$fixdir/real" && mv "$fixdir/train.py" "$fixdir/real/train.py" && ln -s real/train.py "$fixdir/train.py"
tl check "$fixdir/train.py" --fix --unsafe-fixes --no-cache >/dev/null 2>&1
[ -L "$fixdir/train.py" ] || fail "--fix replaced a symbolic link by a file"
grep -q "zero_grad" "$fixdir/real/train.py" || fail "--fix did not fix a symbolic link's target"
cp "$here/../cli/input/train_loop.py" "$fixdir/a.py" && ln "$fixdir/a.py" "$fixdir/b.py"
chmod 0640 "$fixdir/a.py"
owner=$(stat -c %u:%g "$fixdir/a.py")
if [ "$(id -u)" = 0 ]; then chown 65534:65534 "$fixdir/a.py" && owner=65534:65534; fi
tl check "$fixdir/a.py" --fix --unsafe-fixes --no-cache >/dev/null 2>&1
grep -q "zero_grad" "$fixdir/b.py" || fail "--fix broke a hard link (the other name kept the old text)"
[ "$(stat -c %h "$fixdir/a.py")" = 2 ] || fail "--fix broke a hard link"
cp "$here/../cli/input/train_loop.py" "$fixdir/c.py" && chmod 0640 "$fixdir/c.py"
[ "$(id -u)" = 0 ] && chown 65534:65534 "$fixdir/c.py"
tl check "$fixdir/c.py" --fix --unsafe-fixes --no-cache >/dev/null 2>&1
grep -q "zero_grad" "$fixdir/c.py" || fail "--fix did not fix c.py"
[ "$(stat -c %u:%g "$fixdir/c.py")" = "$owner" ] || fail "--fix changed the owner ($(stat -c %u:%g "$fixdir/c.py"), was $owner)"
[ "$(stat -c %a "$fixdir/c.py")" = 640 ] || fail "--fix changed the mode to $(stat -c %a "$fixdir/c.py")"

# 5. SIGKILL during --fix: no temporary file for `git add -A` to commit, no file cut short.
kill_repo="$scratch/kill"
new_repo "$kill_repo"
python3 - "$kill_repo" <<'PY'
import sys
body = open(sys.argv[1] + "/train.py").read()
for k in range(6):  # large enough that writing them takes a while
    open(f"{sys.argv[1]}/t{k}.py", "w").write(body + '\nPAD = "' + "x" * (4 << 20) + '"\n')
PY
git_in "$kill_repo" add -A && git_in "$kill_repo" commit -qm big
cp "$kill_repo"/t0.py "$scratch/original.py"
(cd "$kill_repo" && tl check t0.py --fix --unsafe-fixes --no-cache >/dev/null 2>&1)
cp "$kill_repo"/t0.py "$scratch/fixed.py"
git_in "$kill_repo" checkout -q -- t0.py
# A death while the new text is written, made certain: past the file size limit, write()
# raises SIGXFSZ, which ends the process as a kill would.
{ (cd "$kill_repo" && ulimit -f 1024 && exec "$bin" check t1.py --fix --unsafe-fixes --no-cache >/dev/null 2>&1); } 2>/dev/null
cmp -s "$kill_repo/t1.py" "$scratch/original.py" || fail "a death while writing changed t1.py"
left=$(git_in "$kill_repo" status --porcelain --untracked-files=all)
[ -z "$left" ] || fail "a death while writing left files that git add -A would commit: $left"
# SIGKILLs late in runs that fix five files: every file is the old or the fixed text.
start=$(date +%s%N)
(cd "$kill_repo" && tl check t1.py t2.py t3.py t4.py t5.py --fix --unsafe-fixes --no-cache >/dev/null 2>&1)
span=$(( ($(date +%s%N) - start) / 1000 ))  # microseconds
for k in $(seq 1 8); do
  git_in "$kill_repo" checkout -q -- .
  (cd "$kill_repo" && exec "$bin" check t1.py t2.py t3.py t4.py t5.py --fix --unsafe-fixes --no-cache >/dev/null 2>&1) &
  pid=$!
  sleep "$(python3 -c "import random; print(random.uniform(0.6, 1.0) * $span / 1e6)")"
  kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
  for f in "$kill_repo"/t[1-5].py; do
    cmp -s "$f" "$scratch/original.py" || cmp -s "$f" "$scratch/fixed.py" || fail "kill $k: $(basename "$f") is neither the old nor the fixed text"
  done
  left=$(git_in "$kill_repo" status --porcelain --untracked-files=all | grep -v '^ M ' || true)
  [ -z "$left" ] || { fail "kill $k left files that git add -A would commit: $left"; break; }
done

# 6. The program `confirm` runs cannot write the user's files through the copy: a stand-in
#    interpreter "has torch" and, run on the program, overwrites data.bin in its folder.
conf="$scratch/confirm"
new_repo "$conf"
head -c $((20 << 20)) /dev/zero | tr '\0' 'd' >"$conf/data.bin"
cp "$conf/data.bin" "$scratch/data.orig"
printf '#!/bin/sh\nif [ "$1" = -c ]; then printf 2.4.0; exit 0; fi\nprintf overwritten >data.bin\nexit 1\n' >"$scratch/python"
chmod +x "$scratch/python"
(cd "$conf" && tl confirm train.py:11 --run train.py --python "$scratch/python" --repeat 1 >"$scratch/out" 2>&1)
cmp -s "$conf/data.bin" "$scratch/data.orig" || fail "the program under confirm wrote the user's 20 MB data.bin through the copy"
finish "cache and fix"
