// `check --show-settings`: the settings in effect for one file, as torchlint resolved them.
#pragma once
#include <ostream>
#include <string>

#include "cli/check_command.h"
#include "cli/config.h"
#include "cli/selection.h"
#include "python/engine.h"

namespace torchlint {

void print_settings(std::ostream& out, const std::string& file, const Config& c, const Selection& s,
                    const py::RuleSet& rules, const CheckOptions& o);

}  // namespace torchlint
