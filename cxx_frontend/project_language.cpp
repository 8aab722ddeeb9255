#include "project_language.h"

#include <llvm/Support/Path.h>

#include <filesystem>

namespace fs = std::filesystem;

namespace torchlint::cxx {

namespace {

// The folder above `dir` that holds a project's marker; `dir` when none is found within a few
// levels. Never a folder right under / (/tmp, /home): those hold more than one project.
fs::path project_root(const fs::path& dir) {
  std::error_code ec;
  fs::path d = dir;
  for (int depth = 0; depth < 8 && d.has_parent_path() && d.parent_path() != d.root_path(); ++depth) {
    for (const char* marker : {".git", "setup.py", "pyproject.toml"})
      if (fs::exists(d / marker, ec)) return d;
    d = d.parent_path();
  }
  return dir;
}

bool is_cxx_source(const std::string& e) {
  for (const char* s : {".cc", ".cpp", ".cxx", ".c++", ".cu", ".cuh", ".hpp", ".hh", ".hxx", ".ipp", ".tpp"})
    if (e == s) return true;
  return false;
}

// Whether the tree under `root` (its first 20000 entries, hidden folders skipped) has C sources
// and no C++ ones.
bool c_sources_only(const fs::path& root) {
  std::error_code ec;
  bool c = false;
  size_t seen = 0;
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
  for (; !ec && it != end && seen < 20000; it.increment(ec), ++seen) {
    std::string name = it->path().filename().string();
    if (name.starts_with(".") && it->is_directory(ec)) {
      it.disable_recursion_pending();
      continue;
    }
    std::string e = llvm::sys::path::extension(name).lower();
    if (is_cxx_source(e)) return false;
    c = c || e == ".c";
  }
  return c;
}

}  // namespace

bool ProjectLanguage::is_c_project(const std::string& header) {
  std::error_code ec;
  fs::path root = project_root(fs::absolute(header, ec).lexically_normal().parent_path());
  auto [it, fresh] = c_only_.emplace(root.string(), false);
  if (fresh) it->second = c_sources_only(root);
  return it->second;
}

}  // namespace torchlint::cxx
