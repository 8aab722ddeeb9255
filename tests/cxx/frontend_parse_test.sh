#!/usr/bin/env bash
# The C/C++/CUDA front end parses what nvcc compiles:
#  1. launches with spaces inside the chevrons (`k << <g, b >> > (x)`) are launches, found by
#     the launch rules at their own line and column;
#  2. a compile_commands.json line from torch.utils.cpp_extension's nvcc (--dependency-output,
#     -gencode, --expt-relaxed-constexpr...) drops nvcc's options with one note and never reads
#     their values as files; with -p the run never asks for a database;
#  3. a pure C project's headers are parsed as C, a C++ project's as C++;
#  4. the run ends with a line saying how many files parsed cleanly and on which headers;
#  5. shim_coverage.cu (vector and half types, intrinsics, atomics, cooperative groups, cuBLAS,
#     std::tuple/optional/string/make_shared, torch ops, lambdas in registrations) parses with no
#     error on the shim.
source "$(dirname "$0")/common.sh"
if ! [ -x "$(dirname "$bin")/torchlint-cxx" ] && [ -z "${TORCHLINT_CXX:-}" ]; then
  [ -n "${CI:-}" ] && { echo "FAIL: torchlint-cxx was not built"; exit 1; }
  echo "skipped: no torchlint-cxx"; exit 0
fi
has() { grep -qE -- "$2" "$scratch/$1.out" || { fail "$1: no match for /$2/"; sed 's/^/    /' "$scratch/$1.out"; }; }
lacks() { ! grep -qE -- "$2" "$scratch/$1.out" || { fail "$1: unexpected /$2/"; sed 's/^/    /' "$scratch/$1.out"; }; }
run() { local name=$1; shift; (cd "$scratch" && "$@") >"$scratch/$name.out" 2>&1; }

# 1. Spaced launches.
mkdir -p "$scratch/ext" && cp "$here/frontend/spaced_launch.cu" "$scratch/ext/"
run spaced "$bin" check --no-cache --exit-zero --select TL810,TL811 ext/spaced_launch.cu
has spaced "spaced_launch.cu:15:3: TL811"
has spaced "spaced_launch.cu:20:3: TL810"
lacks spaced "spaced_launch.cu:20:3: TL811"
lacks spaced "spaced_launch.cu:2[6-9]:[0-9]+: TL81"
has spaced "1 file parsed: 1 cleanly"
lacks spaced "did not compile cleanly"

# 2. torch.utils.cpp_extension's nvcc line in a compilation database.
mkdir -p "$scratch/db/csrc" "$scratch/db/build"
printf '#include <torch/extension.h>\n__global__ void k(float* x) {}\nat::Tensor f(at::Tensor x) {\n#ifdef FROM_DATABASE\n  k<<<1, 1>>>(x.data_ptr<float>());\n#endif\n  return x;\n}\n' >"$scratch/db/csrc/op.cu"
nvcc_line="/usr/local/cuda/bin/nvcc --generate-dependencies-with-compile --dependency-output $scratch/db/build/op.o.d -DFROM_DATABASE -DTORCH_EXTENSION_NAME=op -I$scratch/db/csrc -c -c $scratch/db/csrc/op.cu -o $scratch/db/build/op.o -D__CUDA_NO_HALF_OPERATORS__ --expt-relaxed-constexpr --compiler-options '-fPIC' -O3 --use_fast_math -ccbin /usr/bin/gcc-12 -Xcompiler -fno-gnu-unique -Xfatbin -compress-all -gencode=arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 --threads 4 -std=c++17"
printf '[{"directory": "%s/db/build", "file": "%s/db/csrc/op.cu", "command": "%s"}]\n' "$scratch" "$scratch" "$nvcc_line" >"$scratch/db/build/compile_commands.json"
run nvcc_db "$bin" check --no-cache --exit-zero --select TL810,TL811 db/csrc/op.cu
has nvcc_db "op.cu:5:3: TL810"
has nvcc_db "1 file parsed: 1 cleanly"
lacks nvcc_db "no such file|op\.o\.d|did not compile cleanly"
has nvcc_db "options a parse does not use were dropped for 1 file: .*--dependency-output"
has nvcc_db "dropped .*--expt-relaxed-constexpr"
[ "$(grep -c "were dropped" "$scratch/nvcc_db.out")" = 1 ] || fail "nvcc_db: want one note on dropped options"
# -p: a file that does not compile (here one the database does not list) is not told to give
# torchlint the database it was given.
printf '#include <torch/extension.h>\nat::Tensor g(at::Tensor x) { return x.no_such_method(); }\n' >"$scratch/db/csrc/bad.cu"
run with_p "$bin" check --no-cache --exit-zero -p db/build db/csrc/bad.cu
has with_p "1 C/C\+\+/CUDA file did not compile cleanly"
lacks with_p "give torchlint the project's compile_commands.json"
mkdir -p "$scratch/nodb" && cp "$scratch/db/csrc/bad.cu" "$scratch/nodb/"
run without_p "$bin" check --no-cache --exit-zero nodb/bad.cu
has without_p "give torchlint the project's compile_commands.json with -p DIR"

# 3. A C project's header is C (C++ rejects `new` as a name and void* to int* without a cast).
mkdir -p "$scratch/cproj/.git" "$scratch/cppproj/.git"
printf '#include <stdlib.h>\nstatic inline int* make(int new) { int* p = malloc(sizeof(int)); *p = new; return p; }\nstruct node { int class; };\n' >"$scratch/cproj/list.h"
printf '#include "list.h"\nint main(void) { free(make(1)); return 0; }\n' >"$scratch/cproj/main.c"
run c_header "$bin" check --no-cache --exit-zero cproj
has c_header "2 files parsed: 2 cleanly"
lacks c_header "did not compile cleanly"
cp "$scratch/cproj/list.h" "$scratch/cppproj/list.h"
printf '#include <vector>\nint main() { std::vector<int> v; return 0; }\n' >"$scratch/cppproj/main.cpp"
run cpp_header "$bin" check --no-cache --exit-zero cppproj/list.h
has cpp_header "1 file parsed: 0 cleanly"

# 4. The summary says which headers stood in.
has spaced "1 with torchlint's header shim, 0 with real torch headers, 0 with errors"
has c_header "0 with torchlint's header shim, 0 with real torch headers, 0 with errors"
has without_p "1 file parsed: 0 cleanly, 1 with torchlint's header shim, 0 with real torch headers, 1 with errors"

# 5. The shim covers an extension's vocabulary.
cp "$here/frontend/shim_coverage.cu" "$scratch/ext/"
run shim "$bin" check --no-cache --exit-zero ext/shim_coverage.cu
has shim "1 file parsed: 1 cleanly, 1 with torchlint's header shim"
lacks shim "did not compile cleanly"

[ "$failures" = 0 ] && echo "the front end parses what nvcc compiles" || exit 1
