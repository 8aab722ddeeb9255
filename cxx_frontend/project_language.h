// Which language a project's headers are written in, when no compilation database says: a `.h`
// is C in a project whose sources are all C, C++ otherwise (as nvcc, g++ and clang++ read it
// from a C++ source).
#pragma once
#include <map>
#include <string>

namespace torchlint::cxx {

class ProjectLanguage {
 public:
  // Whether `header`'s project (the folder above it holding .git, setup.py or pyproject.toml,
  // else its own folder) has C sources and no C++ or CUDA ones.
  bool is_c_project(const std::string& header);

 private:
  std::map<std::string, bool> c_only_;  // project root -> answer
};

}  // namespace torchlint::cxx
