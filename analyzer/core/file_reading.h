// Reading files whose names and contents come from a repository. Only regular files are
// opened: a FIFO would block the run, a device file (`/dev/zero`) never ends, a folder is not
// text. Their type is checked before opening, and again on the open descriptor (the path may
// have been swapped meanwhile), which is opened non-blocking so that even then nothing waits.
// No more than a cap is read, whatever the file's size says.
#pragma once
#include <cstdint>
#include <string>

namespace torchlint {

struct FileRead {
  enum Status { kRead, kMissing, kNotRegular, kTooLarge, kUnreadable };
  Status status = kUnreadable;
  std::string text;  // kRead: the whole file
  // Otherwise what is wrong, to follow "PATH: ": "no such file or directory", "a FIFO, not a
  // regular file", "12.0 MiB, over the 10 MiB limit", "cannot read the file (Permission denied)".
  std::string problem;
  bool ok() const { return status == kRead; }
};

// Reads `path` (symbolic links followed) when it is a regular file of at most `max_bytes`.
FileRead read_regular_file(const std::string& path, uint64_t max_bytes);

// Its first `bytes` bytes (all of a shorter file), with the same checks.
FileRead read_regular_file_head(const std::string& path, size_t bytes);

// Whether `path` could be read: the same checks and the open, without reading. The text of
// the result is empty; a size over the cap is not checked.
FileRead probe_regular_file(const std::string& path);

// "a folder", "a FIFO", "a socket", "a device", "a symbolic link", ... for a stat mode.
std::string file_type_name(unsigned mode);

// "812 bytes", "3.2 KiB", "12.0 MiB": for messages about sizes.
std::string describe_size(uint64_t bytes);

}  // namespace torchlint
