// Baselines for adopting torchlint in an existing codebase: record today's findings, then
// report only new ones. A finding is keyed by rule + path + a hash of its normalised line
// and the normalised lines around it, so moving code up or down keeps it matched, while
// editing the flagged line makes it new.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/source_file.h"

namespace torchlint {

// `context`: how many lines above and below take part; `recorded_path`: the finding's path
// relative to the baseline's folder.
std::string baseline_key(const Diagnostic& d, const std::string& recorded_path, const SourceFile& file, int context);

// Writes the baseline file (JSON). Returns "" or an error message.
std::string write_baseline(const std::string& path, const std::vector<Diagnostic>& findings,
                           const std::map<std::string, const SourceFile*>& sources);

// Removes findings recorded in the baseline (each record absorbs one finding) and returns how
// many it removed. Paths are relative to the baseline's folder, so any working folder works. Throws
// std::runtime_error with a located message for an unreadable or malformed file.
size_t filter_baseline(const std::string& path, std::vector<Diagnostic>& findings,
                       const std::map<std::string, const SourceFile*>& sources);
// The same for a baseline already read (`path`: where it lives, for messages and paths).
size_t filter_baseline_text(const std::string& text, const std::string& path, std::vector<Diagnostic>& findings,
                            const std::map<std::string, const SourceFile*>& sources);

}  // namespace torchlint
