#include "gpu_harness/sandbox.h"

#include "gpu_harness/isolation.h"

#include <fcntl.h>
#include <linux/fs.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <stdexcept>

extern char** environ;

namespace torchlint::harness {
namespace fs = std::filesystem;

TempDir::TempDir(const std::string& prefix) {
  const char* base = std::getenv("TMPDIR");
  std::string pattern = (base && *base ? std::string(base) : std::string("/tmp")) + "/" + prefix + "XXXXXX";
  std::vector<char> buf(pattern.begin(), pattern.end());
  buf.push_back('\0');
  if (!mkdtemp(buf.data())) throw std::runtime_error("cannot create a temporary directory: " + std::string(std::strerror(errno)));
  path_ = buf.data();
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

namespace {

// Build trees (CMake's) hold no input of a Python program and can be large.
bool skipped_folder(const fs::path& dir) {
  std::error_code ec;
  if (fs::exists(dir / "CMakeCache.txt", ec)) return true;
  std::string name = dir.filename().string();
  return name == ".git" || name == ".hg" || name == ".svn" || name == "__pycache__" || name == ".torchlint_cache" ||
         name == ".mypy_cache" || name == ".pytest_cache" || name == ".ruff_cache" || name == "node_modules";
}

bool virtual_environment(const fs::path& dir) {
  std::error_code ec;
  std::string name = dir.filename().string();
  return name == ".venv" || name == "venv" || name == ".tox" || fs::exists(dir / "pyvenv.cfg", ec);
}

// A copy the program may write without touching `src`: a reflink (shares blocks until
// written, on btrfs and XFS) where possible, else the bytes.
bool copy_regular_file(const fs::path& src, const fs::path& dst) {
  int in = ::open(src.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (in < 0) return false;
  int out = ::open(dst.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
  bool cloned = out >= 0 && ::ioctl(out, FICLONE, in) == 0;
  if (out >= 0) ::close(out);
  ::close(in);
  std::error_code ec;
  if (!cloned) fs::copy_file(src, dst, fs::copy_options::overwrite_existing, ec);
  if (!ec) fs::permissions(dst, fs::status(src, ec).permissions(), ec);
  return !ec;
}

// A link of the project, recreated in the copy: one that leads to a file of the project
// leads to that file's copy instead.
void copy_link(const fs::path& src, const fs::path& dst, const fs::path& from, const fs::path& to) {
  std::error_code ec;
  fs::path target = fs::weakly_canonical(src, ec);
  fs::path inside = ec ? fs::path() : target.lexically_relative(fs::canonical(from, ec));
  if (!ec && !inside.empty() && *inside.begin() != "..") {
    fs::create_symlink((to / inside).lexically_relative(dst.parent_path()), dst, ec);
    return;
  }
  fs::copy_symlink(src, dst, ec);
}

}  // namespace

CopyReport copy_project(const fs::path& from, const fs::path& to, const CopyLimits& limits) {
  CopyReport report;
  std::error_code ec;
  fs::create_directories(to, ec);
  if (ec) throw std::runtime_error("cannot create " + to.string() + ": " + ec.message());
  fs::recursive_directory_iterator it(from, fs::directory_options::skip_permission_denied, ec), end;
  if (ec) throw std::runtime_error("cannot read " + from.string() + ": " + ec.message());
  for (; it != end; it.increment(ec)) {
    if (ec) break;
    const fs::path& src = it->path();
    fs::path dst = to / fs::relative(src, from);
    auto status = it->symlink_status(ec);
    if (ec) continue;
    if (fs::is_directory(status)) {
      if (skipped_folder(src) || virtual_environment(src)) it.disable_recursion_pending();
      else fs::create_directories(dst, ec);
      continue;
    }
    if (fs::is_symlink(status)) {
      copy_link(src, dst, from, to);
      continue;
    }
    if (!fs::is_regular_file(status)) continue;
    uintmax_t size = it->file_size(ec);
    if (ec) continue;
    // Never a link to the user's file instead: the program may write what it reads.
    if (size > limits.max_file_bytes || report.bytes + size > limits.max_total_bytes) {
      report.left_out.push_back(fs::relative(src, from).string());
      continue;
    }
    if (copy_regular_file(src, dst)) {
      ++report.copied;
      report.bytes += size;
    }
  }
  return report;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_file(const fs::path& path, std::string_view text) {
  std::error_code ec;
  if (fs::is_symlink(fs::symlink_status(path, ec))) fs::remove(path, ec);
  fs::create_directories(path.parent_path(), ec);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::map<std::string, std::string> scrubbed_environment(const fs::path& home) {
  static const char* kept[] = {"PATH", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "LD_LIBRARY_PATH", "PYTHONPATH",
                               "VIRTUAL_ENV", "CONDA_PREFIX", "CUDA_HOME", "CUDA_PATH", "CUDA_VISIBLE_DEVICES",
                               "NVIDIA_VISIBLE_DEVICES", "NVIDIA_DRIVER_CAPABILITIES", "TORCH_HOME", "HF_HOME"};
  std::map<std::string, std::string> env;
  for (const char* name : kept)
    if (const char* v = std::getenv(name)) env[name] = v;
  if (!env.count("PATH")) env["PATH"] = "/usr/local/bin:/usr/bin:/bin";
  env["HOME"] = home.string();
  env["TMPDIR"] = home.string();
  env["PYTHONDONTWRITEBYTECODE"] = "1";
  env["PYTHONUNBUFFERED"] = "1";
  env["PYTHONHASHSEED"] = "0";
  return env;
}

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// AddressSanitizer's allocator and shadow memory count against RLIMIT_DATA: an instrumented
// build (the test suite's) cannot run under the memory limit, not even up to its exec.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif
#else
constexpr bool kAddressSanitizer = false;
#endif

// In the child, before exec: its own process group (killed as one), limits, no network.
[[noreturn]] void exec_child(const ProcessSpec& spec, int out_fd, int report_fd) {
  setpgid(0, 0);
  dup2(out_fd, STDOUT_FILENO);
  dup2(out_fd, STDERR_FILENO);
  int devnull = open("/dev/null", O_RDONLY);
  if (devnull >= 0) dup2(devnull, STDIN_FILENO);
  char isolated = isolate_child(spec.isolate_network, spec.writable).encode();
  (void)!write(report_fd, &isolated, 1);
  close(report_fd);
  rlimit core{0, 0};
  setrlimit(RLIMIT_CORE, &core);
  if (spec.file_size_limit_bytes) {
    rlimit fsize{spec.file_size_limit_bytes, spec.file_size_limit_bytes};
    setrlimit(RLIMIT_FSIZE, &fsize);
  }
  if (spec.memory_limit_bytes && !kAddressSanitizer) {
    rlimit data{spec.memory_limit_bytes, spec.memory_limit_bytes};
    setrlimit(RLIMIT_DATA, &data);
  }
  if (spec.process_limit) {
    rlimit procs{spec.process_limit, spec.process_limit};
    setrlimit(RLIMIT_NPROC, &procs);
  }
  if (!spec.cwd.empty() && chdir(spec.cwd.c_str()) != 0) _exit(126);
  std::vector<std::string> env_strings;
  for (const auto& [k, v] : spec.env) env_strings.push_back(k + "=" + v);
  std::vector<char*> envp, argv;
  for (auto& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);
  std::vector<std::string> args = spec.argv;
  for (auto& s : args) argv.push_back(s.data());
  argv.push_back(nullptr);
  environ = envp.data();  // execvp looks argv[0] up on the child's PATH
  execvp(argv[0], argv.data());
  std::string msg = std::string("cannot run ") + args[0] + ": " + std::strerror(errno) + "\n";
  (void)!write(STDERR_FILENO, msg.data(), msg.size());
  _exit(127);
}

}  // namespace

ProcessResult run_process(const ProcessSpec& spec) {
  ProcessResult result;
  if (spec.argv.empty()) {
    result.output_tail = "no command";
    return result;
  }
  int out[2], report[2];
  if (pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error("pipe: " + std::string(std::strerror(errno)));
  if (pipe2(report, O_CLOEXEC) != 0) {
    close(out[0]);
    close(out[1]);
    throw std::runtime_error("pipe: " + std::string(std::strerror(errno)));
  }
  auto t0 = std::chrono::steady_clock::now();
  pid_t pid = fork();
  if (pid < 0) {
    for (int fd : {out[0], out[1], report[0], report[1]}) close(fd);
    throw std::runtime_error("fork: " + std::string(std::strerror(errno)));
  }
  if (pid == 0) {
    close(out[0]);
    close(report[0]);
    exec_child(spec, out[1], report[1]);
  }
  setpgid(pid, pid);  // also here: no race with the kill below
  close(out[1]);
  close(report[1]);
  char isolated = 0;
  if (read(report[0], &isolated, 1) == 1) result.isolation = Isolation::decode(isolated);
  close(report[0]);
  result.started = true;

  std::string tail;
  char buf[4096];
  bool open_pipe = true;
  int status = 0;
  bool reaped = false;
  while (!reaped) {
    double left = spec.timeout_seconds - seconds_since(t0);
    if (left <= 0) {
      result.timed_out = true;
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      reaped = true;
      break;
    }
    if (open_pipe) {
      pollfd p{out[0], POLLIN, 0};
      int ms = static_cast<int>(std::min(left, 0.2) * 1000) + 1;
      if (poll(&p, 1, ms) > 0) {
        ssize_t n = read(out[0], buf, sizeof buf);
        if (n > 0) {
          tail.append(buf, static_cast<size_t>(n));
          if (tail.size() > 2 * spec.output_tail_bytes) tail.erase(0, tail.size() - spec.output_tail_bytes);
        } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
          open_pipe = false;
        }
      }
    } else {
      usleep(20000);
    }
    if (waitpid(pid, &status, WNOHANG) == pid) reaped = true;
  }
  // Children the program left behind (data-loader workers) go with it.
  kill(-pid, SIGKILL);
  // Whatever is still buffered; a descendant that escaped the group must not keep us waiting.
  for (int rounds = 0; open_pipe && rounds < 10; ++rounds) {
    pollfd p{out[0], POLLIN, 0};
    if (poll(&p, 1, 100) <= 0) continue;
    ssize_t n = read(out[0], buf, sizeof buf);
    if (n <= 0) break;
    tail.append(buf, static_cast<size_t>(n));
  }
  close(out[0]);
  if (tail.size() > spec.output_tail_bytes) tail.erase(0, tail.size() - spec.output_tail_bytes);
  result.output_tail = std::move(tail);
  result.wall_seconds = seconds_since(t0);
  if (!result.timed_out) {
    if (WIFEXITED(status)) result.exit_status = WEXITSTATUS(status);
    if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  }
  if (result.exit_status == 127 && result.output_tail.starts_with("cannot run ")) result.started = false;
  return result;
}

}  // namespace torchlint::harness
