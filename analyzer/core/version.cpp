#include "core/version.h"

namespace torchlint {
const char* version() { return TORCHLINT_VERSION; }
}  // namespace torchlint
