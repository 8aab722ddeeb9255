#include "cxx/escape_join.h"

#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace torchlint::cxx {

namespace {

using json = nlohmann::json;

struct Place {
  std::string kind;
  int index = 0;
  std::string var;
};
Place place(const json& j) { return {j.value("kind", "unknown"), j.value("index", 0), j.value("var", "")}; }

// A stored parameter and where it goes: (param, "escapes" | "param", index).
using Store = std::tuple<int, std::string, int>;

const json* arg_at(const json& call, int i) {
  if (i < 0) return call.contains("receiver") ? &call["receiver"] : nullptr;
  const json& args = call["args"];
  return static_cast<size_t>(i) < args.size() ? &args[static_cast<size_t>(i)] : nullptr;
}

// Where memory a callee stores into lies, seen from the caller: escapes, one of the caller's
// parameters, or nowhere that outlives the caller (nullopt).
std::optional<std::pair<std::string, int>> seen_from_caller(const Store& s, const json& call) {
  const auto& [param, kind, index] = s;
  if (kind == "escapes") return std::pair<std::string, int>{"escapes", 0};
  const json* arg = arg_at(call, index);
  if (!arg) return std::nullopt;
  Place p = place((*arg)["pointee"]);
  if (p.kind == "escapes") return std::pair<std::string, int>{"escapes", 0};
  if (p.kind == "param") return std::pair<std::string, int>{"param", p.index};
  return std::nullopt;
}

}  // namespace

std::string shown(const std::string& fact_name) {
  return fact_name.starts_with("static ") ? fact_name.substr(fact_name.rfind(' ') + 1) : fact_name;
}

std::vector<JoinedFinding> join_escapes(const std::vector<const json*>& reports) {
  struct Function {
    const json* fact;
    size_t file;
  };
  std::vector<Function> functions;
  std::map<std::string, std::set<Store>> stores;
  std::map<std::string, std::vector<std::string>> params;
  static const json none = json::array();
  for (size_t f = 0; f < reports.size(); ++f) {
    auto list = reports[f]->find("functions");  // a reference: the facts' addresses are kept
    for (const json& fn : list != reports[f]->end() && list->is_array() ? *list : none) {
      functions.push_back({&fn, f});
      std::string name = fn.value("name", "");
      params[name] = fn.value("params", std::vector<std::string>{});
      for (const json& s : fn["stores"]) {
        Place into = place(s["into"]);
        stores[name].insert({s.value("param", 0), into.kind, into.index});
      }
    }
  }
  // Transitive: a function that hands its parameter to a callee that stores it stores it too.
  for (bool changed = true; changed;) {
    changed = false;
    for (const Function& fn : functions) {
      std::string name = fn.fact->value("name", "");
      for (const json& call : (*fn.fact)["calls"]) {
        auto it = stores.find(call.value("callee", ""));
        if (it == stores.end()) continue;
        for (const Store& s : std::set<Store>(it->second)) {
          const json* arg = arg_at(call, std::get<0>(s));
          if (!arg) continue;
          Place value = place((*arg)["value"]);
          if (value.kind != "param") continue;
          auto where = seen_from_caller(s, call);
          if (!where) continue;
          changed |= stores[name].insert({value.index, where->first, where->second}).second;
        }
      }
    }
  }
  std::vector<JoinedFinding> out;
  std::set<std::tuple<size_t, uint32_t, uint32_t>> seen;
  for (const Function& fn : functions) {
    if (fn.fact->value("main", false)) continue;  // main's frame lives as long as the program
    std::string name = fn.fact->value("name", "");
    for (const json& call : (*fn.fact)["calls"]) {
      std::string callee = call.value("callee", "");
      auto it = stores.find(callee);
      if (it == stores.end()) continue;
      for (const Store& s : it->second) {
        const json* arg = arg_at(call, std::get<0>(s));
        if (!arg) continue;
        Place value = place((*arg)["value"]);
        if (value.kind != "stack" || !seen_from_caller(s, call)) continue;
        uint32_t b = (*arg).value("start", 0u), e = (*arg).value("end", 0u);
        if (!seen.insert({fn.file, b, e}).second) continue;
        int p = std::get<0>(s);
        const auto& names = params[callee];
        std::string pname = p < 0 ? "its object" : static_cast<size_t>(p) < names.size() && !names[p].empty()
                                                       ? "its parameter `" + names[p] + "`"
                                                       : "its parameter " + std::to_string(p + 1);
        out.push_back({fn.file, b, e,
                       {{"VAR", value.var}, {"FUNC", shown(name)}, {"TARGET", "memory that `" + shown(callee) + "()` keeps (" + pname + ")"}}});
      }
    }
  }
  return out;
}

}  // namespace torchlint::cxx
