// A progress line on stderr for long runs: it appears only when stderr is a terminal and
// the run has taken over two seconds, and it is erased when the run ends.
#pragma once
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace torchlint {

class ProgressLine {
 public:
  ProgressLine(size_t total, bool wanted);
  ~ProgressLine();
  std::atomic<size_t>* counter() { return &done_; }

 private:
  void run();
  size_t total_;
  std::atomic<size_t> done_{0};
  bool stop_ = false;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::thread thread_;
};

}  // namespace torchlint
