#!/usr/bin/env bash
# Builds torchlint, its tests and the fuzz targets with clang, AddressSanitizer and
# UndefinedBehaviorSanitizer into build-sanitize/, and runs the test suite there (leak
# detection on). --build-only: build and stop. CI runs it after the test command.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
"$root/scripts/setup.sh" >/dev/null  # the packages and tree-sitter sources
command -v clang++ >/dev/null || { echo "installing clang"; DEBIAN_FRONTEND=noninteractive ${SUDO:-$([ "$(id -u)" -ne 0 ] && echo sudo)} apt-get install -y -qq clang >/dev/null; }
CC=clang CXX=clang++ cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
  -DTORCHLINT_SANITIZE=ON -DTORCHLINT_FUZZ=ON -DTORCHLINT_BUILD_TESTS=ON >/dev/null
cmake --build build-sanitize
[ "${1:-}" = --build-only ] && exit 0
# Every report is an error; leaks included. No suppressions.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# Instrumented code runs several times slower: time limits in the tests scale by this.
export TORCHLINT_TEST_TIME_SCALE=4
# The harness's docs examples run Python for a minute or more: a few (one per kind of
# verdict path) under the sanitizers, all of them in the plain build.
export TORCHLINT_CONFIRM_EXAMPLES=${TORCHLINT_CONFIRM_EXAMPLES:-TL101,TL103,TL204,TL405}
ctest --test-dir build-sanitize --output-on-failure
