#include "python/project_index.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>
#include <climits>

namespace torchlint::py {

namespace {
std::string_view last_part(std::string_view dotted) {
  size_t dot = dotted.rfind('.');
  return dot == std::string_view::npos ? dotted : dotted.substr(dot + 1);
}
std::string_view head_part(std::string_view dotted) {
  size_t dot = dotted.rfind('.');
  return dot == std::string_view::npos ? std::string_view{} : dotted.substr(0, dot);
}
size_t common_prefix_segments(std::string_view a, std::string_view b) {
  size_t n = 0, i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) {
    if (a[i] == '.') ++n;
    ++i;
  }
  return n;
}
constexpr int kMaxBaseDepth = 8;
constexpr uint32_t kReturnEffects = kReturnsLoss | kReturnsOutput | kReturnsModel | kNoGradWrapper;
}  // namespace

bool dotted_suffix_match(std::string_view a, std::string_view b) {
  if (a.size() < b.size()) std::swap(a, b);
  if (!a.ends_with(b)) return false;
  return a.size() == b.size() || a[a.size() - b.size() - 1] == '.';
}

uint32_t ProjectIndex::add(FileSummary file) {
  files_.push_back(std::move(file));
  return static_cast<uint32_t>(files_.size() - 1);
}

const FunctionSummary& ProjectIndex::summary(const Fn& f) const {
  const FileSummary& file = files_[f.file];
  return f.index == UINT32_MAX ? file.module_level : file.functions[f.index];
}

void ProjectIndex::complete() {
  for (uint32_t fi = 0; fi < files_.size(); ++fi) {
    FileSummary& file = files_[fi];
    for (uint32_t i = 0; i < file.functions.size(); ++i) {
      auto id = static_cast<uint32_t>(fns_.size());
      fns_.push_back({fi, i, {}, {}});
      fn_by_name_[std::string(last_part(file.functions[i].qualname))].push_back(id);
      fn_by_qualname_.emplace(file.functions[i].qualname, id);
    }
    fns_.push_back({fi, UINT32_MAX, {}, {}});
    for (ClassSummary& c : file.classes) {
      class_by_name_[std::string(last_part(c.qualname))].push_back(static_cast<uint32_t>(classes_.size()));
      classes_.push_back(c);
    }
  }
  for (const FileSummary& file : files_)
    for (const auto& [local, canonical] : file.imported_names) reexports_[local].emplace_back(file.module, canonical);
  close_classes();
  std::unordered_map<std::string, int> methods;
  for (uint32_t id = 0; id < fns_.size(); ++id) {
    if (fns_[id].index == UINT32_MAX) continue;
    std::string_view q = summary(fns_[id]).qualname, owner = head_part(q);
    if (resolve_classes(owner, owner).empty()) continue;
    std::string name(last_part(q));
    if (++methods[name] == 1) unique_method_[name] = id;
    else unique_method_.erase(name);
  }
  resolve_calls();
  propagate_parameter_classes();
  propagate_effects();
  propagate_call_sites();
  propagate_parameter_kinds();
  propagate_run_parameters();
  propagate_every_step();
  propagate_uncleared_loops();
  propagate_compiled();
}

namespace {

// `self` (or `cls`) takes no argument at a call of a method.
size_t bound_offset(const std::vector<std::string>& params) {
  return !params.empty() && (params[0] == "self" || params[0] == "cls") ? 1 : 0;
}

// Calls `visit(p, code)` for each argument of one call site (CallRef::args) that lands on
// parameter p (< 32) of a callee with these parameters, `code` saying what the argument is.
template <class Visit>
void for_each_argument(const CallRef& c, const std::vector<std::string>& params, Visit visit) {
  size_t offset = bound_offset(params);
  std::string_view a = c.args;
  size_t bar = a.find('|');
  std::string_view positional = a.substr(0, bar);
  for (size_t i = 0; i < positional.size() && positional[i] != '*'; ++i) {
    size_t p = i + offset;
    if (p >= params.size() || p >= 32 || params[p] == "*") break;
    visit(p, positional[i]);
  }
  while (bar != std::string_view::npos) {  // `|name=c` entries
    size_t next = a.find('|', bar + 1);
    std::string_view kw = a.substr(bar + 1, next == std::string_view::npos ? std::string_view::npos : next - bar - 1);
    size_t eq = kw.rfind('=');
    if (eq != std::string_view::npos && eq + 1 < kw.size())
      for (size_t p = 0; p < params.size() && p < 32; ++p)
        if (params[p] == kw.substr(0, eq)) visit(p, kw[eq + 1]);
    bar = next;
  }
}

// The caller's own parameter an argument code names (`a` + k), as a bit; 0 for any other.
uint32_t caller_parameter(char code) { return code >= 'a' && code <= 'z' ? 1u << (code - 'a') : 0u; }

// The parameters of `callee` that receive a value of one kind (argument code `kind`: 't' a
// device tensor, 'l' a data loader) at one call site, given the caller's own parameters of it.
uint32_t arguments_of_kind(char kind, const CallRef& c, const std::vector<std::string>& params, uint32_t caller_params) {
  uint32_t out = 0;
  for_each_argument(c, params, [&](size_t p, char code) {
    if (code == kind || (caller_parameter(code) & caller_params)) out |= 1u << p;
  });
  return out;
}

// The caller's parameters that one call hands to parameters the callee runs as a model.
uint32_t handed_to_run_parameters(const CallRef& c, const std::vector<std::string>& params, uint32_t callee_runs) {
  uint32_t out = 0;
  for_each_argument(c, params, [&](size_t p, char code) {
    if (callee_runs >> p & 1u) out |= caller_parameter(code);
  });
  return out;
}

}  // namespace

template <class Visit>
void ProjectIndex::until_stable(Visit visit) {
  // Monotone visits (facts are only added), so the rounds end; the bound guards pathological input.
  for (int round = 0; round < 64; ++round) {
    bool changed = false;
    for (Fn& f : fns_) {
      const FunctionSummary& s = summary(f);
      for (size_t i = 0; i < s.calls.size(); ++i) {
        if (s.calls[i].target.str().starts_with("*.")) continue;  // a name-only match says nothing
        for (uint32_t g : f.callees[i]) changed |= visit(f, s.calls[i], fns_[g]);
      }
    }
    if (!changed) break;
  }
}

void ProjectIndex::propagate_parameter_kinds() {
  until_stable([&](const Fn& caller, const CallRef& c, Fn& callee) {
    if (c.args.empty()) return false;
    const std::vector<std::string>& params = summary(callee).params;
    auto add = [&](char kind, uint32_t& into, uint32_t caller_params) {
      uint32_t bits = into | arguments_of_kind(kind, c, params, caller_params);
      return std::exchange(into, bits) != bits;
    };
    bool tensors = add('t', callee.facts.device_tensor_params, caller.facts.device_tensor_params);
    bool loaders = add('l', callee.facts.loader_params, caller.facts.loader_params);
    return tensors || loaders;
  });
}

void ProjectIndex::propagate_parameter_classes() {
  // What class each parameter holds: the one every call site that names a class agrees on.
  until_stable([&](const Fn&, const CallRef& c, Fn& callee) {
    if (c.arg_classes.empty()) return false;
    const std::vector<std::string>& params = summary(callee).params;
    std::vector<std::string>& into = callee.facts.param_classes;
    bool changed = false;
    std::string_view entries = c.arg_classes;
    for (size_t end = entries.find(';'); end != std::string_view::npos; end = entries.find(';')) {
      std::string_view entry = entries.substr(0, end);
      entries.remove_prefix(end + 1);
      size_t eq = entry.find('=');
      if (eq == std::string_view::npos) continue;
      std::string_view slot = entry.substr(0, eq), cls = entry.substr(eq + 1);
      size_t p = params.size();
      if (slot.find_first_not_of("0123456789") == std::string_view::npos && slot.size() <= 2)
        p = std::stoul(std::string(slot)) + bound_offset(params);
      else
        p = std::find(params.begin(), params.end(), slot) - params.begin();
      if (p >= params.size() || params[p] == "*") continue;
      if (into.size() < params.size()) into.resize(params.size());
      // Unknown, then one class, then "?" when call sites disagree.
      std::string next = into[p].empty() ? std::string(cls) : into[p] == cls ? into[p] : std::string("?");
      changed |= std::exchange(into[p], next) != next;
    }
    return changed;
  });
  for (Fn& f : fns_)
    for (std::string& cls : f.facts.param_classes)
      if (cls == "?") cls.clear();
  // Calls of parameters resolve now that their classes are known.
  for (Fn& f : fns_) {
    const FunctionSummary& s = summary(f);
    for (size_t i = 0; i < s.calls.size(); ++i)
      if (s.calls[i].target.str().find('@') != std::string::npos)
        f.callees[i] = resolve_functions(s.calls[i].target.str(), files_[f.file].module);
  }
}

void ProjectIndex::propagate_run_parameters() {
  // Bottom-up: a function runs its parameter when it calls it, or hands it (with gradients on)
  // to a function that runs it.
  for (Fn& f : fns_) f.facts.runs_params = summary(f).runs_params;
  until_stable([&](Fn& caller, const CallRef& c, const Fn& callee) {
    if (c.args.empty() || c.under_no_grad || !callee.facts.runs_params) return false;
    uint32_t bits = caller.facts.runs_params | handed_to_run_parameters(c, summary(callee).params, callee.facts.runs_params);
    return std::exchange(caller.facts.runs_params, bits) != bits;
  });
}

std::string ProjectIndex::argument_slots(IndexQuery::Kind which, std::string_view target, std::string_view from_module) const {
  if (target.starts_with("*.")) return {};  // a name-only match says nothing about its arguments
  std::string out;
  for (uint32_t id : resolve_functions(target, from_module)) {
    const FunctionSummary& s = summary(fns_[id]);
    uint32_t bits = which == IndexQuery::kRunsArguments ? fns_[id].facts.runs_params : s.returns_params;
    size_t offset = bound_offset(s.params);
    for (size_t p = offset; p < s.params.size() && p < 32; ++p)
      if (bits >> p & 1u) out += fmt::format("{}:{},", p - offset, s.params[p]);
  }
  return out;
}

void ProjectIndex::propagate_every_step() {
  // A call in a loop of its caller, before that loop's backward, is part of a training step
  // (`out = model(x)`, `loss = criterion(out, y)`); so is a step function called in a loop;
  // what such a function calls, outside a periodic guard, runs every step too. One call is one
  // step (kSteps): a function running its own loop over the data is an epoch, and what it
  // reads once after that loop is read once per epoch.
  until_stable([&](const Fn& caller, const CallRef& c, Fn& callee) {
    bool steps = (callee.facts.effects & kSteps) != 0;
    bool every = !c.periodic && (caller.facts.every_step || (c.in_loop && (c.step_of_loop || steps)));
    if (!every || callee.facts.every_step) return false;
    callee.facts.every_step = true;
    callee.facts.effects |= kEveryStep;
    return true;
  });
}

void ProjectIndex::propagate_uncleared_loops() {
  // A call in a loop of its caller that clears no gradients: not in its own body, not through
  // any other call of the same loop (a `zero_grads()` helper beside the step).
  for (Fn& f : fns_) {
    const FunctionSummary& s = summary(f);
    std::vector<bool> clears(1, false);  // by CallRef::loop
    for (size_t i = 0; i < s.calls.size(); ++i) {
      const CallRef& c = s.calls[i];
      if (c.loop >= clears.size()) clears.resize(c.loop + 1, false);
      bool helper_clears = std::any_of(f.callees[i].begin(), f.callees[i].end(),
                                       [&](uint32_t g) { return (fns_[g].facts.effects & kClearsGrad) != 0; });
      if (c.loop && (c.loop_clears_grad || helper_clears)) clears[c.loop] = true;
    }
    for (size_t i = 0; i < s.calls.size(); ++i) {
      const CallRef& c = s.calls[i];
      if (!c.loop || clears[c.loop] || c.periodic || c.target.str().starts_with("*.")) continue;
      for (uint32_t g : f.callees[i]) fns_[g].facts.looped_without_clearing = true;
    }
  }
}

std::string_view ProjectIndex::reexported(std::string_view target) const {
  std::string_view module = head_part(target);
  if (module.empty()) return {};
  auto it = reexports_.find(last_part(target));
  if (it == reexports_.end()) return {};
  // The module as the caller names it: exactly, else on whole segments like every other target
  // (`voice` names `src.voice` when the run starts above the project's import root). A module
  // that imported the name from where the caller looked is no re-export of it.
  std::string_view found;
  for (const auto& [from, source] : it->second) {
    if (source == target || !dotted_suffix_match(from, module)) continue;
    if (from == module) return source;
    if (found.empty()) found = source;
  }
  return found;
}

std::vector<uint32_t> ProjectIndex::resolve_classes(std::string_view target, std::string_view from_module, int depth) const {
  std::vector<uint32_t> out;
  auto it = class_by_name_.find(last_part(target));
  if (it == class_by_name_.end()) return out;
  // Through a package's re-export first: `pkg.Net` is the `pkg.net.Net` pkg imported.
  if (std::string_view source = reexported(target); !source.empty() && depth < kMaxBaseDepth) {
    out = resolve_classes(source, from_module, depth + 1);
    if (!out.empty()) return out;
  }
  size_t best = 0;
  for (uint32_t c : it->second) {
    if (!dotted_suffix_match(classes_[c].qualname, target)) continue;
    // Several definitions match (`utils.Meter` in two packages): the nearest to the caller wins.
    size_t closeness = common_prefix_segments(classes_[c].qualname, from_module);
    if (out.empty() || closeness > best) out = {c}, best = closeness;
    else if (closeness == best) out.push_back(c);
  }
  return out;
}

void ProjectIndex::close_classes() {
  // A class is a module (loss, with dropout) if a project base is; bases may live in other
  // files and be declared later, so iterate to a fixpoint (monotone, at most #classes rounds).
  for (bool changed = true; changed;) {
    changed = false;
    for (ClassSummary& c : classes_) {
      std::string_view module = head_part(c.qualname);
      for (const std::string& b : c.bases) {
        for (uint32_t bi : resolve_classes(b, module)) {
          const ClassSummary& base = classes_[bi];
          if (&base == &c) continue;
          bool m = c.is_module || base.is_module, l = c.is_loss || base.is_loss,
               s = c.has_stochastic_layers || base.has_stochastic_layers;
          changed |= m != c.is_module || l != c.is_loss || s != c.has_stochastic_layers;
          c.is_module = m, c.is_loss = l, c.has_stochastic_layers = s;
        }
      }
    }
  }
}

std::vector<uint32_t> ProjectIndex::resolve_functions(std::string_view target, std::string_view from_module,
                                                      int depth) const {
  std::vector<uint32_t> out;
  if (target.starts_with("**.")) {  // every method of that name, whichever class defines it
    auto it = fn_by_name_.find(target.substr(3));
    if (it == fn_by_name_.end()) return out;
    for (uint32_t f : it->second) {
      std::string_view owner = head_part(summary(fns_[f]).qualname);
      if (!resolve_classes(owner, owner).empty()) out.push_back(f);
    }
    return out;
  }
  if (target.starts_with("*.")) {  // a method of an unknown receiver: only an unambiguous one
    auto it = unique_method_.find(target.substr(2));
    if (it != unique_method_.end()) out.push_back(it->second);
    return out;
  }
  if (size_t at = target.find('@'); at != std::string_view::npos) return resolve_parameter_class(target, at, depth);
  if (size_t hash = target.find('#'); hash != std::string_view::npos) return resolve_returned(target, hash, from_module, depth);
  if (std::string_view source = reexported(target); !source.empty() && depth < kMaxBaseDepth)
    if (auto found = resolve_functions(source, from_module, depth + 1); !found.empty()) return found;
  auto exact = fn_by_qualname_.find(target);
  if (exact != fn_by_qualname_.end()) return {exact->second};
  auto it = fn_by_name_.find(last_part(target));
  // No project function of that name (`torch.cat`, `F.relu`): nothing to find in base
  // classes either, except a module's __call__ (its forward).
  if (it == fn_by_name_.end() && last_part(target) != "__call__") return out;
  if (it != fn_by_name_.end()) {
    size_t best = 0;
    for (uint32_t f : it->second) {
      const std::string& q = summary(fns_[f]).qualname;
      if (!dotted_suffix_match(q, target)) continue;
      size_t closeness = common_prefix_segments(q, from_module);
      if (out.empty() || closeness > best) out = {f}, best = closeness;
      else if (closeness == best) out.push_back(f);
    }
  }
  if (!out.empty() || depth >= kMaxBaseDepth) return out;
  // `pkg.Trainer.step` not defined on Trainer: look in its project base classes.
  std::string_view owner = head_part(target), method = last_part(target);
  if (owner.empty()) return out;
  // Calling an nn.Module instance runs its forward.
  if (method == "__call__") {
    for (uint32_t c : resolve_classes(owner, from_module))
      if (classes_[c].is_module) return resolve_functions(classes_[c].qualname + ".forward", from_module, depth + 1);
  }
  for (uint32_t c : resolve_classes(owner, from_module)) {
    std::string_view class_module = head_part(classes_[c].qualname);
    for (const std::string& base : classes_[c].bases) {
      for (uint32_t f : resolve_functions(base + "." + std::string(method), class_module, depth + 1))
        if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
    }
  }
  return out;
}

// `pkg.build#0.__call__`: the method of the class that function `pkg.build` returns (as
// element 0 of a tuple; `#w`: as a whole), looked up from the module that defines `build`.
std::vector<uint32_t> ProjectIndex::resolve_returned(std::string_view target, size_t hash, std::string_view from_module,
                                                     int depth) const {
  std::vector<uint32_t> out;
  size_t dot = target.find('.', hash);
  if (dot == std::string_view::npos || depth >= kMaxBaseDepth) return out;
  std::string_view producer = target.substr(0, hash), slot = target.substr(hash + 1, dot - hash - 1);
  std::string method(target.substr(dot + 1));
  size_t index = 0;
  if (slot != "w") {
    if (slot.empty() || slot.size() > 3 || slot.find_first_not_of("0123456789") != std::string_view::npos) return out;
    index = std::stoul(std::string(slot)) + 1;
  }
  for (uint32_t g : resolve_functions(producer, from_module, depth + 1)) {
    const auto& classes = summary(fns_[g]).returned_classes;
    if (index >= classes.size() || classes[index].empty()) continue;
    for (uint32_t f : resolve_functions(classes[index] + "." + method, files_[fns_[g].file].module, depth + 1))
      if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
  }
  return out;
}

std::vector<uint32_t> ProjectIndex::resolve_parameter_class(std::string_view target, size_t at, int depth) const {
  size_t dot = target.find('.', at);
  if (dot == std::string_view::npos || depth >= kMaxBaseDepth) return {};
  auto fn = fn_by_qualname_.find(target.substr(0, at));
  std::string_view slot = target.substr(at + 1, dot - at - 1);
  if (fn == fn_by_qualname_.end() || slot.empty() || slot.size() > 2 ||
      slot.find_first_not_of("0123456789") != std::string_view::npos)
    return {};
  const auto& classes = fns_[fn->second].facts.param_classes;
  size_t index = std::stoul(std::string(slot));
  if (index >= classes.size() || classes[index].empty()) return {};
  const std::string& module = files_[fns_[fn->second].file].module;
  // A module's call is its forward, which the model analysis follows by other means: only
  // other objects (a gradient scaler, a logger) are resolved through the parameter.
  auto found = resolve_classes(classes[index], module);
  if (std::any_of(found.begin(), found.end(), [&](uint32_t c) { return classes_[c].is_module; })) return {};
  return resolve_functions(classes[index] + std::string(target.substr(dot)), module, depth + 1);
}

void ProjectIndex::resolve_calls() {
  for (Fn& f : fns_) {
    const FunctionSummary& s = summary(f);
    const std::string& module = files_[f.file].module;
    f.callees.reserve(s.calls.size());
    for (const CallRef& c : s.calls) f.callees.push_back(resolve_functions(c.target.str(), module));
    f.facts.effects = s.effects;
    // Forwards of parameters annotated with an imported class: a model only if that class is
    // a module, or is not the project's (then the name that made it a model stands).
    for (const std::string& cls : s.runs_model_if_module) {
      auto found = resolve_classes(cls, module);
      if (found.empty() || std::any_of(found.begin(), found.end(), [&](uint32_t c) { return classes_[c].is_module; }))
        f.facts.effects |= kRunsModel;
    }
    // Methods of nn.Module subclasses run in the mode and grad mode their caller chose.
    std::string_view owner = head_part(s.qualname);
    for (uint32_t ci : resolve_classes(owner, module))
      if (classes_[ci].is_module && classes_[ci].qualname == owner) f.facts.effects |= kIsModuleMethod;
  }
}

// The project code a returned call names (`meter.get_loss()`: the callee, else every method of
// that name) returns no loss: the name that made the call's result a loss is contradicted.
bool ProjectIndex::loss_name_contradicted(const Fn& f) const {
  const FunctionSummary& s = summary(f);
  for (uint32_t i : s.returns_from) {
    std::string every = "**.";
    every += last_part(s.calls[i].target.str());
    auto defs = f.callees[i].empty() ? resolve_functions(every, {}) : f.callees[i];
    if (!defs.empty() && std::none_of(defs.begin(), defs.end(), [&](uint32_t g) { return (fns_[g].facts.effects & kReturnsLoss) != 0; }))
      return true;
  }
  return false;
}

void ProjectIndex::propagate_effects() {
  // Monotone except for kLeavesEval, which is recomputed from the ordered mode events each
  // round; bounded rounds keep a pathological recursion from looping.
  for (int round = 0; round < 64; ++round) {
    bool changed = false;
    for (Fn& f : fns_) {
      const FunctionSummary& s = summary(f);
      uint32_t e = f.facts.effects;
      for (size_t i = 0; i < s.calls.size(); ++i) {
        const CallRef& c = s.calls[i];
        for (uint32_t g : f.callees[i]) {
          uint32_t ge = fns_[g].facts.effects;
          uint32_t inherited = ge & kInheritedEffects;
          if (c.periodic) inherited &= ~(kSyncs | kSyncsOwnTensor);
          if (c.under_no_grad) inherited &= ~kRunsModel;
          if (!c.in_loop && (ge & kSteps)) inherited |= kSteps;
          e |= inherited;
        }
      }
      for (uint32_t i : s.returns_from)
        for (uint32_t g : f.callees[i]) e |= fns_[g].facts.effects & kReturnEffects;
      if ((e & kReturnsLossByName) && !(e & kReturnsLoss) && !loss_name_contradicted(f)) e |= kReturnsLoss;
      for (uint32_t i : s.decorators)
        for (uint32_t g : f.callees[i])
          if (fns_[g].facts.effects & kNoGradWrapper) e |= kNoGradBody;
      // Under a project no-grad decorator (`@smart_inference_mode()`), its forwards record nothing.
      if (e & kNoGradBody) e &= ~kRunsModel;
      // The mode the function leaves behind: its last switch, own or through a callee.
      bool leaves_eval = false;
      for (auto m = s.modes.rbegin(); m != s.modes.rend(); ++m) {
        if (m->kind == ModeEvent::Eval) { leaves_eval = true; break; }
        if (m->kind == ModeEvent::Train) break;
        uint32_t ce = 0;
        for (uint32_t g : f.callees[m->ref]) ce |= fns_[g].facts.effects;
        if (ce & kLeavesEval) { leaves_eval = true; break; }
        if (ce & kSetsTrain) break;
      }
      e = leaves_eval ? (e | kLeavesEval) : (e & ~kLeavesEval);
      changed |= e != f.facts.effects;
      f.facts.effects = e;
    }
    if (!changed) break;
  }
}

void ProjectIndex::propagate_call_sites() {
  // called_only_under_no_grad: every call site in the project runs under no-grad, because of
  // its own region, its function's decorator, or (transitively) its function's callers.
  std::vector<uint32_t> sites(fns_.size(), 0), under(fns_.size(), 0);
  for (bool changed = true; changed;) {
    changed = false;
    std::fill(sites.begin(), sites.end(), 0);
    std::fill(under.begin(), under.end(), 0);
    for (Fn& f : fns_) {
      const FunctionSummary& s = summary(f);
      bool caller_no_grad = (f.facts.effects & kNoGradBody) || f.facts.called_only_under_no_grad;
      for (size_t i = 0; i < s.calls.size(); ++i) {
        bool no_grad = s.calls[i].under_no_grad || caller_no_grad;
        for (uint32_t g : f.callees[i]) {
          ++sites[g];
          under[g] += no_grad;
          if (s.calls[i].after_eval) fns_[g].facts.called_after_eval = true;
          if (s.calls[i].before_backward && !no_grad) fns_[g].facts.feeds_backward = true;
        }
      }
    }
    for (size_t g = 0; g < fns_.size(); ++g) {
      bool only = sites[g] > 0 && sites[g] == under[g];
      changed |= only != fns_[g].facts.called_only_under_no_grad;
      fns_[g].facts.called_only_under_no_grad = only;
    }
  }
}

const FunctionFacts* ProjectIndex::function(std::string_view qualname) const {
  auto it = fn_by_qualname_.find(qualname);
  return it == fn_by_qualname_.end() ? nullptr : &fns_[it->second].facts;
}

uint32_t ProjectIndex::effects_of(std::string_view target, std::string_view from_module) const {
  uint32_t e = 0;
  for (uint32_t f : resolve_functions(target, from_module)) e |= fns_[f].facts.effects;
  return e;
}

bool ProjectIndex::lookup(std::string_view target, std::string_view from_module, uint32_t* effects) const {
  auto found = resolve_functions(target, from_module);
  *effects = 0;
  for (uint32_t f : found) *effects |= fns_[f].facts.effects;
  return !found.empty();
}

bool ProjectIndex::resolves(std::string_view target, std::string_view from_module) const {
  return !resolve_functions(target, from_module).empty();
}

const ClassSummary* ProjectIndex::class_of(std::string_view target, std::string_view from_module) const {
  auto found = resolve_classes(target, from_module);
  return found.empty() ? nullptr : &classes_[found.front()];
}

std::string ProjectIndex::answer(IndexQuery::Kind kind, std::string_view key, std::string_view from_module, uint32_t bits) const {
  switch (kind) {
    case IndexQuery::kEffects: {
      uint32_t effects = 0;
      if (!lookup(key, from_module, &effects)) return "0";
      return std::to_string((key.starts_with("*.") ? effects & kMethodNameOnlyEffects : effects) & bits);
    }
    case IndexQuery::kFunction: {
      const FunctionFacts* f = function(key);
      return f ? std::to_string(f->effects & bits) : "-";
    }
    case IndexQuery::kCallers: {
      const FunctionFacts* f = function(key);
      if (!f) return "-";
      std::string out;
      if (f->called_only_under_no_grad) out += 'n';
      if (f->called_after_eval) out += 'e';
      if (f->feeds_backward) out += 'b';
      if (f->every_step) out += 'h';
      if (f->looped_without_clearing) out += 'z';
      if (f->device_tensor_params) out += 't' + std::to_string(f->device_tensor_params);
      if (f->loader_params) out += 'l' + std::to_string(f->loader_params);
      return out;
    }
    case IndexQuery::kResolves:
      return resolves(key, from_module) ? "1" : "0";
    case IndexQuery::kRunsArguments:
    case IndexQuery::kReturnsArguments:
      return argument_slots(kind, key, from_module);
    case IndexQuery::kClass: {
      const ClassSummary* c = class_of(key, from_module);
      if (!c) return "-";
      std::string out = c->qualname;  // appended piecewise: GCC 12 warns falsely (-Wrestrict) on a + chain
      out += c->is_module ? ":m" : ":";
      if (c->is_loss) out += 'l';
      if (c->has_stochastic_layers) out += 's';
      return out;
    }
  }
  return "?";
}

bool ProjectIndex::answers_alike(const std::vector<IndexQuery>& queries, std::string_view from_module) const {
  for (const IndexQuery& q : queries)
    if (answer(q.kind, q.key.str(), from_module, q.bits) != q.answer.str()) return false;
  return true;
}

}  // namespace torchlint::py
