// Running a program under the probe (runtime/torchlint_probe.py, carried inside the binary) and
// reading what it measured.
#pragma once
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "gpu_harness/sandbox.h"

namespace torchlint::harness {

// The probe's source, as compiled into the binary.
std::string_view probe_source();
// The runnable-example world (model, loader, criterion, optimizer...) the docs examples use.
std::string_view example_world_source();
constexpr const char* kProbeFile = "torchlint_probe.py";
constexpr const char* kExampleWorldModule = "torchlint_example_world";

// One sample: the program at the head of one iteration of the probed loop.
struct Sample {
  size_t index = 0;    // iterations begun before it
  size_t segment = 0;  // which run of the loop (a new one per epoch of an enclosing loop)
  bool last = false;   // taken after the final iteration of its run
  std::map<std::string, double> values;
};

struct ProbeRun {
  std::string torch_version, device, gpu;
  bool heap_available = false;
  std::vector<Sample> samples;
  std::string end;  // steps (enough samples), exit (the program ended), "" (killed, crashed)
  int status = 0;
  std::string error;                                 // a Python traceback
  std::vector<std::pair<size_t, double>> event_ms;   // CUDA-event time per iteration (segment, ms)
  ProcessResult process;
};

// Parses the probe's JSON lines; lines that are not JSON (a truncated last line) are skipped.
ProbeRun parse_probe_output(std::string_view jsonl);

struct ProbeSpec {
  std::string python;
  std::filesystem::path workdir;  // holds the program (already instrumented) and the probe
  std::string script;             // relative to workdir
  std::string cwd;                // relative to workdir; "" = workdir
  std::vector<std::string> args;
  std::vector<std::string> metrics;
  std::string variant;            // "", no-grad, eval-mode, train-mode
  int steps = 20, warmup = 3;
  double timeout_seconds = 120;
  std::string device = "auto";    // cpu hides GPUs from the program
  std::string cupti_library;      // the CUPTI sync counter, when built
};

// Writes the probe into workdir (once) and runs the program; never throws for the program's
// failures (they are in the result).
ProbeRun run_probe(const ProbeSpec& spec, const std::filesystem::path& home);

// The first interpreter that can import torch: `explicit_python`, else $TORCHLINT_PYTHON, else
// python3 on PATH, else /usr/bin/python3. Returns "" and says why in `why` when none can.
// Whether an NVIDIA device node exists (a driver is loaded), without starting CUDA.
bool gpu_device_present();

std::string find_python(const std::string& explicit_python, std::string& torch_version, std::string& why);

}  // namespace torchlint::harness
