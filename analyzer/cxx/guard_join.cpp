#include "cxx/guard_join.h"

#include <deque>
#include <set>

namespace torchlint::cxx {

namespace {
using json = nlohmann::json;
}  // namespace

std::vector<JoinedFinding> join_device_guards(const std::vector<const json*>& reports) {
  struct Function {
    const json* fact;
    size_t file;
  };
  std::map<std::string, Function> functions;
  for (size_t f = 0; f < reports.size(); ++f) {
    auto list = reports[f]->find("devices");
    if (list == reports[f]->end() || !list->is_array()) continue;
    for (const json& d : *list) functions.emplace(d.value("name", ""), Function{&d, f});
  }
  std::vector<JoinedFinding> out;
  std::set<std::string> judged;
  for (const json* report : reports) {
    auto regs = report->find("registrations");
    if (regs == report->end() || !regs->is_array()) continue;
    for (const json& r : *regs) {
      std::string op = r.value("function", "");
      auto entry = functions.find(op);
      if (entry == functions.end() || !judged.insert(op).second) continue;  // defined elsewhere: unknown
      // Breadth first, never past a function that guards.
      std::deque<std::string> queue = {op};
      std::set<std::string> seen = {op};
      std::string launcher;
      while (!queue.empty() && launcher.empty()) {
        auto it = functions.find(queue.front());
        queue.pop_front();
        if (it == functions.end() || it->second.fact->value("guards", false)) continue;
        if (it->second.fact->value("launches", false)) {
          launcher = it->first;
          break;
        }
        for (const auto& callee : it->second.fact->value("callees", std::vector<std::string>{}))
          if (seen.insert(callee).second) queue.push_back(callee);
      }
      if (launcher.empty()) continue;
      const json& d = *entry->second.fact;
      out.push_back({entry->second.file, d.value("start", 0u), d.value("end", 0u),
                     {{"OP", shown(op)}, {"LAUNCHER", launcher == op ? "itself" : "`" + shown(launcher) + "`"}}});
    }
  }
  return out;
}

std::vector<JoinedFinding> join_raw_pointers(const std::vector<const json*>& reports) {
  std::set<std::string> ops;
  for (const json* report : reports) {
    auto regs = report->find("registrations");
    if (regs != report->end() && regs->is_array())
      for (const json& r : *regs) ops.insert(r.value("function", ""));
  }
  std::vector<JoinedFinding> out;
  for (size_t f = 0; f < reports.size(); ++f) {
    auto raw = reports[f]->find("raw_pointers");
    if (raw == reports[f]->end() || !raw->is_array()) continue;
    for (const json& p : *raw)
      if (ops.count(p.value("function", "")))
        out.push_back({f, p.value("start", 0u), p.value("end", 0u), {{"OP", shown(p.value("function", ""))}, {"PARAM", p.value("param", "")}}});
  }
  return out;
}

}  // namespace torchlint::cxx
