#!/usr/bin/env bash
# The wheel, as a user gets it: scripts/build_wheel.sh (taking the programs of this build),
# `pip install` into a new virtual environment with no package index, then from there:
#  - `torchlint --version` and `python -m torchlint --version` print VERSION;
#  - `torchlint check examples/` reports the Python and the C/C++/CUDA findings;
#  - ldd and readelf: the programs need nothing beyond the platform tag's libraries (glibc and
#    the C++ runtime, no newer glibc than the tag claims) and find the rest in the package;
#  - with the system's copies of the bundled libraries and Clang's resource headers hidden
#    (a private mount namespace, as root), the same findings.
# usage: wheel_test.sh BUILD/torchlint [WHEEL_FOLDER]
. "$(dirname "$0")/common.sh" "$@"
for tool in patchelf ldd readelf; do command -v "$tool" >/dev/null || { echo "SKIP: $tool missing"; skip_or_fail; }; done
"$python" -c 'import build, wheel, setuptools, venv' 2>/dev/null || { echo "SKIP: $python lacks build/wheel/venv"; skip_or_fail; }
version=$(cat "$root/VERSION")

wheel=$(test_wheel) || exit 1
built=$(date +%s.%N)
case "$(basename "$wheel")" in
  "torchlint-$version-py3-none-manylinux_"[0-9]*_[0-9]*_"$(uname -m).whl") ;;
  *) fail "unexpected wheel name $(basename "$wheel")" ;;
esac
"$python" -m venv "$scratch/venv" || { echo "FAIL: no virtual environment"; exit 1; }
PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 "$scratch/venv/bin/pip" install -q "$wheel" || { echo "FAIL: pip install"; exit 1; }
installed=$(date +%s.%N)
pkg=$("$scratch/venv/bin/python" -c 'import os, torchlint; print(os.path.dirname(torchlint.__file__))')
echo "wheel $(du -m "$wheel" | cut -f1) MB, installed in $(echo "$installed - $built" | bc) s"

# Nothing of the build tree or the system's torchlint: only the virtual environment's.
run_path="$scratch/venv/bin:/usr/bin:/bin"
[ "$(PATH=$run_path torchlint --version)" = "torchlint $version" ] || fail "torchlint --version is not $version"
[ "$(PATH=$run_path python -m torchlint --version)" = "torchlint $version" ] || fail "python -m torchlint --version is not $version"

# Both front ends' findings on the bundled examples.
expect_findings() {
  local label=$1 out=$2
  grep -q "^examples/train.py:36:33: TL101" "$out" || { fail "$label: no Python finding (TL101)"; cat "$out"; }
  grep -q "^examples/csrc/scale.cu:15:3: TL810" "$out" || { fail "$label: no CUDA finding (TL810)"; cat "$out"; }
}
cd "$root"
PATH=$run_path torchlint check examples/ --no-cache >"$scratch/check.out" 2>&1
[ $? -eq 1 ] || fail "check examples/ did not exit 1"
expect_findings "installed wheel" "$scratch/check.out"

# The platform tag's libraries, and nothing newer than the tag's glibc.
platform_library='^(linux-vdso|ld-linux[^ ]*|libc|libm|libdl|librt|libpthread|libutil|libresolv|libnsl|libstdc\+\+|libgcc_s)\.so'
for program in "$pkg/bin/torchlint" "$pkg/bin/torchlint-cxx"; do
  name=$(basename "$program")
  [ "$(readelf -d "$program" | sed -n 's/.*R.*PATH.*\[\(.*\)\]/\1/p')" = '$ORIGIN/../lib' ] || fail "$name: run path is not \$ORIGIN/../lib"
  ldd "$program" | awk '{ print $1, $3 }' | while read -r lib where; do
    [[ "$(basename "$lib")" =~ $platform_library ]] && continue
    [[ "$where" == "$pkg/bin/../lib/"* ]] || echo "$name needs $lib from $where"
  done >"$scratch/outside"
  [ -s "$scratch/outside" ] && { fail "libraries from outside the wheel:"; cat "$scratch/outside"; }
done
tag_glibc=$(basename "$wheel" | sed -E 's/.*manylinux_([0-9]+)_([0-9]+)_.*/\1.\2/')
newest=$(for f in "$pkg"/bin/* "$pkg"/lib/*.so*; do readelf -V "$f"; done | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -V | tail -1)
echo "newest glibc symbol version needed: $newest (tag: $tag_glibc)"
[ "$(printf '%s\n%s\n' "$newest" "$tag_glibc" | sort -V | tail -1)" = "$tag_glibc" ] || fail "needs glibc $newest, newer than the tag's $tag_glibc"

# Hide the system's copies of everything bundled, and Clang's resource headers (Python needs
# some of them: the program is run directly).
if [ "$(id -u)" -eq 0 ] && unshare --mount true 2>/dev/null; then
  hidden="$scratch/empty" && mkdir -p "$hidden"
  {
    for lib in "$pkg"/lib/*.so*; do
      for dir in /lib/x86_64-linux-gnu /usr/lib/x86_64-linux-gnu /usr/lib/llvm-*/lib; do
        [ -e "$dir/$(basename "$lib")" ] && echo "mount --bind /dev/null $(realpath "$dir/$(basename "$lib")")"
      done
    done
    for dir in /usr/lib/llvm-*/lib/clang/*; do [ -d "$dir" ] && echo "mount --bind $hidden $dir"; done
    echo "$pkg/bin/torchlint check examples/ --no-cache"
  } >"$scratch/hide.sh"
  unshare --mount sh -e "$scratch/hide.sh" >"$scratch/hidden.out" 2>&1
  expect_findings "system libraries hidden" "$scratch/hidden.out"
else
  echo "NOTE: not root or no mount namespaces: the run with the system's libraries hidden was not done"
fi
TIMEFORMAT=%R
echo "check examples/ from the wheel: $( { time PATH=$run_path torchlint check examples/ --no-cache >/dev/null; } 2>&1) s" \
     "(build tree: $( { time "$build_dir/torchlint" check examples/ --no-cache >/dev/null; } 2>&1) s)"

[ "$failures" -eq 0 ] || { echo "$failures wheel check(s) failed"; exit 1; }
echo "the wheel works"
