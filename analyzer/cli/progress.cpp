#include "cli/progress.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace torchlint {

ProgressLine::ProgressLine(size_t total, bool wanted) : total_(total) {
  if (wanted && isatty(STDERR_FILENO)) thread_ = std::thread([this] { run(); });
}

ProgressLine::~ProgressLine() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void ProgressLine::run() {
  using namespace std::chrono_literals;
  std::unique_lock lock(mutex_);
  if (wake_.wait_for(lock, 2s, [this] { return stop_; })) return;  // short runs stay silent
  bool shown = false;
  while (!wake_.wait_for(lock, 200ms, [this] { return stop_; })) {
    std::fprintf(stderr, "\r\x1b[2Kchecking: %zu/%zu files", done_.load(), total_);
    std::fflush(stderr);
    shown = true;
  }
  if (shown) std::fputs("\r\x1b[2K", stderr);
}

}  // namespace torchlint
