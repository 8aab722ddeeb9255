// The compiler arguments for one file: its compile_commands.json entry (found upward from the
// file, or in `-p DIR`), with nvcc command lines turned into clang ones; otherwise defaults by
// extension. torchlint only parses: outputs, code generation and warnings are dropped.
#pragma once
#include <memory>
#include <string>
#include <vector>

namespace torchlint::cxx {

struct ArgsOptions {
  std::string database_dir;   // -p DIR; "" = search upward from each file
  bool fast_headers = false;  // shim headers before the project's include paths
  bool cuda_headers = false;  // a CUDA toolkit with headers exists (else the shim stands in)
  std::string cuda_path;
};

// What is known of a file besides its database entry.
struct FileFacts {
  bool c_header = false;  // a `.h` of a project written in C: parsed as C
};

class CompileArgs {
 public:
  explicit CompileArgs(ArgsOptions o);
  ~CompileArgs();
  // argv (argv[0] is the compiler) and the working folder for `file`.
  std::pair<std::vector<std::string>, std::string> for_file(const std::string& file);
  // Whether `file` had an entry in a compilation database (else defaults were used).
  bool from_database(const std::string& file);
  // The compile_commands.json that gave `file`'s flags ("" for defaults).
  std::string database_file(const std::string& file);
  // The options of `file`'s database entry the parse does without (nvcc's own), by name.
  std::vector<std::string> dropped(const std::string& file);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The parse-only clang command line for `file` from its database entry `argv` (empty: defaults
// by extension and `facts`), whose working folder is `dir`; the options it leaves out are added
// to `dropped`. Pure: exposed for tests and fuzzing.
std::vector<std::string> parse_args(std::vector<std::string> argv, const std::string& file, const std::string& dir,
                                    const ArgsOptions& o, const FileFacts& facts = {},
                                    std::vector<std::string>* dropped = nullptr);

}  // namespace torchlint::cxx
