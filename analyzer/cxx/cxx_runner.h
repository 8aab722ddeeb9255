// Runs the C/C++/CUDA front end (the torchlint-cxx program, on Clang) over the run's C/C++/CUDA
// files: requests in parallel chunks, answers turned into diagnostics with the rules' messages
// and fixes, TL901's facts joined across each project's files, comment suppressions applied.
// torchlint-cxx is started only when there are such files: Python runs never load Clang.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/source_file.h"
#include "python/engine.h"
#include "rulepack/rule_spec.h"

namespace torchlint::cxx {

struct CxxOptions {
  std::string compile_db;     // -p DIR; "" = compile_commands.json found upward from each file
  bool fast_headers = false;  // the shim before real torch/CUDA headers
  unsigned jobs = 1;
  // The files' contents when they are not read from disk (staged changes, stdin).
  const std::map<std::string, std::string>* texts = nullptr;
  std::string cache_dir;  // "" = no cache
};

struct CxxResult {
  std::vector<Diagnostic> findings;
  std::vector<std::unique_ptr<SourceFile>> sources;  // files with findings
  std::vector<std::string> notes;
  // One line for the run: files parsed cleanly, with the header shim, with real headers, failed.
  std::string parse_summary;
  std::vector<std::string> rule_errors;  // "file:line:col: ..." of a pack's matcher that does not compile
  std::string setup_error;               // the files cannot be checked at all (torchlint-cxx missing)
  size_t files = 0, lines = 0;
};

// The torchlint-cxx next to the running torchlint (or $TORCHLINT_CXX); "" when absent.
std::string find_frontend();

CxxResult run_cxx_analysis(const std::vector<std::string>& files, const std::vector<const py::RuleSet*>& rule_sets,
                           const CxxOptions& options);

// `{NAME}` in a message replaced by the finding's argument of that name.
std::string fill_template(const std::string& text, const std::map<std::string, std::string>& args);

}  // namespace torchlint::cxx
