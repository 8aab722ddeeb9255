// torchlint shim: empty (Clang's CUDA intrinsics header includes it).
#pragma once
