// torchlint shim (CUDA toolkit stand-in): cuComplex.
#pragma once
#include <vector_types.h>
typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;
__TL_HDI__ float cuCrealf(cuFloatComplex x) { return x.x; }
__TL_HDI__ float cuCimagf(cuFloatComplex x) { return x.y; }
__TL_HDI__ double cuCreal(cuDoubleComplex x) { return x.x; }
__TL_HDI__ double cuCimag(cuDoubleComplex x) { return x.y; }
__TL_HDI__ cuFloatComplex make_cuFloatComplex(float r, float i) { cuFloatComplex v = {r, i}; return v; }
__TL_HDI__ cuDoubleComplex make_cuDoubleComplex(double r, double i) { cuDoubleComplex v = {r, i}; return v; }
__TL_HDI__ cuComplex make_cuComplex(float r, float i) { cuComplex v = {r, i}; return v; }
__TL_HD__ cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y);
__TL_HD__ cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y);
__TL_HD__ cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y);
__TL_HD__ cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y);
__TL_HD__ cuFloatComplex cuConjf(cuFloatComplex x);
__TL_HD__ float cuCabsf(cuFloatComplex x);
__TL_HD__ cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y);
__TL_HD__ cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y);
__TL_HD__ cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y);
__TL_HD__ cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y);
__TL_HD__ cuDoubleComplex cuConj(cuDoubleComplex x);
__TL_HD__ double cuCabs(cuDoubleComplex x);
