#include "cli/confirm_loop.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <vector>

namespace torchlint {
namespace {

using Kind = py::LoopSite::Kind;

bool holds(const std::string& text, const py::LoopSite& outer, const py::LoopSite& inner) {
  auto around = py::loops_around(text, inner.head);
  return std::any_of(around.begin(), around.end(), [&](const py::LoopSite& l) { return l.ordinal == outer.ordinal; });
}

// The first loop statement nested in `loop`, and in that one, down to the innermost: the loop
// whose iterations are the steps (a comprehension in the body is not a step).
py::LoopSite innermost_first(const std::string& text, py::LoopSite loop) {
  for (size_t ordinal = loop.ordinal + 1;; ++ordinal) {
    auto next = py::loop_by_ordinal(text, ordinal);
    if (!next || !holds(text, loop, *next)) return loop;
    if (next->kind == Kind::Comprehension) continue;
    loop = *next;
  }
}

std::optional<py::LoopSite> loop_on_line(const std::string& text, uint32_t line) {
  for (size_t ordinal = 0;; ++ordinal) {
    auto loop = py::loop_by_ordinal(text, ordinal);
    if (!loop) return std::nullopt;
    if (loop->line == line && loop->kind != Kind::Comprehension) return loop;
  }
}

size_t indentation(const std::string& text, size_t line_start) {
  size_t i = line_start;
  while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
  return i - line_start;
}

size_t line_start_of(const std::string& text, size_t at) {
  size_t nl = at == 0 ? std::string::npos : text.rfind('\n', at - 1);
  return nl == std::string::npos ? 0 : nl + 1;
}

// The name of the function whose body holds `at` (the nearest `def` above it, indented less).
std::string function_name_at(const std::string& text, size_t at) {
  size_t start = line_start_of(text, at), indent = indentation(text, start);
  while (start > 0) {
    start = line_start_of(text, start - 1);
    size_t ind = indentation(text, start);
    size_t eol = text.find('\n', start);
    std::string_view line(text.data() + start + ind, (eol == std::string::npos ? text.size() : eol) - start - ind);
    if (line.empty() || line.starts_with("#") || ind >= indent) continue;
    for (std::string_view def : {"def ", "async def "})
      if (line.starts_with(def)) {
        line.remove_prefix(def.size());
        return std::string(line.substr(0, line.find('(')));
      }
    indent = ind;  // a block around the code (if, with, class): keep looking outwards
    if (ind == 0) return "";
  }
  return "";
}

// Where `name(` is called in the file (not where it is defined).
std::vector<size_t> calls_of(const std::string& text, const std::string& name) {
  std::vector<size_t> out;
  std::string call = name + "(";
  for (size_t at = text.find(call); at != std::string::npos; at = text.find(call, at + 1)) {
    bool word_start = at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_' || text[at - 1] == '.');
    size_t start = line_start_of(text, at);
    std::string_view before(text.data() + start, at - start);
    bool definition = before.find("def ") != std::string_view::npos;
    if (word_start && !definition) out.push_back(at);
  }
  return out;
}

// The lines of the function `def name(` in this file: [def line, last line], or nullopt.
std::optional<std::pair<uint32_t, uint32_t>> function_lines(const std::string& text, const std::string& name) {
  std::string def = "def " + name + "(";
  for (size_t at = text.find(def); at != std::string::npos; at = text.find(def, at + 1)) {
    size_t start = line_start_of(text, at), indent = indentation(text, start);
    if (start + indent != at && text.compare(start + indent, 6, "async ") != 0) continue;
    uint32_t first = static_cast<uint32_t>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n') + 1), last = first;
    size_t pos = text.find('\n', at);
    for (uint32_t line = first + 1; pos != std::string::npos && pos + 1 < text.size(); ++line) {
      size_t begin = pos + 1;
      pos = text.find('\n', begin);
      size_t end = pos == std::string::npos ? text.size() : pos;
      size_t code = text.find_first_not_of(" \t", begin);
      if (code >= end || text[code] == '#') continue;  // blank lines and comments end nothing
      if (code - begin <= indent) break;
      last = line;
    }
    return std::make_pair(first, last);
  }
  return std::nullopt;
}

// The first loop statement of the function `name` defined in this file, innermost first.
std::optional<py::LoopSite> first_loop_of(const std::string& text, const std::string& name) {
  auto lines = function_lines(text, name);
  if (!lines) return std::nullopt;
  for (size_t ordinal = 0;; ++ordinal) {
    auto loop = py::loop_by_ordinal(text, ordinal);
    if (!loop || loop->line > lines->second) return std::nullopt;
    if (loop->line > lines->first && loop->kind != Kind::Comprehension) return innermost_first(text, *loop);
  }
}

// Functions of this file called after `from` in the code that holds it (to the end of its
// function): where the training a finding in `main()` sets up runs (`train(model, ...)`).
std::optional<py::LoopSite> loop_in_callee(const std::string& text, size_t from) {
  std::string owner = function_name_at(text, from);
  size_t limit = text.size();
  if (auto lines = owner.empty() ? std::nullopt : function_lines(text, owner)) {
    size_t at = 0;  // the end of the function's last line
    for (uint32_t l = 0; l < lines->second && at != std::string::npos; ++l) at = text.find('\n', l == 0 ? 0 : at + 1);
    limit = std::min(at, text.size());
  }
  auto word_char = [&](size_t i) { return std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_'; };
  std::set<std::string> tried;  // each name once: every look parses the file
  for (size_t at = from; at < limit; ++at) {
    if ((at > 0 && (word_char(at - 1) || text[at - 1] == '.')) || !word_char(at)) continue;
    size_t end = at;
    while (end < text.size() && word_char(end)) ++end;
    std::string name = text.substr(at, end - at);
    if (end < text.size() && text[end] == '(' && name != owner && tried.insert(name).second)
      if (auto loop = first_loop_of(text, name)) return loop;
    at = end;
  }
  return std::nullopt;
}

std::optional<py::LoopSite> loop_for(const std::string& text, ByteRange range, std::optional<ByteRange> region, bool loop_after,
                                     int depth) {
  if (auto loop = py::find_loop_site(text, range, region, loop_after)) {
    auto around = py::loops_around(text, range);
    std::erase_if(around, [](const py::LoopSite& l) { return l.kind == Kind::Comprehension; });
    bool holds_finding = std::any_of(around.begin(), around.end(), [&](const py::LoopSite& l) { return l.ordinal == loop->ordinal; });
    if (holds_finding) return around.back();  // the innermost around the finding: its steps
    return innermost_first(text, *loop);
  }
  if (auto loop = loop_in_callee(text, range.end)) return loop;
  if (depth == 0) return std::nullopt;
  std::string name = function_name_at(text, range.start);
  if (name.empty()) return std::nullopt;
  for (size_t at : calls_of(text, name)) {
    ByteRange call{static_cast<uint32_t>(at), static_cast<uint32_t>(at + name.size())};
    if (auto loop = loop_for(text, call, std::nullopt, false, depth - 1)) return loop;
  }
  return std::nullopt;
}

}  // namespace

std::optional<py::LoopSite> measured_loop(const std::string& text, const Diagnostic& d, bool loop_after, uint32_t loop_line,
                                          std::string& why) {
  if (loop_line != 0) {
    auto loop = loop_on_line(text, loop_line);
    if (!loop) why = fmt::format("--loop {}: no `for` or `while` loop starts on line {} of {}", loop_line, loop_line, d.path);
    return loop;
  }
  // Calls through at most three functions: a helper called by `train()` called by `main()`.
  auto loop = loop_for(text, d.range, d.region, loop_after, 3);
  if (!loop)
    why = "no loop runs at or after the finding in its function or where that function is called in this file, so there is no "
          "step to measure; name one with --loop LINE";
  return loop;
}

}  // namespace torchlint
