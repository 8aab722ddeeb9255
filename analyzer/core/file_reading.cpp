#include "core/file_reading.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace torchlint {

std::string file_type_name(unsigned mode) {
  switch (mode & S_IFMT) {
    case S_IFREG: return "a regular file";
    case S_IFDIR: return "a folder";
    case S_IFIFO: return "a FIFO";
    case S_IFSOCK: return "a socket";
    case S_IFCHR:
    case S_IFBLK: return "a device";
    case S_IFLNK: return "a symbolic link";
    default: return "a special file";
  }
}

std::string describe_size(uint64_t bytes) {
  if (bytes < 1024) return fmt::format("{} bytes", bytes);
  if (bytes < (uint64_t{1} << 20)) return fmt::format("{:.1f} KiB", bytes / 1024.0);
  if (bytes % (uint64_t{1} << 20) == 0) return fmt::format("{} MiB", bytes >> 20);
  return fmt::format("{:.1f} MiB", bytes / 1048576.0);
}

namespace {

FileRead failed(FileRead::Status status, std::string problem) {
  FileRead r;
  r.status = status;
  r.problem = std::move(problem);
  return r;
}

FileRead cannot_read(int error) {
  return failed(FileRead::kUnreadable, std::string("cannot read the file (") + std::strerror(error) + ")");
}

FileRead not_regular(unsigned mode) { return failed(FileRead::kNotRegular, file_type_name(mode) + ", not a regular file"); }

// Opens `path` for reading when it is a regular file; returns the descriptor, or -1 with `out` set.
int open_regular(const std::string& path, FileRead& out) {
  struct stat st{};
  if (::stat(path.c_str(), &st) != 0) {
    out = errno == ENOENT || errno == ENOTDIR ? failed(FileRead::kMissing, "no such file or directory")
                                              : cannot_read(errno);
    return -1;
  }
  if (!S_ISREG(st.st_mode)) {
    out = not_regular(st.st_mode);
    return -1;
  }
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    out = cannot_read(errno);
    return -1;
  }
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {  // swapped after the check
    out = not_regular(st.st_mode);
    ::close(fd);
    return -1;
  }
  return fd;
}

}  // namespace

FileRead probe_regular_file(const std::string& path) {
  FileRead r;
  int fd = open_regular(path, r);
  if (fd < 0) return r;
  ::close(fd);
  r.status = FileRead::kRead;
  return r;
}

namespace {

// Reads from `fd` into `text` until the end or until more than `limit` bytes were read;
// `text` starts at the size the file announced. Returns errno, or 0. What comes past the
// announced size (a file that grew, or one whose size stat does not know) is appended from
// a buffer, so a text keeps the capacity of its size: every file of a project stays in memory.
int read_up_to(int fd, uint64_t limit, std::string& text) {
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::read(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno;
    if (n == 0) break;  // it shrank meanwhile
    done += static_cast<size_t>(n);
  }
  text.resize(done);
  char chunk[65536];
  while (text.size() <= limit) {
    ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return errno;
    if (n == 0) break;
    text.append(chunk, std::min<uint64_t>(static_cast<uint64_t>(n), limit + 1 - text.size()));
  }
  return 0;
}

}  // namespace

FileRead read_regular_file(const std::string& path, uint64_t max_bytes) {
  FileRead r;
  int fd = open_regular(path, r);
  if (fd < 0) return r;
  struct stat st{};
  uint64_t size = ::fstat(fd, &st) == 0 ? static_cast<uint64_t>(st.st_size) : 0;
  if (size > max_bytes) {
    ::close(fd);
    return failed(FileRead::kTooLarge, fmt::format("{}, over the {} limit", describe_size(size), describe_size(max_bytes)));
  }
  r.text.resize(static_cast<size_t>(size));  // one read of the announced size, usually
  int error = read_up_to(fd, max_bytes, r.text);
  ::close(fd);
  if (error) return cannot_read(error);
  if (r.text.size() > max_bytes)  // it grew meanwhile
    return failed(FileRead::kTooLarge, fmt::format("over the {} limit", describe_size(max_bytes)));
  r.status = FileRead::kRead;
  return r;
}

FileRead read_regular_file_head(const std::string& path, size_t bytes) {
  FileRead r;
  int fd = open_regular(path, r);
  if (fd < 0) return r;
  int error = read_up_to(fd, bytes, r.text);
  ::close(fd);
  if (error) return cannot_read(error);
  r.text.resize(std::min(r.text.size(), bytes));
  r.status = FileRead::kRead;
  return r;
}

}  // namespace torchlint
