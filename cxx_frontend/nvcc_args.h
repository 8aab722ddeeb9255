// nvcc's command line (as torch.utils.cpp_extension and CMake write it into
// compile_commands.json) turned into the host-side Clang one a parse needs.
#pragma once
#include <string>
#include <vector>

namespace torchlint::cxx {

// nvcc's command line as clang's: host-side flags kept (-I, -D, -U, -std, -isystem, -include,
// -x, -Xcompiler values), everything else dropped -- device code generation, outputs and
// dependency files, nvcc's own switches -- and listed by option name in `dropped`. A word that
// is not a source file is never taken for an input (`--dependency-output op.o.d`).
std::vector<std::string> nvcc_to_clang(const std::vector<std::string>& argv, std::vector<std::string>* dropped = nullptr);

}  // namespace torchlint::cxx
