// The one version of torchlint (CMake's project version): --version, SARIF, the cache folder.
#pragma once

namespace torchlint {
const char* version();
}
