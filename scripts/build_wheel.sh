#!/usr/bin/env bash
# Builds the torchlint wheel with Debian's Python build tools, offline:
#   dist/torchlint-<VERSION>-py3-none-manylinux_<glibc>_<arch>.whl
# It holds bin/torchlint and bin/torchlint-cxx, every shared library they need beyond glibc and
# the C++ runtime (copied into lib/ with $ORIGIN-relative run paths set by patchelf, as
# auditwheel does) and Clang's resource headers, so it runs where no LLVM is installed.
#
#   scripts/build_wheel.sh                      installs what is missing, builds into build-wheel/
#   scripts/build_wheel.sh --build-dir build    takes the programs from an existing build
#   --out DIR                                   where the wheel goes (default: dist/)
# $PYTHON names the interpreter whose `build` module builds it (default: Debian's /usr/bin/python3).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build_dir="" out="$root/dist"
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build_dir=$(realpath "$2"); shift 2 ;;
    --out) mkdir -p "$2" && out=$(realpath "$2"); shift 2 ;;
    *) echo "usage: $0 [--build-dir DIR] [--out DIR]" >&2; exit 2 ;;
  esac
done
die() { echo "error: $*" >&2; exit 2; }
python=${PYTHON:-/usr/bin/python3}
[ -x "$python" ] || python=python3

if [ -z "$build_dir" ]; then
  "$root/scripts/setup.sh" --deps-only
  build_dir="$root/build-wheel"
  cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTORCHLINT_BUILD_TESTS=OFF >/dev/null
  cmake --build "$build_dir" --target torchlint torchlint-cxx
fi
[ -x "$build_dir/torchlint-cxx" ] || die "no torchlint-cxx in $build_dir: the wheel needs the C/C++ front end (libclang-16-dev)"
for tool in patchelf ldd strip; do command -v "$tool" >/dev/null || die "$tool is missing (apt-get install patchelf binutils)"; done
"$python" -c 'import build, setuptools, wheel' 2>/dev/null || die "$python lacks build/setuptools/wheel (apt-get install python3-build python3-setuptools python3-wheel)"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cmake --install "$build_dir" --prefix "$stage/install" --component programs >"$stage/install.log" 2>&1 ||
  { cat "$stage/install.log" >&2; die "cmake --install $build_dir failed"; }
pkg="$stage/pkg"
cp -r "$root/packaging/python" "$pkg"
cp "$root/VERSION" "$root/README.md" "$pkg/"
mkdir -p "$pkg/torchlint/bin" "$pkg/torchlint/lib"
for program in torchlint torchlint-cxx; do
  install -m 0755 "$stage/install/bin/$program" "$pkg/torchlint/bin/"
  strip --strip-unneeded "$pkg/torchlint/bin/$program"
done

# What every Linux of the tag provides (glibc's libraries, the C++ runtime); the rest is bundled.
is_platform_library() {
  case "$1" in
    linux-vdso.so.*|ld-linux*.so.*|libc.so.*|libm.so.*|libdl.so.*|librt.so.*|libpthread.so.*|libutil.so.*|\
    libresolv.so.*|libnsl.so.*|libstdc++.so.*|libgcc_s.so.*) return 0 ;;
  esac
  return 1
}

# ldd lists the whole closure: copy each library once, then point every run path at lib/.
for program in "$pkg"/torchlint/bin/*; do
  ldd "$program" | grep -q "not found" && die "$(basename "$program"): a library is missing: $(ldd "$program" | grep 'not found')"
  ldd "$program" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }' | while read -r name path; do
    is_platform_library "$name" || [ -e "$pkg/torchlint/lib/$name" ] || cp -L "$path" "$pkg/torchlint/lib/$name"
  done
  patchelf --set-rpath '$ORIGIN/../lib' "$program"
done
for library in "$pkg"/torchlint/lib/*.so*; do
  chmod u+w "$library"
  patchelf --set-rpath '$ORIGIN' "$library"
done

# Clang's resource headers, from the Clang that torchlint-cxx links (lib/clang/<major>/include).
clang_lib=$(ldd "$build_dir/torchlint-cxx" | awk '$1 ~ /^libclang-cpp/ { print $3 }')
[ -n "$clang_lib" ] || die "torchlint-cxx does not link libclang-cpp; cannot find Clang's resource headers"
resource=$(ls -d "$(dirname "$(realpath "$clang_lib")")"/clang/*/ | head -1)
mkdir -p "$pkg/torchlint/lib/clang/$(basename "$resource")"
cp -r "$resource/include" "$pkg/torchlint/lib/clang/$(basename "$resource")/"

# The tag claims this machine's glibc (and, with it, its C++ runtime), the newest the programs may need.
glibc=$(getconf GNU_LIBC_VERSION | awk '{ print $2 }')
export TORCHLINT_WHEEL_PLATFORM="manylinux_${glibc%%.*}_${glibc#*.}_$(uname -m)"
"$python" -m build --no-isolation --wheel --outdir "$out" "$pkg" >"$stage/build.log" 2>&1 || { cat "$stage/build.log" >&2; die "the wheel build failed"; }
wheel="$out/torchlint-$(cat "$root/VERSION")-py3-none-$TORCHLINT_WHEEL_PLATFORM.whl"
[ -f "$wheel" ] || die "the build wrote no $wheel"
echo "$wheel"
