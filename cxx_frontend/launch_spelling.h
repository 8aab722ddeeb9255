// nvcc reads a kernel launch whose chevrons hold spaces (`k << <grid, block >> > (x)`, as code
// formatters write it); Clang reads only `<<<` and `>>>`. Such a launch is respelled the way
// Clang reads it before the parse, every byte at its offset and every line at its number, so
// positions in findings stay those of the file.
#pragma once
#include <string>

namespace torchlint::cxx {

// `text` with every launch whose chevrons are spaced (`<< <`, `< <<`, `< < <` and their closing
// twins) respelled `<<<`/`>>>`, the blanks moved after them. Returns whether anything changed.
bool respell_spaced_launches(std::string& text);

}  // namespace torchlint::cxx
