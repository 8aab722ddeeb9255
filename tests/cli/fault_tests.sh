#!/usr/bin/env bash
# Faults a linter meets in the wild: damaged and foreign cache entries, runs sharing a cache,
# --fix on files it must not or cannot write. Nothing may crash, lose a file or change results.
set -u
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'chmod -R u+w "$scratch"; rm -rf "$scratch"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
export XDG_CACHE_HOME="$scratch/user-cache"  # the cache's key: this test's own
proj="$scratch/proj"
mkdir -p "$proj/.git" "$proj/pkg"
cp "$here/input/train_loop.py" "$proj/train.py"
cp "$here/input/suppressed.py" "$proj/pkg/suppressed.py"
printf 'def evaluate(model, loader):\n    model.eval()\n    return [model(x) for x in loader]\n' >"$proj/pkg/ev.py"
printf 'import torch\nfrom pkg.ev import evaluate\n\ndef main(model, loader):\n    evaluate(model, loader)\n' >"$proj/main.py"
cold=$("$bin" check "$proj" --no-cache --format json --no-source)
cache="$scratch/cache"
run() { "$bin" check "$proj" --cache-dir "$cache" --format json --no-source 2>"$scratch/err"; }

# Damaged entries of every kind are misses, never errors or wrong results.
run >/dev/null
[ "$(run)" = "$cold" ] || fail "a warm run differs from a cold one"
for f in "$cache"/*/*.json; do head -c 37 "$f" >"$f.tmp" && mv "$f.tmp" "$f"; done           # truncated
[ "$(run)" = "$cold" ] || fail "truncated cache entries changed the results"
for f in "$cache"/*/*.json; do printf '\x00\xff garbage' >"$f"; done                           # garbage
[ "$(run)" = "$cold" ] || fail "garbage cache entries changed the results"
for f in "$cache"/*/*.json; do sed -i 's/"content_hash":[0-9]*/"content_hash":"x"/' "$f"; done  # wrong types
[ "$(run)" = "$cold" ] || fail "cache entries with wrong types changed the results"
for f in "$cache"/*/*.json; do printf '{"path": 3, "findings": {}}' >"$f"; done                # foreign shape
[ "$(run)" = "$cold" ] || fail "foreign cache entries changed the results"
grep -q "internal error" "$scratch/err" && fail "a damaged cache caused an internal error"

# Entries written by another build of torchlint (a copy with another linker build ID, or one
# more byte where it has none: another binary) whose reading of the files differed: its
# summaries are not trusted by this build.
rm -rf "$cache"
python3 - "$bin" "$scratch/other-build" <<'PY'
import os, re, sys
data = bytearray(open(sys.argv[1], "rb").read())
# The ELF note NT_GNU_BUILD_ID: namesz 4, descsz, type 3, "GNU\0", then the ID.
note = re.search(rb"\x04\x00\x00\x00(.)\x00\x00\x00\x03\x00\x00\x00GNU\x00", data, re.S)
if note:
    data[note.end()] ^= 0xFF
else:
    data += b"\n"
open(sys.argv[2], "wb").write(data)
os.chmod(sys.argv[2], 0o755)
PY
"$scratch/other-build" check "$proj" --cache-dir "$cache" --format json --no-source >/dev/null 2>&1
python3 - "$cache" "$XDG_CACHE_HOME/torchlint/cache-key" <<'PY'
import glob, hashlib, hmac, json, sys
key = open(sys.argv[2], "rb").read()
for f in glob.glob(sys.argv[1] + "/*/*.json"):  # that build saw no effects and no calls anywhere
    j = json.loads(open(f).read().split("\n", 1)[1])
    for fn in j["summary"]["functions"] + [j["summary"]["top"]]:
        fn["e"], fn["c"] = 0, []
    payload = json.dumps(j).encode()  # sealed again with this user's key: only the build differs
    open(f, "wb").write(b"torchlint-hmac-sha256 " + hmac.new(key, payload, hashlib.sha256).hexdigest().encode() + b"\n" + payload)
PY
[ "$(run)" = "$cold" ] || fail "summaries cached by another build changed the results"

# Four runs at once on one cache, then a warm run: every one gives the cold results.
rm -rf "$cache"
for k in 1 2 3 4; do (run >"$scratch/par$k.json") & done
wait
for k in 1 2 3 4; do [ "$(cat "$scratch/par$k.json")" = "$cold" ] || fail "concurrent run $k differs"; done
[ "$(run)" = "$cold" ] || fail "the cache written by concurrent runs gives different results"
ls "$cache"/*/ | grep -q torchlint-tmp && fail "concurrent runs left temporary files in the cache"

# --fix leaves a read-only file and a file in a read-only folder exactly as they were.
cp "$proj/train.py" "$scratch/before.py"
chmod 0444 "$proj/train.py"
"$bin" check "$proj/train.py" --fix --unsafe-fixes --no-cache >/dev/null 2>"$scratch/err"
cmp -s "$proj/train.py" "$scratch/before.py" || fail "--fix rewrote a read-only file"
grep -q "not writable" "$scratch/err" || fail "no note for a read-only file"
chmod 0644 "$proj/train.py"
mkdir -p "$scratch/ro" && cp "$scratch/before.py" "$scratch/ro/t.py" && chmod 0555 "$scratch/ro"
if [ "$(id -u)" -ne 0 ]; then  # root writes anywhere: the folder case needs a normal user
  "$bin" check "$scratch/ro/t.py" --fix --unsafe-fixes --no-cache >/dev/null 2>"$scratch/err"
  cmp -s "$scratch/ro/t.py" "$scratch/before.py" || fail "--fix changed a file in a read-only folder"
  grep -q "cannot" "$scratch/err" || fail "no note for a read-only folder"
fi
chmod 0755 "$scratch/ro"

# Unreadable and vanished files get a note, and the run goes on.
cp "$scratch/before.py" "$proj/secret.py" && chmod 0000 "$proj/secret.py"
if [ "$(id -u)" -ne 0 ]; then  # root reads anything
  "$bin" check "$proj" --no-cache 2>&1 | grep -q "secret.py: cannot read" || fail "no note for an unreadable file"
fi
chmod 0644 "$proj/secret.py" && rm "$proj/secret.py"
ln -s "$proj/gone.py" "$proj/dangling.py"
out=$("$bin" check "$proj" --no-cache 2>&1)
echo "$out" | grep -q "internal error" && fail "a dangling link caused an internal error"

[ "$failures" -eq 0 ] || { echo "$failures fault test(s) failed"; exit 1; }
echo "all fault tests passed"
