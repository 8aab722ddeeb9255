#!/usr/bin/env bash
# Every CUDA name the shim declares (runtime, cuBLAS, cuSPARSE, cuRAND, cuFFT, half types,
# atomics, warp intrinsics, vector types and their make_ functions) is one the CUDA toolkit's
# own headers declare: the shim stands in for them, it must not invent API. Needs a toolkit
# ($CUDA_HOME, else /usr/local/cuda) and a Clang to expand the shim's macros.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
shim="$here/../../cxx_frontend/shim"
cuda="${CUDA_HOME:-/usr/local/cuda}"
clang=$(command -v clang++-16 || command -v clang++ || true)
if [ ! -f "$cuda/include/cuda_runtime.h" ] || [ -z "$clang" ]; then
  echo "skipped: no CUDA toolkit at $cuda or no clang++"; exit 77
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for h in cuda_runtime.h cuda_fp16.h cuda_bf16.h cooperative_groups.h cublas_v2.h cublasLt.h cusparse.h curand_kernel.h cufft.h; do
  echo "#include <$h>"
done >"$scratch/all.cu"
"$clang" -x cuda --cuda-host-only -nocudainc -nocudalib --no-cuda-version-check -std=c++17 -isystem "$shim/cuda_toolkit" \
  -isystem "$shim" -E "$scratch/all.cu" 2>"$scratch/err" | grep -v '^#' >"$scratch/shim.i" || { cat "$scratch/err"; exit 1; }
names='\b(cuda|cublas|cusparse|curand|cufft|__shfl|__ballot|__syncwarp|__ldg|atomic|make_(u?(char|short|int|long|longlong)|float|double)[1-4]|__half|__float2|__floats2|__float_as|__nv_bfloat|__hadd|__hmul|__hfma|__any_sync|__all_sync|__activemask|__popc|__clz|__ffs|__double2|__double_as)[A-Za-z0-9_]*\b'
grep -oE "$names" "$scratch/shim.i" | sort -u >"$scratch/shim.names"
find "$cuda/include" -maxdepth 3 \( -name '*.h' -o -name '*.hpp' \) -not -path '*/cccl/*' -print0 |
  xargs -0 cat | grep -oE '\b[A-Za-z_][A-Za-z0-9_]*\b' | sort -u >"$scratch/real.names"
invented=$(comm -23 "$scratch/shim.names" "$scratch/real.names")
if [ -n "$invented" ]; then
  echo "FAIL: the shim declares CUDA names the toolkit at $cuda does not:"; echo "$invented" | sed 's/^/    /'; exit 1
fi
echo "$(wc -l <"$scratch/shim.names") CUDA names of the shim are all in the toolkit at $cuda"
