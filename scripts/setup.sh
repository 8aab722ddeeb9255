#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks (apt packages; tree-sitter sources from
# npm, pinned by package-lock.json), then configures and builds into build/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

missing=()
# Tools: any installation on PATH will do (node and npm often come from elsewhere).
for pair in cmake:cmake ninja:ninja-build g++:g++ python3:python3 node:nodejs npm:npm; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
done
# Libraries: Debian's development packages.
# libclang-16-dev: the C/C++/CUDA front end (torchlint-cxx) on Clang 16, Debian 12's newest.
# libssl-dev: libcrypto, whose HMAC-SHA-256 seals the results cache.
# curl: `torchlint review --post` sends the review through it (tests/review runs it).
# python3-build, -wheel, -setuptools, -venv, patchelf: the wheel (scripts/build_wheel.sh) and its tests.
for p in libclang-16-dev libclang-cpp16-dev llvm-16-dev clang-16 libyaml-cpp-dev doctest-dev libcli11-dev libfmt-dev nlohmann-json3-dev libtomlplusplus-dev libssl-dev git pre-commit neovim python3-jsonschema python3-yaml curl python3-build python3-wheel python3-setuptools python3-venv patchelf; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# The confirmation harness's tests run real PyTorch (CPU): the test command asks for it; the demo
# stays light.
if [ "${TORCHLINT_SETUP_TORCH:-0}" = 1 ]; then
  dpkg-query -W -f='${Status}' python3-torch 2>/dev/null | grep -q "install ok installed" || missing+=(python3-torch)
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# tree-sitter and tree-sitter-python as C sources; the lockfile pins exact versions.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
fi

# --deps-only: stop here (scripts/build_wheel.sh configures its own build).
[ "${1:-}" = --deps-only ] && exit 0

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DTORCHLINT_BUILD_TESTS=ON ${TORCHLINT_CMAKE_ARGS:-} >/dev/null
cmake --build build
