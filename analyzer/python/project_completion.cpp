// The model's side of the project join: what the file tells the index (summary()) and what
// the joined facts change in the file (complete()): training loops through helpers in any
// file, project no-grad decorators and context managers, evaluation code by evidence.
#include <algorithm>
#include <unordered_map>

#include "python/graph_discarded.h"
#include "python/kinds.h"
#include "python/names.h"
#include "python/semantic_model.h"
#include "python/torch_api.h"

namespace torchlint::py {

namespace {
bool is_capitalized(std::string_view s) { return !s.empty() && std::isupper(static_cast<unsigned char>(s[0])); }
}  // namespace

// `loss_scaler(loss, optimizer, clip_grad=...)` of a library (timm's NativeScaler): a function
// we cannot see, handed a loss and an optimizer, backpropagates and steps. A project function
// answers for itself through its summary.
bool SemanticModel::steps_through_unknown_helper(TSNode call) const {
  const Kinds& k = kinds();
  TSNode callee = field(call, "function"), args = field(call, "arguments");
  if (ts_node_symbol(callee) == k.attribute || ts_node_is_null(args)) return false;
  if (!any_argument(args, [&](TSNode a) { return is_optimizer(a); })) return false;
  if (!any_argument(args, [&](TSNode a) { return provenance(a).loss; })) return false;
  // Asked last: whether the project defines the callee is a question to the whole project,
  // and a file that asks it is analysed again when the answer changes.
  return !call_resolves(call);
}

const std::vector<uint32_t>& SemanticModel::calls_named(std::string_view name) const {
  if (!calls_by_name_built_) {
    calls_by_name_built_ = true;
    const Kinds& k = kinds();
    for (uint32_t c = 0; c < calls_.size(); ++c) {
      TSNode call = calls_[c].node;
      if (ts_node_is_null(call) || ts_node_symbol(call) != k.call) continue;  // a bare decorator
      TSNode callee = field(call, "function");
      if (ts_node_symbol(callee) == k.identifier) calls_by_name_[text(callee)].push_back(c);
    }
  }
  static const std::vector<uint32_t> none;
  auto it = calls_by_name_.find(name);
  return it == calls_by_name_.end() ? none : it->second;
}

const std::string* SemanticModel::nested_function(int parent, std::string_view name) const {
  auto key = [](int p, std::string_view n) {
    std::string k = std::to_string(p);
    k += ':';
    k.append(n);
    return k;
  };
  if (!nested_functions_built_) {
    for (const FunctionInfo& g : functions_)  // the first definition wins, as the scan did
      if (g.parent >= 0 && g.class_index < 0) nested_functions_.try_emplace(key(g.parent, g.name), g.qualname);
    nested_functions_built_ = true;
  }
  auto it = nested_functions_.find(key(parent, name));
  return it == nested_functions_.end() ? nullptr : &it->second;
}

std::string SemanticModel::annotated_class_elsewhere(TSNode callee, int fn) const {
  const Kinds& k = kinds();
  if (ts_node_symbol(callee) != k.identifier) return "";
  const Assignment* b = binding(text(callee), ts_node_start_byte(callee), fn);
  if (!b || !b->parameter || ts_node_is_null(b->annotation)) return "";
  TSSymbol as = ts_node_symbol(b->annotation);
  if (as != k.identifier && as != k.attribute) return "";
  std::string a = canonical(b->annotation);
  if (a.starts_with("torch.") || a.ends_with(".Module")) return "";
  std::string_view name = last_segment(text(b->annotation));
  for (const ClassInfo& cls : classes_)
    if (cls.name == name) return "";  // defined here: the file knows it already
  return target_of(b->annotation, b->fn);
}

std::string SemanticModel::target_of(TSNode callee, int fn) const {
  const Kinds& k = kinds();
  if (ts_node_is_null(callee)) return {};
  // Bindings can form cycles (`f = f()` seen through a broken parse): bound the chase.
  struct Depth {
    int& d;
    explicit Depth(int& x) : d(++x) {}
    ~Depth() { --d; }
  } depth(target_depth_);
  if (depth.d > 16) return {};
  TSSymbol s = ts_node_symbol(callee);
  if (s == k.identifier) {
    std::string_view name = text(callee);
    if (names_import(callee)) return imports_.canonical(name);
    if (const Assignment* b = binding(name, ts_node_start_byte(callee), fn)) {
      // A parameter annotated with a class (`scaler: NativeScaler`): its `__call__`.
      if (b->parameter && !ts_node_is_null(b->annotation)) {
        std::string t = target_of(b->annotation, b->fn);
        if (!t.empty() && is_capitalized(last_segment(t))) return t + ".__call__";
      }
      // Any other parameter: whatever class its callers hand it (FunctionFacts::param_classes),
      // decided at the join: `pkg.train@4.__call__`.
      if (b->parameter && b->fn >= 0) {
        const FunctionInfo& owner = functions_[b->fn];
        for (size_t i = 0; i < owner.params.size(); ++i)
          if (owner.params[i] == name) return owner.qualname + "@" + std::to_string(i) + ".__call__";
        return {};
      }
      if (std::string t = instance_call_target(*b); !t.empty()) return t;
      if (b->fn >= 0 || b->parameter) return {};
    }
    // A nested function of an enclosing function, then a definition of the module.
    for (int f = fn; f >= 0; f = functions_[f].parent)
      if (const std::string* q = nested_function(f, name)) return *q;
    if (top_level_names_.count(std::string(name))) return options_.module + "." + std::string(name);
    return {};
  }
  if (s == k.call) {  // `FocalLoss()(logits, y)`: the instance's __call__
    std::string t = target_of(field(callee, "function"), fn);
    return !t.empty() && is_capitalized(last_segment(t)) ? t + ".__call__" : std::string();
  }
  if (s != k.attribute) return {};
  TSNode obj = field(callee, "object");
  std::string method(text(field(callee, "attribute")));
  TSSymbol os = ts_node_symbol(obj);
  if (os == k.identifier && (text(obj) == "self" || text(obj) == "cls") && fn >= 0) {
    // `self.rpn(x)` where a method set `self.rpn = RPN(...)`: the sub-module's forward.
    if (const Assignment* b = binding(text(callee), ts_node_start_byte(callee), fn))
      if (std::string t = instance_call_target(*b); !t.empty()) return t;
    int cls = functions_[fn].class_index;
    if (cls < 0 && functions_[fn].parent >= 0) cls = functions_[functions_[fn].parent].class_index;
    if (cls >= 0) return classes_[cls].qualname + "." + method;
  }
  if (os == k.call && text(field(obj, "function")) == "super" && fn >= 0) {
    int cls = functions_[fn].class_index;
    if (cls >= 0 && !classes_[cls].bases.empty()) return classes_[cls].bases.front() + "." + method;
  }
  TSNode root = obj;
  while (ts_node_symbol(root) == k.attribute) root = field(root, "object");
  if (ts_node_symbol(root) == k.identifier && names_import(root)) {
    // `utils.validate`, `F.relu`: through the import; an imported class's method likewise.
    if (!binding(text(root), ts_node_start_byte(root), fn)) return canonical(callee);
  }
  if (os == k.identifier || os == k.attribute) {
    // A method of an instance: `model.parse_batch(b)` where `model = Net().cuda()` or
    // `model = load_model(cfg)` (the class that function returns, decided at the join).
    if (const Assignment* b = binding(text(obj), ts_node_start_byte(obj), fn)) {
      constexpr std::string_view kCall = ".__call__";
      if (std::string t = instance_call_target(*b); t.ends_with(kCall)) return t.substr(0, t.size() - kCall.size()) + "." + method;
    }
  }
  return "*." + method;
}

// The argument of `call` that is the plain name `name` (positional or keyword), or null.
TSNode SemanticModel::argument_named(TSNode call, std::string_view name) const {
  const Kinds& k = kinds();
  TSNode args = field(call, "arguments"), found{};
  if (ts_node_is_null(args)) return found;
  for_each_named_child(args, [&](TSNode a) {
    if (ts_node_symbol(a) == k.keyword_argument) a = field(a, "value");
    if (ts_node_is_null(found) && ts_node_symbol(a) == k.identifier && text(a) == name) found = a;
  });
  return found;
}

// `isinstance(x, torch.Tensor)` (or a tuple of types naming it): a test of the value's type.
bool SemanticModel::tests_for_tensor(TSNode condition) const {
  const Kinds& k = kinds();
  if (ts_node_is_null(condition) || ts_node_symbol(condition) != k.call || text(field(condition, "function")) != "isinstance")
    return false;
  TSNode args = field(condition, "arguments");
  if (ts_node_is_null(args) || ts_node_named_child_count(args) != 2) return false;
  TSNode types = ts_node_named_child(args, 1);
  bool names_tensor = false;
  auto check = [&](TSNode t) { names_tensor = names_tensor || canonical(t) == "torch.Tensor"; };
  if (ts_node_symbol(types) == k.tuple) for_each_named_child(types, check);
  else check(types);
  return names_tensor;
}

// What calling a name bound to an instance of a class runs: `Class.__call__`; also through
// module methods that return the module (`Net().to(device)`) and wrappers whose call runs what
// they wrap (`DDP(model)`, `torch.compile(model)`).
std::string SemanticModel::instance_call_target(const Assignment& b) const {
  const Kinds& k = kinds();
  if (b.parameter || ts_node_is_null(b.value) || ts_node_symbol(b.value) != k.call) return {};
  TSNode value = module_behind(b.value);
  if (TSNode wrapped = wrapped_module(value); !ts_node_is_null(wrapped)) {
    if (ts_node_symbol(wrapped) != k.call) return target_of(wrapped, b.fn);
    value = wrapped;
  }
  if (std::string cls = class_made_by(value, b.fn); !cls.empty()) return cls + ".__call__";
  // `model = warm_start(path, model)`, `model = apply_allreduce(model)`: a call handed the
  // name's own value gives back that value, or a wrapper that runs it.
  if (TSNode own = argument_named(value, b.name); !ts_node_is_null(own)) return target_of(own, b.fn);
  // `model = build_model(cfg)`, `model, opt = setup(cfg)`: whatever class that function
  // returns there (FunctionSummary::returned_classes), decided at the join.
  TSNode producer = field(value, "function");
  std::string t = ts_node_symbol(producer) == k.identifier ? target_of(producer, b.fn) : canonical(producer);
  if (!t.empty() && t.find('#') == std::string::npos && !t.starts_with("*.") && !is_capitalized(last_segment(t)))
    return t + "#" + (b.element_index >= 0 ? std::to_string(b.element_index) : std::string("w")) + ".__call__";
  return {};
}

const std::string& SemanticModel::call_target(TSNode call) const {
  static const std::string none;
  auto it = call_by_node_.find(node_key(call));
  return it == call_by_node_.end() ? none : calls_[it->second].target;
}

const CallInfo* SemanticModel::resolved_call(TSNode call) const {
  auto it = call_by_node_.find(node_key(call));
  if (it == call_by_node_.end()) return nullptr;
  const CallInfo& c = calls_[it->second];
  if (c.resolved < 0) {
    c.resolved = 0;
    c.effects = 0;
    if (!c.target.empty() && index_ && index_->lookup(c.target, options_.module, &c.effects)) {
      c.resolved = 1;
      // A method matched by its name only: structure, never what it reads or returns.
      if (c.target.starts_with("*.")) c.effects &= kMethodNameOnlyEffects;
    }
  }
  return &c;
}

// `meter.get_loss()` on a receiver of unknown class: the project defines methods of that name
// and none returns a loss with its graph (they return `.item()`s), so the name is no evidence.
bool SemanticModel::project_methods_return_no_loss(TSNode callee) const {
  if (!index_ || ts_node_symbol(callee) != kinds().attribute) return false;
  std::string every = "**.";  // appended piecewise: GCC 12 warns falsely (-Wrestrict) on a + chain
  every += text(field(callee, "attribute"));
  note_query(IndexQuery::kResolves, every);
  if (!index_->resolves(every, options_.module)) return false;
  return target_effects(every, kReturnsLoss) == 0;
}

uint32_t SemanticModel::target_effects(const std::string& target, uint32_t read) const {
  if (!index_ || target.empty()) return 0;
  note_query(IndexQuery::kEffects, target, read);
  uint32_t effects = 0;
  index_->lookup(target, options_.module, &effects);
  return effects & read;
}

// Each records the question it answers, and only that one: a call that names a project helper
// without effects reads alike whether or not the helper is found, unless code asks.
uint32_t SemanticModel::call_effects(TSNode call, uint32_t read) const {
  const CallInfo* c = resolved_call(call);
  if (c && (read & ~c->effects_noted) && !c->target.empty() && index_) {
    note_query(IndexQuery::kEffects, c->target, read);
    c->effects_noted |= read;
  }
  return c ? c->effects & read : 0;
}

bool SemanticModel::call_resolves(TSNode call) const {
  const CallInfo* c = resolved_call(call);
  if (c && !c->resolves_noted && !c->target.empty() && index_) {
    note_query(IndexQuery::kResolves, c->target);
    c->resolves_noted = true;
  }
  return c && c->resolved == 1;
}

std::vector<TSNode> SemanticModel::arguments_in(IndexQuery::Kind which, TSNode call) const {
  std::vector<TSNode> out;
  const CallInfo* c = resolved_call(call);
  // A name-only match (`*.update`) says nothing about its arguments.
  if (!c || c->target.empty() || c->target.starts_with("*.") || !index_) return out;
  // Library calls (most of them) name no project function: one cached answer, no slot lookup.
  if (!call_resolves(call)) return out;
  note_query(which, c->target);
  std::string slots = index_->argument_slots(which, c->target, options_.module);
  if (slots.empty()) return out;
  // Whether `position:name,` entries name the argument at this position or keyword.
  auto listed = [&](int position, std::string_view keyword) {
    for (size_t at = 0; at < slots.size();) {
      size_t colon = slots.find(':', at), comma = slots.find(',', at);
      if (colon == std::string::npos || comma == std::string::npos) break;
      std::string_view name = std::string_view(slots).substr(colon + 1, comma - colon - 1);
      if (keyword.empty() ? std::stoi(slots.substr(at, colon - at)) == position : name == keyword) return true;
      at = comma + 1;
    }
    return false;
  };
  int position = 0;
  bool splat = false;  // positions after a splat are unknown
  for_each_named_child(field(call, "arguments"), [&](TSNode a) {
    if (is_kind(a, "comment")) return;
    if (ts_node_symbol(a) == kinds().keyword_argument) {
      if (listed(-1, text(field(a, "name")))) out.push_back(field(a, "value"));
    } else if (is_kind(a, "list_splat") || is_kind(a, "dictionary_splat")) {
      splat = true;
    } else if (!splat && listed(position++, {})) {
      out.push_back(a);
    }
  });
  return out;
}

bool SemanticModel::call_runs_argument(TSNode call, TSNode arg) const {
  for (TSNode a : arguments_in(IndexQuery::kRunsArguments, call))
    if (same_node(a, arg)) return true;
  return false;
}

// The parameters the function returns as they came: a return of a name still bound to the
// parameter there.
uint32_t SemanticModel::parameters_returned(int fn) const {
  const FunctionInfo& f = functions_[fn];
  uint32_t out = 0;
  for (TSNode r : f.returns) {
    if (ts_node_symbol(r) != kinds().identifier) continue;
    const Assignment* b = binding(text(r), ts_node_start_byte(r), fn);
    if (!b || !b->parameter || b->fn != fn || after_tensor_return(r)) continue;
    for (size_t i = 0; i < f.params.size() && i < 32; ++i)
      if (f.params[i] == b->name) out |= 1u << i;
  }
  return out;
}

// `if isinstance(x, torch.Tensor): return x.item()` earlier in an enclosing block: a later
// `return x` hands back only what is not a tensor.
bool SemanticModel::after_tensor_return(TSNode returned) const {
  const Kinds& k = kinds();
  std::string_view name = text(returned);
  for (TSNode stmt = parent(returned); !ts_node_is_null(stmt) && ts_node_symbol(stmt) != k.function_definition; stmt = parent(stmt)) {
    for (TSNode prev = ts_node_prev_named_sibling(stmt); !ts_node_is_null(prev); prev = ts_node_prev_named_sibling(prev)) {
      if (ts_node_symbol(prev) != k.if_statement || !tests_for_tensor(field(prev, "condition"))) continue;
      TSNode tested = ts_node_named_child(field(field(prev, "condition"), "arguments"), 0);
      TSNode body = field(prev, "consequence");
      uint32_t n = ts_node_named_child_count(body);
      TSNode last = n ? ts_node_named_child(body, n - 1) : TSNode{};
      if (text(tested) == name && !ts_node_is_null(last) && (is_kind(last, "return_statement") || is_kind(last, "raise_statement")))
        return true;
    }
  }
  return false;
}

// The parameters the function calls as a model with gradients on: `scorenet(x)`,
// `net.forward(x)`, `model.module(x)`.
uint32_t SemanticModel::parameters_run(int fn) const {
  const FunctionInfo& f = functions_[fn];
  if (f.no_grad_decorated || f.body_under_no_grad) return 0;
  uint32_t out = 0;
  for (uint32_t c : f.calls) {
    if (calls_[c].decorator || calls_[c].under_no_grad) continue;
    TSNode callee = field(calls_[c].node, "function");
    while (ts_node_symbol(callee) == kinds().attribute &&
           (text(field(callee, "attribute")) == "forward" || text(field(callee, "attribute")) == "module"))
      callee = field(callee, "object");
    if (ts_node_symbol(callee) != kinds().identifier) continue;
    const Assignment* b = binding(text(callee), ts_node_start_byte(callee), fn);
    if (!b || !b->parameter || b->fn != fn || is_frozen_module(callee)) continue;
    for (size_t i = 0; i < f.params.size() && i < 32; ++i)
      if (f.params[i] == b->name) out |= 1u << i;
  }
  return out;
}

void SemanticModel::note_callers_read(int fn) const {
  const FunctionInfo& f = functions_[fn];
  if (!index_ || f.callers_noted) return;
  note_query(IndexQuery::kCallers, f.qualname);
  f.callers_noted = true;
}

bool SemanticModel::called_only_under_no_grad(int fn) const {
  if (fn < 0) return false;
  note_callers_read(fn);
  return functions_[fn].called_only_under_no_grad;
}

// The call hands its callee a model, and not the one switched to eval before it: a distillation
// step that puts its teacher in eval mode and passes the student on (`self.teacher.eval()`, then
// `self._compute_loss(model, inputs)`) does not make the callee evaluation code.
bool SemanticModel::hands_other_model(TSNode call, std::string_view switched) const {
  TSNode args = field(call, "arguments");
  if (ts_node_is_null(args)) return false;
  bool other = false, same = false;
  for_each_named_child(args, [&](TSNode a) {
    if (ts_node_symbol(a) == kinds().keyword_argument) a = field(a, "value");
    if (text(a) == switched) same = true;
    else if ((ts_node_symbol(a) == kinds().identifier || ts_node_symbol(a) == kinds().attribute) && is_model_callee(a)) other = true;
  });
  return other && !same;
}

// Whether the bit of parameter `name` is set in one of `fn`'s per-parameter facts.
bool SemanticModel::parameter_fact(int fn, std::string_view name, uint32_t FunctionInfo::*bits) const {
  if (fn < 0 || !index_) return false;
  const FunctionInfo& f = functions_[fn];
  for (size_t i = 0; i < f.params.size() && i < 32; ++i)
    if (f.params[i] == name) {
      note_callers_read(fn);
      return (f.*bits >> i & 1u) != 0;
    }
  return false;
}

bool SemanticModel::parameter_gets_device_tensor(int fn, std::string_view name) const {
  return parameter_fact(fn, name, &FunctionInfo::device_tensor_params);
}

bool SemanticModel::parameter_gets_loader(int fn, std::string_view name) const {
  return parameter_fact(fn, name, &FunctionInfo::loader_params);
}


bool SemanticModel::looped_without_clearing(int fn) const {
  if (fn < 0 || !index_) return false;
  note_callers_read(fn);
  return functions_[fn].looped_without_clearing;
}

bool SemanticModel::runs_every_step(int fn) const {
  if (fn < 0 || !index_) return false;
  note_callers_read(fn);
  return functions_[fn].runs_every_step;
}

bool SemanticModel::caller_sets_eval_mode(int fn) const {
  if (fn < 0) return false;
  note_callers_read(fn);
  return functions_[fn].caller_sets_eval_mode;
}

FileSummary SemanticModel::summary() const {
  const Kinds& k = kinds();
  FileSummary out;
  out.module = options_.module;
  // `from .net import Net`: a dotted canonical under another local name than a bare module's.
  for (const auto& [local, canonical] : imports_.bindings())
    if (canonical.find('.') != std::string::npos && canonical != local) out.imported_names.emplace_back(local, canonical);
  std::sort(out.imported_names.begin(), out.imported_names.end());
  for (const ClassInfo& c : classes_) out.classes.push_back({c.qualname, c.bases, c.is_module, c.is_loss, false});
  // The file's call table as CallRefs; call-table index -> CallRef index per function.
  std::vector<int> ref_of(calls_.size(), -1);
  // Calls grouped by function (index fn + 1; 0: module level), in file order: one pass, not one
  // per function (a file of 25,000 functions took minutes).
  std::vector<std::vector<uint32_t>> calls_of(functions_.size() + 1);
  for (uint32_t i = 0; i < calls_.size(); ++i)
    if (calls_[i].fn >= -1 && calls_[i].fn < static_cast<int>(functions_.size())) calls_of[calls_[i].fn + 1].push_back(i);
  auto summarize_calls = [&](int fn, FunctionSummary& s, const std::vector<ModeCall>& modes) {
    std::vector<std::pair<uint32_t, ModeEvent>> events;
    std::unordered_map<uintptr_t, uint16_t> loop_ids;  // CallRef::loop
    for (const ModeCall& m : modes)
      if (m.on_parameter) events.push_back({m.pos, {m.eval ? ModeEvent::Eval : ModeEvent::Train, 0}});
    for (uint32_t i : calls_of[fn + 1]) {
      const CallInfo& c = calls_[i];
      if (c.target.empty()) continue;
      CallRef r;
      r.target = c.target;
      r.in_loop = c.in_loop;
      // Handed only frozen modules (every parameter `requires_grad = False`): whatever the
      // callee runs on them records no graph, as under no-grad.
      r.under_no_grad = c.under_no_grad || passes_only_frozen_modules(c.node);
      r.periodic = periodic_guarded(c.node);
      r.eager_only = eager_only(c.node);
      r.constant_args = constant_call(c.node);
      // A method matched by its name only (`*.update`) or PyTorch's own API hands nothing on
      // to a project function: skip the cost.
      if (!c.decorator && !c.target.starts_with("*.") && !c.target.starts_with("torch.")) {
        r.args = argument_kinds(c.node, fn);
        r.arg_classes = argument_classes(c.node, fn);
      }
      uint32_t pos = ts_node_start_byte(c.node);
      TSNode loop = c.in_loop ? innermost_loop(c.node) : TSNode{};
      // A test's loops train nothing (tests are analysed without training contexts).
      if (const LoopInfo* l = ts_node_is_null(loop) || options_.is_test_file ? nullptr : this->loop(loop)) {
        auto [at, fresh] = loop_ids.try_emplace(node_key(loop), static_cast<uint16_t>(loop_ids.size() + 1));
        r.loop = at->second;
        r.loop_clears_grad = l->clears_grad || !l->cleared_optimizers.empty();  // any optimizer's: conservative
      }
      for (TSNode root : fn >= 0 ? functions_[fn].backward_roots : module_backward_roots_) {
        if (ts_node_start_byte(root) <= pos) continue;
        r.before_backward = true;
        // The same loop's step, not a deeper loop's (an epoch loop around the batch loop).
        r.step_of_loop = r.step_of_loop || (!ts_node_is_null(loop) && ts_node_eq(innermost_loop(root), loop));
      }
      const ModeCall* last = last_mode_switch(modes, pos);
      // A test switches modes to check a function's behaviour: that is not the program evaluating.
      r.after_eval = last && last->eval && !hands_other_model(c.node, last->receiver) && !options_.is_test_file;
      ref_of[i] = static_cast<int>(s.calls.size());
      if (c.decorator) s.decorators.push_back(static_cast<uint32_t>(s.calls.size()));
      else events.push_back({pos, {ModeEvent::Call, static_cast<uint32_t>(s.calls.size())}});
      s.calls.push_back(std::move(r));
    }
    std::stable_sort(events.begin(), events.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& [pos, e] : events) s.modes.push_back(e);
  };
  std::vector<bool> runs_data_loop(functions_.size(), false);  // one pass over the loops, not one per function
  for (const auto& [key, l] : loops_)
    if (l.function >= 0 && !runs_data_loop[l.function] && runs_own_data_loop(l.node, l.function))
      runs_data_loop[l.function] = true;
  for (int fi = 0; fi < static_cast<int>(functions_.size()); ++fi) {
    const FunctionInfo& f = functions_[fi];
    FunctionSummary s;
    s.qualname = f.qualname;
    s.params = f.params;
    s.runs_params = parameters_run(fi);
    s.returns_params = parameters_returned(fi);
    s.returned_classes = returned_classes(fi);
    uint32_t e = 0;
    if (f.any_backward) e |= kBackward;
    if (f.steps_directly) e |= kSteps;
    if (f.clears_grad) e |= kClearsGrad;
    for (uint32_t c : f.calls)
      if (!calls_[c].decorator && is_clock_api(canonical(field(calls_[c].node, "function")))) e |= kReadsClock;
    // Methods of a module run inside a forward pass already counted at the module's call.
    bool module_method = f.class_index >= 0 && classes_[f.class_index].is_module;
    for (uint32_t c : f.calls) {
      if (module_method || f.no_grad_decorated) break;
      TSNode callee = field(calls_[c].node, "function");
      if (!calls_[c].decorator && !calls_[c].under_no_grad && is_model_callee(callee) && !is_frozen_module(callee)) {
        // `encoder(x)` with `encoder: EncoderStep` imported: the project knows whether that is a module.
        if (std::string cls = annotated_class_elsewhere(callee, fi); !cls.empty()) {
          s.runs_model_if_module.push_back(std::move(cls));
          continue;
        }
        e |= kRunsModel;
        s.runs_model_if_module.clear();
        break;  // one is enough
      }
    }
    if (f.no_grad_decorated || f.body_under_no_grad) e |= kNoGradBody;
    if (f.no_grad_wrapper) e |= kNoGradWrapper;
    e |= compile_decorator_effects(fi);
    for (const ModeCall& m : f.mode_calls)
      if (m.on_parameter) e |= m.eval ? kSetsEval : kSetsTrain;
    // A helper syncs for its caller only when it always does: `.item()` under an `if` (a
    // flag, a reduction mode) depends on arguments the summary does not see. A helper that
    // runs its own loop over the data (`train(loader, ...)`, once per epoch) holds the hot
    // loop itself: its syncs are reported there, and one read per pass over the data is not
    // a per-step cost for the caller.
    for (TSNode sync : f.sync_calls) {
      if (runs_data_loop[fi]) break;
      bool conditional = false;
      TSNode child = sync;
      for (TSNode p : ancestors(sync)) {
        TSSymbol ps = ts_node_symbol(p);
        if (ps == k.function_definition) break;
        // `if isinstance(data, torch.Tensor): return data.item()`: the branch a tensor takes.
        bool tensor_branch = (ps == k.if_statement || ps == k.elif_clause) && same_node(child, field(p, "consequence")) &&
                             tests_for_tensor(field(p, "condition"));
        child = p;
        if (tensor_branch) continue;
        if (ps == k.if_statement || ps == k.elif_clause || ps == k.else_clause || ps == k.conditional_expression ||
            ps == k.except_clause || ps == k.boolean_operator) {
          conditional = true;
          break;
        }
      }
      if (conditional) continue;
      e |= kSyncs;
      // `(p.grad ** 2).sum().item()`: a device tensor of its own, whatever the caller hands it.
      TSNode callee = field(sync, "function");
      if (ts_node_symbol(callee) == k.attribute && provenance_at(field(callee, "object"), fi, 0).tensor) e |= kSyncsOwnTensor;
    }
    summarize_calls(fi, s, f.mode_calls);
    s.inlines = submodule_calls(fi);
    // What it returns: by local flow now; through returned calls once the project is joined.
    bool probabilities = !f.returns.empty();
    for (TSNode r : f.returns) probabilities = probabilities && softmax_output(r, 0, false);
    if (probabilities) e |= kReturnsProbabilities;
    for (TSNode r : f.returns) {
      bool evidence_before = used_name_evidence();
      clear_name_evidence();
      Provenance p = provenance_at(r, fi, 0);
      // A loss computed under no_grad holds no graph; a returned call named like a loss waits
      // for the project's definitions of that name.
      if (p.loss && p.grad) e |= used_name_evidence() && ts_node_symbol(r) == k.call ? kReturnsLossByName : kReturnsLoss;
      if (evidence_before) note_name_evidence();
      if (p.grad && p.model_output) e |= kReturnsOutput;
      if (value_is_model(r, fi, 0) > 0) e |= kReturnsModel;
      std::vector<TSNode> returned{r};
      while (!returned.empty()) {
        TSNode v = returned.back();
        returned.pop_back();
        TSSymbol vs = ts_node_symbol(v);
        if (vs == k.call) {
          auto it = call_by_node_.find(node_key(v));
          if (it != call_by_node_.end() && calls_[it->second].fn == fi && ref_of[it->second] >= 0)
            s.returns_from.push_back(ref_of[it->second]);
        } else if (vs == k.tuple || vs == k.expression_list || vs == k.list || vs == k.parenthesized_expression ||
                   vs == k.dictionary) {
          for_each_named_child(v, [&](TSNode c) { returned.push_back(c); });
        } else if (vs == k.pair) {
          returned.push_back(field(v, "value"));
        } else if (vs == k.identifier) {
          const Assignment* b = binding(text(v), ts_node_start_byte(v), fi);
          if (b && !ts_node_is_null(b->value) && ts_node_symbol(b->value) == k.call) returned.push_back(b->value);
        }
      }
    }
    s.effects = e;
    out.functions.push_back(std::move(s));
  }
  out.module_level.qualname = options_.module;
  summarize_calls(-1, out.module_level, module_mode_calls_);
  out.compiled = compiled_targets();
  // Classes whose layers depend on the mode (dropout, batch norm): train/eval matters.
  for (const CallInfo& c : calls_) {
    if (c.fn < 0 || functions_[c.fn].class_index < 0) continue;
    std::string_view seg = last_segment(c.target);
    if (seg.find("Dropout") != std::string_view::npos || seg.find("BatchNorm") != std::string_view::npos ||
        seg == "dropout" || seg.find("DropPath") != std::string_view::npos)
      out.classes[functions_[c.fn].class_index].has_stochastic_layers = true;
  }
  // Summaries outlive the file's analysis (the project index holds every one): no slack.
  auto fit = [](FunctionSummary& f) {
    f.calls.shrink_to_fit();
    f.modes.shrink_to_fit();
    f.returns_from.shrink_to_fit();
  };
  for (FunctionSummary& f : out.functions) fit(f);
  fit(out.module_level);
  out.functions.shrink_to_fit();
  return out;
}

TSNode SemanticModel::innermost_loop(TSNode n) const {
  for (TSNode a : ancestors(n)) {
    TSSymbol s = ts_node_symbol(a);
    if (is_scope_boundary(s)) break;
    if (is_loop(kinds(), s)) return a;
  }
  return {};
}

TSNode SemanticModel::wrapped_module(TSNode call) const {
  if (ts_node_symbol(call) != kinds().call || !TorchApi::get().callable_has(canonical(field(call, "function")), kApiPassesThrough))
    return {};
  TSNode args = field(call, "arguments");
  if (ts_node_is_null(args) || ts_node_named_child_count(args) == 0) return {};
  TSNode first = ts_node_named_child(args, 0);
  return ts_node_symbol(first) == kinds().keyword_argument ? TSNode{} : module_behind(first);
}

std::string SemanticModel::class_made_by(TSNode expr, int fn, int depth) const {
  const Kinds& k = kinds();
  if (ts_node_is_null(expr) || depth > 6) return {};
  if (ts_node_symbol(expr) == k.call) {
    TSNode ctor = field(module_behind(expr), "function");
    std::string t = ts_node_symbol(ctor) == k.identifier ? target_of(ctor, fn) : canonical(ctor);
    return !t.empty() && !t.starts_with("*.") && is_capitalized(last_segment(t)) ? t : std::string();
  }
  if (ts_node_symbol(expr) != k.identifier) return {};
  const Assignment* b = binding(text(expr), ts_node_start_byte(expr), fn);
  if (!b || b->parameter || b->loop_target || b->fn != fn || ts_node_is_null(b->value)) return {};
  // `model = wrap(model)`, `model, opt = amp.initialize(model, opt)`: what it was before.
  std::string made = b->element ? std::string() : class_made_by(b->value, fn, depth + 1);
  if (made.empty() && ts_node_symbol(b->value) == k.call)
    if (TSNode own = argument_named(b->value, b->name); !ts_node_is_null(own)) return class_made_by(own, fn, depth + 1);
  return made;
}

std::vector<std::string> SemanticModel::returned_classes(int fn) const {
  const Kinds& k = kinds();
  std::vector<std::string> out;
  std::vector<bool> conflict;
  auto set = [&](size_t slot, std::string cls) {
    if (cls.empty()) return;
    if (out.size() <= slot) out.resize(slot + 1), conflict.resize(slot + 1);
    if (out[slot].empty() && !conflict[slot]) out[slot] = std::move(cls);
    else if (out[slot] != cls) conflict[slot] = true;
  };
  for (TSNode r : functions_[fn].returns) {
    TSSymbol s = ts_node_symbol(r);
    if (s == k.expression_list || s == k.tuple) {
      size_t i = 0;
      for_each_named_child(r, [&](TSNode e) { set(++i, class_made_by(e, fn)); });
    } else {
      set(0, class_made_by(r, fn));
    }
  }
  for (size_t i = 0; i < out.size(); ++i)
    if (conflict[i]) out[i].clear();
  return out;
}

std::string SemanticModel::argument_classes(TSNode call, int fn) const {
  const Kinds& k = kinds();
  std::string out;
  auto add = [&](std::string_view slot, TSNode value) {
    if (ts_node_symbol(value) != k.identifier) return;
    // A name that calling runs `Class.__call__` holds an instance of that class.
    std::string t = target_of(value, fn);
    constexpr std::string_view kCall = ".__call__";
    if (!t.ends_with(kCall) || t.starts_with("*.") || t.find(';') != std::string::npos) return;
    out += slot;
    out += '=';
    out += std::string_view(t).substr(0, t.size() - kCall.size());
    out += ';';
  };
  int position = 0;
  bool splat = false;
  for_each_named_child(field(call, "arguments"), [&](TSNode a) {
    if (ts_node_symbol(a) == k.keyword_argument) add(text(field(a, "name")), field(a, "value"));
    else if (is_kind(a, "list_splat") || is_kind(a, "dictionary_splat")) splat = true;
    else if (!splat && !is_kind(a, "comment")) add(std::to_string(position++), a);
  });
  return out;
}

std::string SemanticModel::argument_kinds(TSNode call, int fn) const {
  const Kinds& k = kinds();
  TSNode args = field(call, "arguments");
  if (ts_node_is_null(args) || ts_node_symbol(args) != k.argument_list) return {};
  const std::vector<std::string>* params = fn >= 0 ? &functions_[fn].params : nullptr;
  auto kind_of = [&](TSNode value) -> char {
    if (provenance_at(value, fn, 0).tensor) return 't';
    bool loader = iterates_data(value, fn);
    if (params && !loader && ts_node_symbol(value) == k.identifier) {
      const Assignment* b = binding(text(value), ts_node_start_byte(value), fn);
      if (b && b->parameter && b->fn == fn)
        for (size_t i = 0; i < params->size() && i < 26; ++i)
          if ((*params)[i] == b->name) return static_cast<char>('a' + i);
    }
    return loader ? 'l' : '.';
  };
  std::string positional, keywords;
  bool splat = false;
  for_each_named_child(args, [&](TSNode a) {
    if (ts_node_symbol(a) == k.keyword_argument) {
      keywords += '|';
      keywords += text(field(a, "name"));
      keywords += '=';
      keywords += kind_of(field(a, "value"));
    } else if (is_kind(a, "list_splat") || is_kind(a, "dictionary_splat")) {
      if (!splat) positional += '*';
      splat = true;
    } else if (!splat && !is_kind(a, "comment")) {
      positional += kind_of(a);
    }
  });
  return positional + keywords;
}

void SemanticModel::note_query(IndexQuery::Kind kind, const std::string& key, uint32_t bits) const {
  asked_[{kind, key}] |= bits;
}

const ClassSummary* SemanticModel::indexed_class(const std::string& target) const {
  note_query(IndexQuery::kClass, target);
  return index_->class_of(target, options_.module);
}

bool SemanticModel::resolves_recorded(const std::string& target) const {
  note_query(IndexQuery::kResolves, target);
  return index_->resolves(target, options_.module);
}

std::vector<IndexQuery> SemanticModel::index_queries() const {
  std::vector<IndexQuery> out;
  out.reserve(asked_.size());
  for (const auto& [k, bits] : asked_) out.push_back({k.first, k.second, index_->answer(k.first, k.second, options_.module, bits), bits});
  return out;
}

void SemanticModel::complete(const ProjectIndex& index) {
  index_ = &index;
  asked_.clear();
  for (const CallInfo& c : calls_) {
    c.resolved = -1;
    c.effects_noted = 0;
    c.resolves_noted = false;
  }
  model_callee_memo_.clear();
  periodic_branch_memo_.clear();
  provenance_memo_.clear();
  for (auto& f : functions_) {
    f.effects = 0;
    f.callers_noted = false;
    f.feeds_backward = false;
    f.device_tensor_params = 0;
    f.loader_params = 0;
    f.runs_every_step = false;
    f.looped_without_clearing = false;
    note_query(IndexQuery::kFunction, f.qualname, kOwnEffectsRead);
    if (const FunctionFacts* facts = index.function(f.qualname)) {
      f.effects = facts->effects;
      f.called_only_under_no_grad = facts->called_only_under_no_grad;
      f.caller_sets_eval_mode = facts->called_after_eval;
      f.feeds_backward = facts->feeds_backward;
      f.device_tensor_params = facts->device_tensor_params;
      f.loader_params = facts->loader_params;
      f.runs_every_step = facts->every_step;
      f.looped_without_clearing = facts->looped_without_clearing;
      if ((f.effects & kNoGradBody) && !f.body_under_no_grad) f.no_grad_decorated = true;  // a project no-grad decorator
    }
    f.steps = f.steps_directly || (f.effects & kSteps);
    f.reaches_backward = f.any_backward || (f.effects & kBackward);
    f.clears_grad = f.clears_grad || (f.effects & kClearsGrad);
  }
  // `with project_helper():` that enters no-grad.
  for (auto& [with, call] : pending_withs_) {
    if (!call_effects(call, kNoGradWrapper)) continue;
    no_grad_withs_.insert(node_key(with));
    uint32_t b = ts_node_start_byte(with), e = ts_node_end_byte(with);
    for (auto& scope : assignments_)
      for (auto& [name, list] : scope)
        for (Assignment& a : list)
          if (a.pos > b && a.pos <= e) a.in_no_grad = true;
  }
  // Only evaluation candidates need to know whether they run a model themselves.
  for (auto& f : functions_) {
    f.has_model_call = false;
    bool module_method = (f.effects & kIsModuleMethod) || (f.class_index >= 0 && classes_[f.class_index].is_module);
    if ((f.reaches_backward && f.train_flag.empty()) || module_method || options_.is_test_file) continue;
    for (uint32_t c : f.calls)
      if (!calls_[c].decorator && is_model_callee(field(calls_[c].node, "function"))) {
        f.has_model_call = true;
        break;
      }
  }
  clear_name_evidence();
  for (auto& [key, l] : loops_) {
    l.training = l.steps_directly;
    for (uint32_t c : l.direct_calls)
      l.training = l.training || call_effects(calls_[c].node, kSteps) || steps_through_unknown_helper(calls_[c].node);
    for (uint32_t c : l.all_calls) {
      uint32_t e = call_effects(calls_[c].node, kBackward | kClearsGrad);
      l.reaches_backward = l.reaches_backward || (e & kBackward);
      l.clears_grad = l.clears_grad || (e & kClearsGrad);
    }
    for (const std::string& t : l.optimizer_targets)
      if (t.empty() || !resolves_recorded(t)) l.passes_optimizer_to_unknown = true;  // once per loop
  }
  complete_eval_code();
  // Test files exercise models and optimizers on purpose; they are not training code. A file
  // written for another framework (`import megengine as mge`, no torch) trains and evaluates
  // that framework's models: its `model(x)` and `loss.backward()` are not PyTorch's.
  if (options_.is_test_file || written_for_another_framework()) {
    for (auto& [key, l] : loops_) l.training = l.eval_loop = false;
    for (auto& f : functions_) f.is_eval = false;
  }
}

bool SemanticModel::passes_only_frozen_modules(TSNode call) const {
  const Kinds& k = kinds();
  TSNode args = field(call, "arguments");
  if (ts_node_is_null(args) || ts_node_symbol(args) != k.argument_list) return false;
  // Most calls hand no frozen module: the costlier model test runs only when one does.
  if (!any_argument(args, [&](TSNode a) { return is_frozen_module(a); })) return false;
  return !any_argument(args, [&](TSNode a) { return !is_frozen_module(a) && is_model_callee_object(a); });
}

bool SemanticModel::written_for_another_framework() const {
  if (imports_.imports_root("torch")) return false;
  for (std::string_view other : {"tensorflow", "keras", "jax", "flax", "megengine", "paddle", "mindspore", "oneflow", "mxnet"})
    if (imports_.imports_root(other)) return true;
  return false;
}

// `for x, y in loader`, `enumerate(tqdm(val_loader))`: a loop over a dataset (a DataLoader
// or Dataset by construction, or by its name), not over timesteps or a range.
bool SemanticModel::iterates_data(TSNode iterable, int fn) const {
  const Kinds& k = kinds();
  for (int depth = 0; depth < 6 && !ts_node_is_null(iterable); ++depth) {
    TSSymbol s = ts_node_symbol(iterable);
    if (s == k.call) {
      std::string c = canonical(field(iterable, "function"));
      std::string_view seg = last_segment(c);
      if (seg.ends_with("DataLoader") || seg.ends_with("Dataset")) return true;
      if (seg != "enumerate" && seg != "tqdm" && seg != "zip" && seg != "iter") return false;
      TSNode args = field(iterable, "arguments");
      iterable = ts_node_is_null(args) ? TSNode{} : ts_node_named_child(args, 0);
      continue;
    }
    if (s != k.identifier && s != k.attribute) return false;
    std::string name = lower(last_segment(text(iterable)));
    if (name.find("loader") != std::string::npos || name.find("dataset") != std::string::npos) return true;
    const Assignment* b = binding(text(iterable), ts_node_start_byte(iterable), fn);
    if (b && b->parameter) return parameter_gets_loader(b->fn, b->name);
    if (!b || ts_node_is_null(b->value)) return false;
    iterable = b->value;
    fn = b->fn;
  }
  return false;
}

// A loop of its own over the data: it steps or backpropagates in its body, or iterates a
// loader. Facts known before the project is joined (the summary is written from them).
bool SemanticModel::runs_own_data_loop(TSNode loop_node, int fn) const {
  const Kinds& k = kinds();
  TSSymbol s = ts_node_symbol(loop_node);
  if (s != k.for_statement && s != k.while_statement) return false;
  if (const LoopInfo* l = loop(loop_node); l && (l->steps_directly || l->reaches_backward)) return true;
  return s == k.for_statement && iterates_data(field(loop_node, "right"), fn);
}

void SemanticModel::complete_eval_code() {
  const Kinds& k = kinds();
  // Per function, where its first training loop ends (a loop after it evaluates what it trained).
  std::unordered_map<int, uint32_t> first_training_end;
  for (const auto& [key, l] : loops_) {
    if (!l.reaches_backward) continue;
    auto [it, fresh] = first_training_end.try_emplace(l.function, ts_node_end_byte(l.node));
    if (!fresh) it->second = std::min(it->second, ts_node_end_byte(l.node));
  }
  // Evaluation loops: after model.eval() in the same function, with no backward.
  for (auto& [key, l] : loops_) {
    if (l.reaches_backward) continue;
    const auto& calls = l.function < 0 ? module_mode_calls_ : functions_[l.function].mode_calls;
    uint32_t start = ts_node_start_byte(l.node);
    const ModeCall* last = last_mode_switch(calls, start);
    l.eval_loop = last && last->eval;
    // A loop over data under no-grad that runs a model, after a loop of the same scope that
    // trained it, with no switch to eval reaching it: evaluation in training mode.
    l.eval_without_mode = false;
    if (l.eval_loop || ts_node_symbol(l.node) != k.for_statement || !in_no_grad(l.node) ||
        !iterates_data(field(l.node, "right"), l.function))
      continue;
    bool runs = false;
    for (uint32_t c : l.direct_calls) runs = runs || is_model_callee(field(calls_[c].node, "function"));
    auto trained = first_training_end.find(l.function);
    bool trained_before = trained != first_training_end.end() && trained->second <= start;
    l.eval_without_mode = runs && trained_before && !last;
    l.eval_loop = l.eval_without_mode;
  }
  // A function evaluates when it runs a model, never backpropagates, and something says it
  // evaluates: it switches to eval mode, a caller does before calling it, or it runs the
  // model over data under no-grad. Its name alone is not enough: an evaluation-like name
  // counts only with a loop over data and a model it did not build itself (a smoke test
  // builds one and feeds it random input).
  for (int fi = 0; fi < static_cast<int>(functions_.size()); ++fi) {
    FunctionInfo& f = functions_[fi];
    bool runs_model = f.has_model_call || (f.effects & kRunsModel);  // own calls, or a helper's with grad on
    bool module_method = (f.effects & kIsModuleMethod) || (f.class_index >= 0 && classes_[f.class_index].is_module);
    f.is_eval = false;
    f.eval_by_name_only = false;
    // One function for both: `model.train(is_train)`, backward only under `if is_train:`, and
    // nothing that turns gradients off when the flag is off.
    f.evaluates_on_flag = false;
    if (!f.train_flag.empty() && !f.grad_follows_flag && !f.no_grad_decorated && !f.step_calls.empty() && runs_model) {
      bool all_guarded = true;
      for (TSNode step : f.step_calls) all_guarded = all_guarded && under_flag_branch(step, f.train_flag);
      f.evaluates_on_flag = all_guarded;
    }
    // A forward shared with training (`self.forward()` then `loss.backward()` in
    // `optimize_parameters`, under no-grad in `test`) is not evaluation code.
    if (!runs_model || f.reaches_backward || module_method) continue;
    note_callers_read(fi);
    if (f.feeds_backward) continue;
    // Its first mode switch is to eval (a later .train() restores the caller's mode).
    bool sets_eval = !f.mode_calls.empty() && f.mode_calls.front().eval;
    // A switch to train mode in a sibling branch makes it a forward that picks its mode
    // (`if not train: model.eval() ... else: model.train()`): its callers train with it too.
    for (const ModeCall& other : f.mode_calls)
      if (sets_eval && !other.eval && !f.mode_calls.front().reaches(other.pos) && !other.reaches(f.mode_calls.front().pos))
        sets_eval = false;
    // The eval switch must reach a model call: `if mode == EVAL: model.eval()` followed by a
    // forward run in either mode is a forward that picks its mode, not evaluation code. And a
    // model the function builds itself (random weights: lazy-layer initialisation, shape
    // inference) is not evaluated.
    bool data_loop = false, fresh_model = false, eval_reaches_model = false, all_fresh = true, direct = false;
    bool graphs_discarded = true;  // every forward's output is only detached or read as values
    for (uint32_t ci : f.calls) {
      const CallInfo& c = calls_[ci];
      if (c.decorator) continue;
      TSNode callee = field(c.node, "function");
      bool model_call = is_model_callee(callee);
      if (!model_call) continue;
      direct = true;
      if (sets_eval && f.mode_calls.front().reaches(ts_node_start_byte(c.node))) eval_reaches_model = true;
      bool fresh = false;
      if (ts_node_symbol(callee) == k.identifier) {
        const Assignment* b = binding(text(callee), ts_node_start_byte(callee), fi);
        // Built by a constructor (`Net()`, `nn.Sequential(...)`); a function that derives it
        // from another model (`truncate(backbone, depth)`) gives that model's weights.
        if (b && b->fn == fi && !b->parameter && !ts_node_is_null(b->value) && ts_node_symbol(b->value) == k.call &&
            value_is_model(b->value, fi, 0) > 0 && !class_made_by(b->value, fi).empty() && text(b->value).find("from_pretrained") == std::string_view::npos &&
            text(b->value).find("load") == std::string_view::npos &&
            text(f.node).find(std::string(text(callee)) + ".load") == std::string_view::npos)  // load_state_dict later
          fresh = true;
      }
      graphs_discarded = graphs_discarded && forward_output_discarded(*this, c.node, f.node);
      fresh_model = fresh_model || fresh;
      all_fresh = all_fresh && fresh;
      for (TSNode p : ancestors(c.node)) {
        TSSymbol s = ts_node_symbol(p);
        if (s == k.function_definition || s == k.lambda) break;
        if (s == k.for_statement && iterates_data(field(p, "right"), fi)) data_loop = true;
      }
    }
    clear_name_evidence();
    bool no_grad = f.no_grad_decorated || called_only_under_no_grad(fi);
    // Only the function's own model calls say where its forward runs; through a helper, as before.
    if (direct) sets_eval = sets_eval && eval_reaches_model && !all_fresh;
    // Over data, it throws away the graph of every forward it runs: it runs the model for
    // its values (features, predictions), which is evaluation whatever the function is named.
    bool discards = direct && graphs_discarded && data_loop && !fresh_model;
    bool by_other_flow = caller_sets_eval_mode(fi) || (no_grad && data_loop && !fresh_model) || discards;
    bool by_flow = sets_eval || by_other_flow;
    bool by_name = f.is_eval_by_name && data_loop && !fresh_model;
    f.is_eval = (by_flow || by_name) && !options_.is_test_file;
    f.eval_by_name_only = f.is_eval && !by_flow;
    f.eval_by_own_switch = f.is_eval && !by_other_flow && !by_name;
  }
}

}  // namespace torchlint::py
