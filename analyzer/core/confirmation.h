// What running a finding showed: the verdict of `torchlint confirm` with its numbers. Filled by
// the harness (gpu_harness/), rendered by the reports.
#pragma once
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace torchlint {

enum class Verdict { Confirmed, NotConfirmed, Inconclusive, Error };
const char* to_string(Verdict v);

// One measured figure of the program as it is (`bad`) and of its fixed twin (`fixed`).
struct Figure {
  std::string metric;  // "host heap per step"
  std::string unit;    // "B", "nodes", "syncs", "B/step"...
  double bad = 0, fixed = 0;
  double spread = 0;   // how far bad - fixed may stray: half the range of each side over repeats, added
};

struct Confirmation {
  Verdict verdict = Verdict::Inconclusive;
  std::string experiment;  // memory-growth, sync-count, ...
  Figure main;             // the evidence the verdict rests on
  std::vector<Figure> more;
  double ratio = std::numeric_limits<double>::quiet_NaN();  // bad / fixed; NaN (null in JSON) when fixed is 0
  size_t n = 0;            // measured steps per variant, summed over repeats
  size_t repeats = 0;
  std::string device, torch_version;
  std::string sandbox;     // what contained the runs ("network cut (loopback only), ...")
  std::string why;         // one sentence: what the numbers mean, or why there is no verdict
  std::string summary;     // one line for text output
};

// "9.2 KiB" (unit B), "3.10 ms" (unit s), "1.0" (counts): a figure for messages.
std::string format_amount(double value, const std::string& unit);

}  // namespace torchlint
