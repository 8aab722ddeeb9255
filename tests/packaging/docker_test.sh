#!/usr/bin/env bash
# The Docker image: where a Docker daemon answers, `docker build` and `docker run ... check /src`
# on examples/. Elsewhere the image's final layout is rebuilt by hand from a wheel of this build,
# as the Dockerfile makes it (the wheel unzipped to /opt/torchlint, bin/ made executable,
# /usr/local/bin/torchlint a symbolic link to it), and run the same way; it says which it did.
# usage: docker_test.sh BUILD/torchlint [WHEEL_FOLDER]
. "$(dirname "$0")/common.sh" "$@"
command -v patchelf >/dev/null || { echo "SKIP: patchelf missing"; skip_or_fail; }
grep -q "^FROM debian:12" "$root/Dockerfile" || fail "the Dockerfile does not build on Debian 12"

if docker info >/dev/null 2>&1; then
  tag="torchlint-test:$$"
  docker build -q -t "$tag" "$root" >/dev/null || { echo "FAIL: docker build"; exit 1; }
  docker run --rm -v "$root/examples:/src/examples:ro" "$tag" check /src --no-cache >"$scratch/check.out" 2>&1
  docker image rm -f "$tag" >/dev/null
  prefix=/src/
else
  echo "NOTE: no Docker daemon: the image's layout is checked without Docker"
  wheel=$(test_wheel) || exit 1
  "$python" -m zipfile -e "$wheel" "$scratch/wheel" && chmod 0755 "$scratch/wheel/torchlint/bin/"*
  mv "$scratch/wheel/torchlint" "$scratch/opt-torchlint"
  mkdir -p "$scratch/usr-local-bin" "$scratch/src"
  ln -s "$scratch/opt-torchlint/bin/torchlint" "$scratch/usr-local-bin/torchlint"
  cp -r "$root/examples" "$scratch/src/"
  (cd "$scratch/src" && PATH="$scratch/usr-local-bin:/usr/bin:/bin" torchlint check "$scratch/src" --no-cache) >"$scratch/check.out" 2>&1
  prefix=$scratch/src/
fi
grep -q "^${prefix}examples/train.py:36:33: TL101" "$scratch/check.out" || { fail "no Python finding"; cat "$scratch/check.out"; }
grep -q "^${prefix}examples/csrc/scale.cu:15:3: TL810" "$scratch/check.out" || { fail "no CUDA finding"; cat "$scratch/check.out"; }

[ "$failures" -eq 0 ] || { echo "$failures image check(s) failed"; exit 1; }
echo "the image runs torchlint check /src"
