#include "gpu_harness/probe.h"

#include <unistd.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace torchlint::harness {
namespace fs = std::filesystem;

namespace {

// The file is written inside the user's program: numbers are taken only when they are what
// they claim to be (no negative counts, no casts of 1e300 to integers).
size_t count_of(const nlohmann::json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_number_integer()) return 0;
  return it->is_number_unsigned() || it->get<int64_t>() >= 0 ? it->get<size_t>() : 0;
}

int status_of(const nlohmann::json& j) {
  auto it = j.find("status");
  if (it == j.end() || !it->is_number_integer()) return 0;
  // nlohmann reads non-negative integers as unsigned.
  int64_t v = it->is_number_unsigned() ? static_cast<int64_t>(std::min<uint64_t>(it->get<uint64_t>(), 255)) : it->get<int64_t>();
  return static_cast<int>(std::clamp<int64_t>(v, -255, 255));
}

}  // namespace

ProbeRun parse_probe_output(std::string_view jsonl) {
  ProbeRun run;
  std::istringstream in{std::string(jsonl)};
  for (std::string line; std::getline(in, line);) {
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) continue;
    if (j.contains("probe")) {
      auto text = [&](const char* key) { return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string(); };
      run.torch_version = text("torch");
      run.device = text("device");
      run.gpu = text("gpu");
      run.heap_available = j.contains("heap") && j["heap"].is_boolean() && j["heap"].get<bool>();
    } else if (j.contains("end")) {
      run.end = j["end"].is_string() ? j["end"].get<std::string>() : "";
      run.status = status_of(j);
      if (j.contains("error") && j["error"].is_string()) run.error = j["error"];
      if (j.contains("event_ms") && j["event_ms"].is_array())
        for (const auto& e : j["event_ms"])
          if (e.is_array() && e.size() == 2 && e[1].is_number() && std::isfinite(e[1].get<double>()))
            run.event_ms.push_back({count_of(nlohmann::json{{"seg", e[0]}}, "seg"), e[1].get<double>()});
    } else if (j.contains("i") && j["i"].is_number_integer()) {
      Sample s;
      s.index = count_of(j, "i");
      s.segment = count_of(j, "seg");
      s.last = j.contains("last") && j["last"].is_boolean() && j["last"].get<bool>();
      for (const auto& [k, v] : j.items())
        if (v.is_number() && k != "i" && k != "seg" && std::isfinite(v.get<double>())) s.values[k] = v.get<double>();
      run.samples.push_back(std::move(s));
    }
  }
  return run;
}

namespace {

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ",") + s;
  return out;
}

}  // namespace

ProbeRun run_probe(const ProbeSpec& spec, const fs::path& home) {
  fs::path probe = spec.workdir / kProbeFile;
  if (!fs::exists(probe)) write_file(probe, probe_source());
  static int counter = 0;
  fs::path out = home / ("probe-" + std::to_string(++counter) + ".jsonl");
  ProcessSpec p;
  p.argv = {spec.python, "-X", "faulthandler", probe.string(), (spec.workdir / spec.script).string()};
  p.argv.insert(p.argv.end(), spec.args.begin(), spec.args.end());
  p.cwd = spec.workdir / spec.cwd;
  p.env = scrubbed_environment(home);
  p.env["TORCHLINT_PROBE_OUT"] = out.string();
  p.env["TORCHLINT_PROBE_STEPS"] = std::to_string(spec.steps);
  p.env["TORCHLINT_PROBE_WARMUP"] = std::to_string(spec.warmup);
  p.env["TORCHLINT_PROBE_METRICS"] = join(spec.metrics);
  p.env["TORCHLINT_PROBE_VARIANT"] = spec.variant;
  if (!spec.cupti_library.empty()) p.env["TORCHLINT_CUPTI_LIB"] = spec.cupti_library;
  if (spec.device == "cpu") p.env["CUDA_VISIBLE_DEVICES"] = "";
  if (spec.device == "cpu" || !gpu_device_present()) {
    // One thread: CPU time then measures the work, and two runs do not fight over cores.
    p.env["OMP_NUM_THREADS"] = "1";
    p.env["MKL_NUM_THREADS"] = "1";
  }
  p.timeout_seconds = spec.timeout_seconds;
  // The program's own data stays its own: a generous cap that still stops a runaway on CPU.
  // On a GPU the cap is the machine's memory (pinned host buffers count; device memory does not).
  p.memory_limit_bytes = spec.device == "cpu" ? uint64_t{16} << 30
                                              : static_cast<uint64_t>(sysconf(_SC_PHYS_PAGES)) * static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  p.process_limit = 4096;  // data-loader workers and their threads, not a fork bomb
  p.writable = {spec.workdir, home};
  ProbeRun run;
  ProcessResult result = run_process(p);
  run = parse_probe_output(read_file(out));
  run.process = std::move(result);
  return run;
}

bool gpu_device_present() { return fs::exists("/dev/nvidia0") || fs::exists("/dev/nvidiactl"); }

std::string find_python(const std::string& explicit_python, std::string& torch_version, std::string& why) {
  std::vector<std::string> candidates;
  if (!explicit_python.empty()) candidates.push_back(explicit_python);
  else {
    if (const char* env = std::getenv("TORCHLINT_PYTHON"); env && *env) candidates.push_back(env);
    candidates.push_back("python3");
    candidates.push_back("/usr/bin/python3");
  }
  TempDir home("torchlint-python-");
  std::string tried;
  for (const auto& python : candidates) {
    ProcessSpec p;
    p.argv = {python, "-c", "import torch, sys; sys.stdout.write(torch.__version__)"};
    p.env = scrubbed_environment(home.path());
    p.env["CUDA_VISIBLE_DEVICES"] = "";
    p.timeout_seconds = 60;
    p.isolate_network = false;
    ProcessResult r = run_process(p);
    if (r.started && r.exit_status == 0 && !r.output_tail.empty()) {
      std::string out = r.output_tail;
      size_t nl = out.find_last_of('\n');
      torch_version = nl == std::string::npos ? out : out.substr(nl + 1);
      return python;
    }
    tried += (tried.empty() ? "" : ", ") + python + (r.started ? " (no torch)" : " (not found)");
  }
  why = "no Python with torch: tried " + tried + "; give one with --python or $TORCHLINT_PYTHON";
  return "";
}

}  // namespace torchlint::harness
