// The project index: every file's summaries joined, call references resolved to definitions
// (module path, class, method; through base classes), and facts made transitive across
// files by a fixpoint. Built once between the two phases of a run; read-only afterwards.
#pragma once
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "python/summary.h"

namespace torchlint::py {

class ProjectIndex {
 public:
  // Takes the file's summary; the returned id names it in file().
  uint32_t add(FileSummary file);
  const FileSummary& file(uint32_t id) const { return files_[id]; }
  // Resolves every reference and computes the transitive facts. Call once, after add().
  void complete();

  // Facts of the function defined as `qualname` (exactly), or nullptr.
  const FunctionFacts* function(std::string_view qualname) const;
  // The union of the effects of what `target` (a CallRef target written in module
  // `from_module`) resolves to; 0 when it resolves to nothing in the project.
  uint32_t effects_of(std::string_view target, std::string_view from_module) const;
  bool resolves(std::string_view target, std::string_view from_module) const;
  // Both at once: whether `target` resolves, and the union of its effects.
  bool lookup(std::string_view target, std::string_view from_module, uint32_t* effects) const;
  // Class facts for a reference to a project class (closed over its project bases).
  const ClassSummary* class_of(std::string_view target, std::string_view from_module) const;

  // The answer to one question a file's analysis asks (what SemanticModel records), encoded
  // so that equal strings mean equal answers.
  // The arguments a call of `target` runs as a model (kRunsArguments) or returns
  // (kReturnsArguments), as `position:name,` entries (position among the call's positional
  // arguments, `self` not counted); empty when none.
  std::string argument_slots(IndexQuery::Kind which, std::string_view target, std::string_view from_module) const;
  std::string answer(IndexQuery::Kind kind, std::string_view key, std::string_view from_module, uint32_t bits = ~0u) const;
  // Whether this index answers every recorded question as recorded: then a file analysed
  // against another index gets the same results against this one.
  bool answers_alike(const std::vector<IndexQuery>& queries, std::string_view from_module) const;
  size_t function_count() const { return fns_.size(); }

 private:
  struct Fn {
    uint32_t file = 0;
    uint32_t index = 0;  // into FileSummary::functions; UINT32_MAX for module level
    FunctionFacts facts;
    std::vector<std::vector<uint32_t>> callees;  // per call, resolved function ids
  };
  const FunctionSummary& summary(const Fn& f) const;
  std::vector<uint32_t> resolve_functions(std::string_view target, std::string_view from_module, int depth = 0) const;
  std::vector<uint32_t> resolve_classes(std::string_view target, std::string_view from_module, int depth = 0) const;
  // `pkg.Net` where pkg's `__init__.py` did `from .net import Net`: `pkg.net.Net`; else empty.
  std::string_view reexported(std::string_view target) const;
  std::vector<uint32_t> resolve_returned(std::string_view target, size_t hash, std::string_view from_module,
                                         int depth) const;
  void close_classes();
  void resolve_calls();
  void propagate_effects();
  bool loss_name_contradicted(const Fn& f) const;
  void propagate_call_sites();
  // Calls `visit(caller, call, callee)` over every resolved call (not name-only matches), in
  // rounds, until a round's visits all return false (nothing changed).
  template <class Visit>
  void until_stable(Visit visit);
  void propagate_parameter_kinds();
  void propagate_parameter_classes();
  // `pkg.train@4.__call__`: the method of the class parameter 4 of `pkg.train` holds.
  std::vector<uint32_t> resolve_parameter_class(std::string_view target, size_t at, int depth) const;
  void propagate_run_parameters();
  void propagate_every_step();
  void propagate_uncleared_loops();
  void propagate_compiled();  // compiled.cpp
  // The methods of project subclasses that override `method` (`pkg.Base.forward`) and inherit
  // the base's method `site` unchanged.
  std::vector<uint32_t> overriding_methods(std::string_view method, std::string_view site,
                                           std::string_view from_module) const;

  std::vector<FileSummary> files_;
  std::vector<Fn> fns_;
  std::vector<ClassSummary> classes_;  // closed over bases by complete()
  // Looked up by string_view without allocating (most call targets are library calls).
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  template <class V>
  using Map = std::unordered_map<std::string, V, Hash, std::equal_to<>>;
  Map<std::vector<uint32_t>> fn_by_name_;     // last segment -> fns_
  Map<std::vector<uint32_t>> class_by_name_;  // last segment -> classes_
  Map<uint32_t> fn_by_qualname_;
  // Method name -> the one project method of that name (absent when there are several or
  // none): how `*.name` (a method of an unknown receiver) resolves.
  Map<uint32_t> unique_method_;
  // Name -> (module, what the module imported under that name), for `pkg.Net` -> `pkg.net.Net`.
  Map<std::vector<std::pair<std::string, std::string>>> reexports_;
};

// `a.b.c` matches `x.a.b.c` and `c` matches... only whole dotted segments: true when one is
// a dotted suffix of the other.
bool dotted_suffix_match(std::string_view a, std::string_view b);

}  // namespace torchlint::py
