// Renderers over the one Diagnostic list. Each takes the sorted findings and the run's
// summary and writes one format.
#pragma once
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/source_file.h"

namespace torchlint {

struct RunSummary {
  size_t files = 0;
  size_t lines = 0;
  std::vector<std::string> files_with_syntax_errors;  // "path:line:col"
  std::vector<std::string> notes;                     // skipped binary files, unreadable paths
};

struct TextOptions {
  bool color = false;
  bool show_source = true;
  bool show_summary = true;  // the closing "Found N findings" line and notes
};

// `sources` maps a path to its text for code frames (missing: no frame).
void render_text(std::ostream& out, const std::vector<Diagnostic>& findings,
                 const std::map<std::string, const SourceFile*>& sources, const RunSummary& summary,
                 const TextOptions& options);
void render_json(std::ostream& out, const std::vector<Diagnostic>& findings, const RunSummary& summary);

}  // namespace torchlint
