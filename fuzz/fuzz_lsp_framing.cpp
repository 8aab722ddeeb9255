// The language server on arbitrary bytes from its client: framing, JSON-RPC checks and
// dispatch answer or skip them, never a crash, a hang or memory past the limits.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "lsp/server.h"

using namespace torchlint;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::ostringstream out, log;
  run_language_server(in, out, log);
  return 0;
}
