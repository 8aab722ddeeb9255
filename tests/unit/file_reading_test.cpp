// read_regular_file and friends (core/file_reading.h): only regular files, never more than a cap.
#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "core/file_reading.h"

using namespace torchlint;

namespace {
struct Scratch {
  std::string dir;
  Scratch() {
    char tmpl[] = "/tmp/torchlint-reading-XXXXXX";
    dir = mkdtemp(tmpl);
  }
  ~Scratch() { std::system(("rm -rf '" + dir + "'").c_str()); }
};
}  // namespace

TEST_CASE("read_regular_file: a regular file within the cap is read whole") {
  Scratch s;
  std::ofstream(s.dir + "/a.py") << "x = 1\n";
  FileRead r = read_regular_file(s.dir + "/a.py", 6);
  CHECK(r.ok());
  CHECK(r.text == "x = 1\n");
  FileRead over = read_regular_file(s.dir + "/a.py", 5);
  CHECK(over.status == FileRead::kTooLarge);
  CHECK(over.problem == "6 bytes, over the 5 bytes limit");
}

TEST_CASE("read_regular_file: FIFOs, devices and folders are refused unopened") {
  Scratch s;
  REQUIRE(mkfifo((s.dir + "/pipe.py").c_str(), 0600) == 0);
  FileRead fifo = read_regular_file(s.dir + "/pipe.py", 1 << 20);  // would block if opened
  CHECK(fifo.status == FileRead::kNotRegular);
  CHECK(fifo.problem == "a FIFO, not a regular file");
  CHECK(read_regular_file("/dev/zero", 1 << 20).problem == "a device, not a regular file");
  CHECK(read_regular_file(s.dir, 1 << 20).problem == "a folder, not a regular file");
  CHECK(read_regular_file(s.dir + "/missing.py", 1).status == FileRead::kMissing);
  CHECK(probe_regular_file(s.dir + "/pipe.py").status == FileRead::kNotRegular);
}

TEST_CASE("read_regular_file_head: the first bytes only") {
  Scratch s;
  std::ofstream(s.dir + "/script") << "#!/usr/bin/env python3\nprint(1)\n";
  CHECK(read_regular_file_head(s.dir + "/script", 2).text == "#!");
}

TEST_CASE("read_regular_file: the text takes the memory of its size (every file of a project is kept)") {
  Scratch s;
  std::string body(100'000, 'x');
  std::ofstream(s.dir + "/big.py") << body;
  FileRead r = read_regular_file(s.dir + "/big.py", 1 << 20);
  REQUIRE(r.ok());
  CHECK(r.text == body);
  CHECK(r.text.capacity() < body.size() + 4096);
}
