// Where confirmation runs user code: a temporary copy of the project (the user's tree is never
// written), a child process with a timeout, resource limits, a scrubbed environment and, where
// the OS allows, no network.
#pragma once
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "gpu_harness/isolation.h"

namespace torchlint::harness {

// A fresh directory under $TMPDIR (or /tmp), removed with everything in it on destruction.
class TempDir {
 public:
  explicit TempDir(const std::string& prefix = "torchlint-confirm-");
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

struct CopyLimits {
  uintmax_t max_file_bytes = uintmax_t{256} << 20;  // larger files are left out
  uintmax_t max_total_bytes = uintmax_t{1} << 30;   // files that would go beyond it are left out
};

struct CopyReport {
  size_t copied = 0;
  uintmax_t bytes = 0;
  std::vector<std::string> left_out;  // over the limits: paths relative to `from`
};

// Copies `from` into `to` (a reflink where the file system can, else a copy). Version-control,
// cache, build and virtual-environment folders are skipped (the interpreter runs from where it
// is installed); files over the limits are left out. Nothing in the copy leads back into
// `from`: a symbolic link to a file of the project points to its copy (links to places outside
// the project are kept as they are). Throws std::runtime_error when `from` cannot be read.
CopyReport copy_project(const std::filesystem::path& from, const std::filesystem::path& to,
                        const CopyLimits& limits = {});

struct ProcessSpec {
  std::vector<std::string> argv;          // argv[0] is looked up on PATH when it has no '/'
  std::map<std::string, std::string> env; // the whole environment of the child
  std::filesystem::path cwd;
  double timeout_seconds = 120;
  uint64_t memory_limit_bytes = 0;        // RLIMIT_DATA; 0: none
  uint64_t process_limit = 0;             // RLIMIT_NPROC (processes of the user; root is exempt); 0: none
  // Where the mounts allow: every folder but these is read-only for the child ({}: no change).
  std::vector<std::filesystem::path> writable;
  uint64_t file_size_limit_bytes = uint64_t{1} << 30;
  bool isolate_network = true;            // a new network namespace when the kernel lets us
  size_t output_tail_bytes = 8192;        // how much of stdout+stderr is kept
};

struct ProcessResult {
  int exit_status = -1;   // when it exited
  int signal = 0;         // when a signal ended it
  bool timed_out = false; // killed (with its process group) at the timeout
  bool started = false;   // false: could not be started (see output_tail)
  Isolation isolation;     // what the child was contained by
  double wall_seconds = 0;
  std::string output_tail;
};

ProcessResult run_process(const ProcessSpec& spec);

// A whole file ("" when it cannot be read).
std::string read_file(const std::filesystem::path& path);
// Writes a file in a copy, creating its folder; a symbolic link there is replaced, never written
// through (it may point into the user's tree). Throws std::runtime_error on failure.
void write_file(const std::filesystem::path& path, std::string_view text);

// The variables a child keeps from this process's environment: what finding the interpreter
// and the GPU needs, nothing with credentials. HOME and TMPDIR point into `home`.
std::map<std::string, std::string> scrubbed_environment(const std::filesystem::path& home);

}  // namespace torchlint::harness
