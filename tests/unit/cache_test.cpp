// The results cache's own files: sealed entries and collection.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "cli/cache.h"
#include "cli/fixer.h"
#include "gpu_harness/sandbox.h"

using namespace torchlint;
namespace fs = std::filesystem;

namespace {
void write(const fs::path& file, const std::string& text, std::chrono::hours age) {
  std::ofstream(file) << text;
  fs::last_write_time(file, fs::file_time_type::clock::now() - age);
}
}  // namespace

TEST_CASE("a cache entry is read only as torchlint sealed it") {
  harness::TempDir dir;
  if (cache_key().empty()) return;  // no place for a key on this machine: nothing is cached
  std::string file = (dir.path() / "0123456789abcdef.json").string();
  write_sealed_entry(file, R"({"findings": [1]})");
  CHECK(read_sealed_entry(file) == std::optional<std::string>(R"({"findings": [1]})"));
  std::string sealed = harness::read_file(file);
  std::string forged = sealed;
  forged.replace(forged.find("[1]"), 3, "[ ]");  // the payload changed, the seal kept
  write_file_atomically(file, forged);
  CHECK_FALSE(read_sealed_entry(file));
  write_file_atomically(file, R"({"findings": []})");  // unsealed, as before sealing existed
  CHECK_FALSE(read_sealed_entry(file));
}

TEST_CASE("collecting the cache removes old and least recently used entries, and nothing else") {
  harness::TempDir root;
  fs::path v = root.path() / "v0.1.0";
  fs::create_directories(v);
  fs::create_directories(root.path() / "tmp");
  using std::chrono::hours;
  write(v / "000000000000000a.json", std::string(100, 'a'), hours(24 * 40));      // unused for 40 days
  write(v / "cxx-000000000000000b.json", std::string(100, 'b'), hours(24 * 40));  // the C++ front end's
  write(v / "000000000000000c.json", std::string(100, 'c'), hours(48));           // least recently used
  write(v / "000000000000000d.json", std::string(100, 'd'), hours(1));
  write(v / "notes.txt", "mine", hours(24 * 400));                                   // not an entry
  write(v / "0.json.torchlint-tmp-Ab12Cd", "x", hours(2));                           // left by a killed run
  write(root.path() / "tmp" / ".torchlint-tmp-Ef34Gh", "x", hours(2));
  write(root.path() / "tmp" / ".torchlint-tmp-Ij56Kl", "x", std::chrono::hours(0));  // a live run's
  CollectLimits limits;
  limits.max_bytes = 150;
  collect_cache(root.path(), limits);
  CHECK_FALSE(fs::exists(v / "000000000000000a.json"));
  CHECK_FALSE(fs::exists(v / "cxx-000000000000000b.json"));
  CHECK_FALSE(fs::exists(v / "000000000000000c.json"));
  CHECK(fs::exists(v / "000000000000000d.json"));
  CHECK(fs::exists(v / "notes.txt"));
  CHECK_FALSE(fs::exists(v / "0.json.torchlint-tmp-Ab12Cd"));
  CHECK_FALSE(fs::exists(root.path() / "tmp" / ".torchlint-tmp-Ef34Gh"));
  CHECK(fs::exists(root.path() / "tmp" / ".torchlint-tmp-Ij56Kl"));
}

TEST_CASE("--fix leaves a file alone when it no longer holds the text that was analysed") {
  harness::TempDir dir;
  fs::path file = dir.path() / "train.py";
  std::ofstream(file) << "saved by an editor meanwhile\n";
  std::string note = write_fixed_file(file.string(), "analysed text\n", "fixed text\n", "");
  CHECK(note.find("changed on disk") != std::string::npos);
  CHECK(harness::read_file(file) == "saved by an editor meanwhile\n");
  CHECK(write_fixed_file(file.string(), "saved by an editor meanwhile\n", "fixed text\n", "").empty());
  CHECK(harness::read_file(file) == "fixed text\n");
}
