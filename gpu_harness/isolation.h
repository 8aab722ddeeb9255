// What the child that runs user code does before exec to be contained: new mount, PID and
// network namespaces where the kernel allows, a file system it can write only in its temporary
// folders, loopback only. Linux only; each part is optional and reported.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace torchlint::harness {

struct Isolation {
  bool network = false;      // a network namespace of its own (nothing outside reachable)
  bool loopback = false;     // ... with loopback up (a local rendezvous still works)
  bool processes = false;    // a PID namespace: every process it starts ends with it
  bool filesystem = false;   // every mount read-only except its writable folders
  char encode() const;
  static Isolation decode(char c);
  // "own network (loopback only), processes end with the run, writes only in its temporary folder"
  std::string describe() const;
};

// In the forked child, before exec. `writable`: the folders it may write. With a new PID
// namespace this forks once more: the caller's process waits for the program and exits with
// its status (a relay); the program runs as process 1 of the namespace, so when it ends the
// kernel ends everything it left behind. Returns in the process that goes on to exec.
Isolation isolate_child(bool network, const std::vector<std::filesystem::path>& writable);

}  // namespace torchlint::harness
