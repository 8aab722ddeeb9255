#include "cxx/tape_join.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace torchlint::cxx {

namespace {

using json = nlohmann::json;

struct Holder {
  std::string kind = "unknown";
  int index = 0;
  std::vector<unsigned> fresh_at;
};

Holder holder(const json& j) {
  static const json none = json::object();
  const json& place = j.contains("place") ? j["place"] : none;
  return {place.value("kind", "unknown"), place.value("index", 0), j.value("fresh_at", std::vector<unsigned>{})};
}

// A counter grown on an object that is a global ("escapes") or reached from parameter `index`.
using Growth = std::tuple<std::string, std::string, int>;

// What a function does, itself or through the functions it calls.
struct Summary {
  std::map<Growth, std::string> grows;  // and the function whose code grows it
  std::set<std::string> empties, walks;
};

struct Function {
  const json* fact;
  size_t file;
};

const json& list(const json& j, const char* key) {
  static const json none = json::array();
  auto it = j.find(key);
  return it != j.end() && it->is_array() ? *it : none;
}

// Where a callee's growth lands, seen from one of its calls.
std::optional<Holder> at_call(const Growth& g, const json& call) {
  const auto& [counter, kind, index] = g;
  if (kind == "escapes") return Holder{"escapes", 0, {}};
  if (index < 0) return call.contains("receiver") ? std::optional<Holder>(holder(call["receiver"])) : std::nullopt;
  const json& args = list(call, "args");
  return static_cast<size_t>(index) < args.size() ? std::optional<Holder>(holder(args[static_cast<size_t>(index)])) : std::nullopt;
}

bool outlives_caller(const Holder& h) { return h.kind == "escapes" || h.kind == "param"; }

// `Tape::*` empties every counter of `Tape`.
bool emptied(const std::set<std::string>& empties, const std::string& counter) {
  size_t sep = counter.rfind("::");
  return empties.count(counter) || (sep != std::string::npos && empties.count(counter.substr(0, sep) + "::*"));
}

void merge_callee(Summary& s, const Summary& callee, const json& call, bool& changed) {
  for (const auto& e : callee.empties) changed |= s.empties.insert(e).second;
  for (const auto& w : callee.walks) changed |= s.walks.insert(w).second;
  for (const auto& [g, via] : callee.grows)
    if (auto h = at_call(g, call); h && outlives_caller(*h))
      changed |= s.grows.emplace(Growth{std::get<0>(g), h->kind, h->index}, via).second;
}

std::map<std::string, Summary> summarize(const std::vector<Function>& functions) {
  std::map<std::string, Summary> out;
  for (const Function& f : functions) {
    std::string name = f.fact->value("name", "");
    Summary& s = out[name];
    for (const json& g : list(*f.fact, "grows"))
      if (Holder h = holder(g["holder"]); outlives_caller(h)) s.grows.emplace(Growth{g.value("counter", ""), h.kind, h.index}, name);
    for (const json& e : list(*f.fact, "empties")) s.empties.insert(e.value("counter", ""));
    for (const json& l : list(*f.fact, "loops"))
      for (const auto& c : l.value("header", std::vector<std::string>{})) s.walks.insert(c);
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (const Function& f : functions) {
      Summary& s = out[f.fact->value("name", "")];
      for (const json& call : list(*f.fact, "calls"))
        if (auto it = out.find(call.value("callee", "")); it != out.end()) merge_callee(s, Summary(it->second), call, changed);
    }
  }
  return out;
}

// What one pass of a loop does: the counters it grows on objects that outlive the pass (and
// which function grows them), walks and empties.
struct Pass {
  std::map<std::string, std::string> grown;
  std::set<std::string> walked, emptied;
};

Pass pass_of(const json& fn, const json& loop, const std::map<std::string, Summary>& summaries) {
  Pass p;
  unsigned start = loop.value("start", 0u), end = loop.value("end", 0u);
  auto in = [&](unsigned at) { return at >= start && at < end; };
  // An object the pass creates anew (a local declared or assigned in it) does not outlive it.
  auto lasts = [&](const Holder& h) { return h.kind != "unknown" && std::none_of(h.fresh_at.begin(), h.fresh_at.end(), in); };
  std::string name = fn.value("name", "");
  for (const json& g : list(fn, "grows"))
    if (in(g.value("at", 0u)) && lasts(holder(g["holder"]))) p.grown.emplace(g.value("counter", ""), name);
  for (const json& e : list(fn, "empties"))
    if (in(e.value("at", 0u))) p.emptied.insert(e.value("counter", ""));
  for (const json& inner : list(fn, "loops"))
    if (&inner != &loop && in(inner.value("start", 0u)) && inner.value("end", 0u) <= end)
      for (const auto& c : inner.value("header", std::vector<std::string>{})) p.walked.insert(c);
  for (const json& call : list(fn, "calls")) {
    auto it = summaries.find(call.value("callee", ""));
    if (!in(call.value("at", 0u)) || it == summaries.end()) continue;
    p.emptied.insert(it->second.empties.begin(), it->second.empties.end());
    p.walked.insert(it->second.walks.begin(), it->second.walks.end());
    for (const auto& [g, via] : it->second.grows)
      if (auto h = at_call(g, call); h && lasts(*h)) p.grown.emplace(std::get<0>(g), via);
  }
  return p;
}

// The counters a loop grows and walks without emptying them; not those its own header reads
// (that loop is the walk).
std::vector<std::pair<std::string, std::string>> unbounded(const Pass& p, const json& loop) {
  auto header = loop.value("header", std::vector<std::string>{});
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [counter, via] : p.grown)
    if (p.walked.count(counter) && !emptied(p.emptied, counter) && std::find(header.begin(), header.end(), counter) == header.end())
      out.emplace_back(counter, via);
  return out;
}

bool has_counter(const std::vector<std::pair<std::string, std::string>>& found, const std::string& counter) {
  return std::any_of(found.begin(), found.end(), [&](const auto& f) { return f.first == counter; });
}

}  // namespace

std::vector<JoinedFinding> join_tapes(const std::vector<const json*>& reports) {
  std::vector<Function> functions;
  for (size_t f = 0; f < reports.size(); ++f)
    for (const json& fn : list(*reports[f], "tapes")) functions.push_back({&fn, f});
  auto summaries = summarize(functions);
  std::vector<JoinedFinding> out;
  for (const Function& f : functions) {
    const json& loops = list(*f.fact, "loops");
    std::vector<std::vector<std::pair<std::string, std::string>>> found;
    for (const json& loop : loops) found.push_back(unbounded(pass_of(*f.fact, loop, summaries), loop));
    for (size_t i = 0; i < loops.size(); ++i)
      for (const auto& [counter, via] : found[i]) {
        // The innermost loop that lets the store grow owns the finding.
        bool inner = false;
        for (size_t j = 0; j < loops.size(); ++j)
          inner |= j != i && loops[j].value("start", 0u) >= loops[i].value("start", 0u) &&
                   loops[j].value("end", 0u) <= loops[i].value("end", 0u) && has_counter(found[j], counter);
        if (inner) continue;
        std::string grower = via == f.fact->value("name", "") ? "in this loop" : "in `" + shown(via) + "()`";
        out.push_back({f.file, loops[i].value("report_start", 0u), loops[i].value("report_end", 0u),
                       {{"TAPE", shown(counter)}, {"GROWER", grower}}});
        break;  // one finding per loop
      }
  }
  return out;
}

}  // namespace torchlint::cxx
