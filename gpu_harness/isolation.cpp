#include "gpu_harness/isolation.h"

#include <fcntl.h>
#include <net/if.h>
#include <sched.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace torchlint::harness {
namespace fs = std::filesystem;

char Isolation::encode() const {
  return static_cast<char>(0x10 | (network ? 1 : 0) | (loopback ? 2 : 0) | (processes ? 4 : 0) | (filesystem ? 8 : 0));
}

Isolation Isolation::decode(char c) {
  Isolation i;
  i.network = c & 1;
  i.loopback = c & 2;
  i.processes = c & 4;
  i.filesystem = c & 8;
  return i;
}

std::string Isolation::describe() const {
  std::string out = network ? (loopback ? "network cut (loopback only)" : "network cut (no loopback)") : "network not isolated";
  out += processes ? ", processes end with the run" : ", processes killed by group only";
  out += filesystem ? ", writes only in its temporary folder" : ", file system not isolated";
  return out;
}

namespace {

bool bring_loopback_up() {
  int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (s < 0) return false;
  ifreq req{};
  std::strncpy(req.ifr_name, "lo", IFNAMSIZ - 1);
  bool up = ioctl(s, SIOCGIFFLAGS, &req) == 0;
  req.ifr_flags |= IFF_UP | IFF_RUNNING;
  up = up && ioctl(s, SIOCSIFFLAGS, &req) == 0;
  close(s);
  return up;
}

// Mount points, from /proc/self/mountinfo (field 5; octal escapes such as \040 decoded).
std::vector<std::string> mount_points() {
  std::vector<std::string> out;
  std::ifstream in("/proc/self/mountinfo");
  for (std::string line; std::getline(in, line);) {
    std::istringstream fields(line);
    std::string id, parent, dev, root, point;
    fields >> id >> parent >> dev >> root >> point;
    std::string decoded;
    for (size_t i = 0; i < point.size(); ++i) {
      if (point[i] == '\\' && i + 3 < point.size()) {
        decoded += static_cast<char>(std::stoi(point.substr(i + 1, 3), nullptr, 8));
        i += 3;
      } else {
        decoded += point[i];
      }
    }
    out.push_back(decoded);
  }
  return out;
}

bool under(const std::string& path, const std::string& dir) {
  return path == dir || (path.starts_with(dir) && (dir.ends_with("/") || path[dir.size()] == '/'));
}

// Every mount read-only except the writable folders (bound onto themselves first, so that they
// are mounts of their own) and the kernel's own (/proc, /sys, /dev: devices and shared memory).
bool read_only_except(const std::vector<fs::path>& writable) {
  if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) return false;
  std::vector<std::string> keep = {"/proc", "/sys", "/dev"};
  for (const auto& w : writable) {
    std::error_code ec;
    std::string dir = fs::canonical(w, ec).string();
    if (ec || mount(dir.c_str(), dir.c_str(), nullptr, MS_BIND | MS_REC, nullptr) != 0) return false;
    keep.push_back(dir);
  }
  bool all = true;
  for (const auto& point : mount_points()) {
    if (std::any_of(keep.begin(), keep.end(), [&](const std::string& k) { return under(point, k); })) continue;
    struct statvfs st{};
    if (statvfs(point.c_str(), &st) != 0) continue;
    unsigned long flags = MS_REMOUNT | MS_BIND | MS_RDONLY;
    if (st.f_flag & ST_NOSUID) flags |= MS_NOSUID;
    if (st.f_flag & ST_NODEV) flags |= MS_NODEV;
    if (st.f_flag & ST_NOEXEC) flags |= MS_NOEXEC;
    if (mount(nullptr, point.c_str(), nullptr, flags, nullptr) != 0 && point == "/") all = false;
  }
  return all;
}

// The relay: waits for the program (process 1 of the new namespace) and ends as it did.
[[noreturn]] void relay(pid_t program) {
  int status = 0;
  while (waitpid(program, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status)) {
    signal(WTERMSIG(status), SIG_DFL);
    kill(getpid(), WTERMSIG(status));
  }
  _exit(WIFEXITED(status) ? WEXITSTATUS(status) : 1);
}

}  // namespace

Isolation isolate_child(bool network, const std::vector<fs::path>& writable) {
  Isolation iso;
  if (network) {
    // An unprivileged user namespace lets a new network namespace be made without root;
    // containers often forbid both, and then the network stays as it is.
    iso.network = unshare(CLONE_NEWNET) == 0 || unshare(CLONE_NEWUSER | CLONE_NEWNET) == 0;
    iso.loopback = iso.network && bring_loopback_up();
  }
  bool mounts = !writable.empty() && unshare(CLONE_NEWNS) == 0;
  iso.filesystem = mounts && read_only_except(writable);
  if (unshare(CLONE_NEWPID) == 0) {
    pid_t program = fork();
    if (program > 0) relay(program);
    if (program == 0) {
      iso.processes = true;
      // A /proc of the new namespace (its process numbers), where the mounts are ours.
      if (mounts) mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, nullptr);
    }
  }
  return iso;
}

}  // namespace torchlint::harness
