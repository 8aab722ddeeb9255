// The per-file semantic model: imports, functions, loops and the facts rules ask about
// (training loops, no-grad regions, evaluation code, where values come from).
// Built by one pass over the tree (build_model), then completed with project-wide facts
// (ProjectIndex) before rules run.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "python/kinds.h"
#include "python/project_index.h"
#include "python/summary.h"
#include "python/ts.h"

namespace torchlint::py {

// Whether `holds` is true of some value a call's argument list passes: `f(x, key=v)` tries x,
// then v (not the keyword's name). Stops at the first that holds.
template <class F>
bool any_argument(TSNode args, F&& holds) {
  bool found = false;
  if (ts_node_is_null(args)) return false;
  for_each_named_child(args, [&](TSNode a) {
    if (!found) found = holds(ts_node_symbol(a) == kinds().keyword_argument ? field(a, "value") : a);
  });
  return found;
}

class ImportTable {
 public:
  // `pos`: where the import statement ends (the binding takes effect there).
  void bind(std::string local, std::string canonical, uint32_t pos) {
    // `from torch import Tensor as T`: a name whose last segment the file never spells.
    size_t dot = canonical.rfind('.');
    std::string last = dot == std::string::npos ? canonical : canonical.substr(dot + 1);
    if (last != local) renamed_.insert(std::move(last));
    position_[local] = pos;
    alias_[std::move(local)] = std::move(canonical);
  }
  // Where the last import of `name` ends (0 when none binds it).
  uint32_t position(std::string_view name) const {
    auto it = position_.find(std::string(name));
    return it == position_.end() ? 0 : it->second;
  }
  // Whether an import binds a name ending in `segment` under another local name.
  bool renames(std::string_view segment) const { return renamed_.count(std::string(segment)) > 0; }
  // `F.cross_entropy` with `import torch.nn.functional as F` -> `torch.nn.functional.cross_entropy`.
  std::string canonical(std::string_view dotted) const;
  // Whether `name` was bound by an import (`import models` binds `models` to itself).
  bool imported(std::string_view name) const { return alias_.count(std::string(name)) > 0; }
  // Every (local name, canonical) bound by an import.
  const std::unordered_map<std::string, std::string>& bindings() const { return alias_; }
  // Some import names a module of the package `root` (`import torch.nn as nn`: "torch").
  bool imports_root(std::string_view root) const {
    for (const auto& [local, canonical] : alias_)
      if (canonical.starts_with(root) && (canonical.size() == root.size() || canonical[root.size()] == '.')) return true;
    return false;
  }
  // The last segment of what an imported `name` stands for (`qr` for `q` after
  // `from torch import qr as q`); empty for a name no import binds.
  std::string_view alias_last_segment(std::string_view name) const {
    auto it = alias_.find(std::string(name));
    if (it == alias_.end()) return {};
    std::string_view c = it->second;
    size_t dot = c.rfind('.');
    return dot == std::string_view::npos ? c : c.substr(dot + 1);
  }

 private:
  std::unordered_map<std::string, std::string> alias_;
  std::unordered_map<std::string, uint32_t> position_;
  std::unordered_set<std::string> renamed_;
};

struct Assignment {
  std::string name;         // target text: `loss`, `self.total`
  uint32_t pos = 0;         // end byte of the statement (the binding takes effect there)
  TSNode value{};           // right-hand side (null for loop targets and parameters)
  TSNode annotation{};      // a parameter's annotation (`model: nn.Module`)
  int fn = -1;              // the function whose body holds it
  bool augmented = false;   // `+=` and friends
  bool in_no_grad = false;  // inside a no-grad region of its function
  bool in_enable_grad = false;  // inside `with torch.enable_grad()`: grad on whatever the caller does
  bool loop_target = false; // bound by `for NAME in ...`
  bool from_loader = false; // loop target over a data loader: host tensors
  bool parameter = false;   // a function parameter
  bool int_counter = false; // `i` of `for i in range(...)` / `for i, b in enumerate(...)`
  bool element = false;     // one element of `value` (`opt, sched = build(...)`), not all of it
  int element_index = -1;   // which one, when the value is unpacked whole (`loss, n = f(x)`: 1 for n)
  TSNode iterable{};        // a loop target's source: `xs` of `for x in xs`, `b` of `zip(a, b)`
};

struct ModeCall {  // model.eval() / model.train(...)
  uint32_t pos = 0;
  bool eval = false;
  // On something the caller handed in (a parameter, `self`): the caller sees the switch. A
  // model the function builds itself (`from_pretrained` ending in `model.eval()`) it does not.
  bool on_parameter = true;
  std::string_view receiver;  // the switched model as written (`self.teacher_model`)
  uint32_t block_start = 0, block_end = 0;  // the block holding the statement
  // Whether the switch reaches the code at `at`: it comes first, in a block that holds it (a
  // switch in a sibling branch or an earlier `if args.eval:` that returns does not).
  bool reaches(uint32_t at) const { return pos < at && block_start <= at && at < block_end; }
};
// The last mode switch that reaches `at`, or nullptr.
const ModeCall* last_mode_switch(const std::vector<ModeCall>& calls, uint32_t at);

// Every call of the file, once: the function that makes it, where it sits, and what it
// refers to (a CallRef target, see summary.h; empty for library calls).
struct CallInfo {
  TSNode node{};
  std::string target;
  int fn = -1;
  bool in_loop = false;
  bool under_no_grad = false;
  bool decorator = false;   // a decorator expression, not a call that runs here
  // What the target resolves to in the project, memoised after complete(): -1 not yet asked.
  mutable int8_t resolved = -1;
  mutable uint32_t effects = 0;
  // Whether its effects / its resolution were recorded as index questions since complete():
  // call_effects() runs in hot rule paths and must not build a key each time.
  mutable uint32_t effects_noted = 0;  // the bits recorded
  mutable bool resolves_noted = false;
};

struct FunctionInfo {
  TSNode node{};
  std::string name;
  std::string qualname;           // module.Class.method
  int parent = -1;                // enclosing function, -1 for module level
  int class_index = -1;           // enclosing class, if a method
  bool no_grad_decorated = false; // @torch.no_grad() & co, or a project no-grad decorator
  bool body_under_no_grad = false; // all of its body is in one `with torch.no_grad():` (kNoGradBody to callers)
  bool steps_directly = false;    // backward()/optimizer.step() outside any loop of its own
  bool any_backward = false;      // backward()/step() anywhere, loops included
  bool clears_grad = false;       // zero_grad() / p.grad = None anywhere
  bool has_model_call = false;
  bool is_eval_by_name = false;
  bool no_grad_wrapper = false;   // builds or enters no-grad for its caller (decorator factory)
  std::vector<ModeCall> mode_calls;
  std::vector<uint32_t> calls;    // indices into the call table
  std::vector<TSNode> sync_calls; // .item() / .cpu() in its body
  std::vector<TSNode> returns;    // returned expressions
  std::vector<TSNode> backward_roots;  // expressions backward() is called on (module level: see module_backward_roots_)
  std::vector<TSNode> set_grad_enabled_false, set_grad_enabled_true;  // statements
  uint32_t effects = 0;           // Effect bits after the project join
  // Completed with the project index:
  bool steps = false;             // steps_directly, or through a callee
  bool reaches_backward = false;  // any_backward, or through a callee
  bool called_only_under_no_grad = false;
  bool caller_sets_eval_mode = false;   // some call site runs after model.eval()
  bool feeds_backward = false;          // some caller, with grad on, backpropagates after calling it
  mutable bool callers_noted = false;   // the two above were recorded as an index question
  bool is_eval = false;
  bool eval_by_name_only = false; // is_eval rests on its name (confidence: medium)
  bool eval_by_own_switch = false; // is_eval rests only on its own switch to eval mode
  std::string train_flag;         // `model.train(is_train)`: the flag's name
  bool grad_follows_flag = false; // `torch.set_grad_enabled(flag)` somewhere in it
  std::vector<TSNode> step_calls; // backward()/optimizer.step() calls in its body
  bool evaluates_on_flag = false; // trains only under `if flag:`: with the flag off it evaluates
  std::vector<std::string> params; // parameter names in order (`self` included); `*` for a splat
  uint32_t device_tensor_params = 0;
  uint32_t loader_params = 0;           // after the join: params some caller hands a data loader  // after the join: params some caller hands a device tensor
  bool runs_every_step = false;       // after the join: runs every training step (FunctionFacts)
  bool looped_without_clearing = false;  // after the join: FunctionFacts::looped_without_clearing
};

struct LoopInfo {
  TSNode node{};
  int function = -1;
  bool steps_directly = false;  // backward()/step() in its body outside nested loops
  bool reaches_backward = false;
  bool clears_grad = false;     // clears every gradient: model.zero_grad(), p.grad = None, a helper
  std::vector<std::string> cleared_optimizers;  // `X.zero_grad()` on these optimizers
  bool passes_optimizer_to_unknown = false;
  std::vector<uint32_t> direct_calls;  // outside nested loops (indices into the call table)
  std::vector<uint32_t> all_calls;     // anywhere
  std::vector<std::string> optimizer_targets;  // targets of calls an optimizer is handed to
  bool training = false;
  bool eval_loop = false;
  bool eval_without_mode = false;  // evaluates under no-grad after training, no .eval() reaches it
};

struct ClassInfo {
  std::string name;
  std::string qualname;
  std::vector<std::string> bases;  // canonical
  bool is_module = false;
  bool is_loss = false;
  bool has_stochastic_layers = false;
  // `self.X = ...` in any method: what the attribute holds for every other method.
  std::unordered_map<std::string, std::vector<Assignment>> attributes;
};

struct Provenance {
  bool tensor = false;        // a tensor that lives where the model does (not a fresh loader batch)
  bool grad = false;          // carries autograd history
  bool loss = false;          // derived from a loss
  bool model_output = false;  // derived from a model call
  bool host_batch = false;    // a batch straight from a data loader (host memory until moved)
};

struct ModelOptions {
  std::string module = "__main__";  // the file's dotted module path (module_name_for_path)
  bool is_test_file = false;
  bool package_init = false;  // a package's `__init__.py`: `from .x import Y` is relative to the package itself
};

class SemanticModel {
 public:
  SemanticModel(TSNode root, std::string_view src, ModelOptions options);
  SemanticModel(TSNode root, std::string_view src, bool is_test_file)
      : SemanticModel(root, src, ModelOptions{"__main__", is_test_file}) {}

  std::string_view text(TSNode n) const { return node_text(n, src_); }
  // Byte ranges of every comment, in order (for suppressions).
  const std::vector<std::pair<uint32_t, uint32_t>>& comments() const { return comments_; }
  std::string_view source() const { return src_; }
  const ImportTable& imports() const { return imports_; }
  // What a dotted name stands for, with its head resolved through the imports that bind it
  // there (`F.relu` -> `torch.nn.functional.relu`); a head rebound by an assignment or a
  // parameter stays as written.
  std::string canonical(TSNode dotted_name) const;
  // The identifier `name` stands for what an import bound, not for a value assigned later
  // (`import model` then `model = model.Net()`) or a parameter or local of the same name.
  bool names_import(TSNode name) const;

  // What this file contributes to the project index (plain data, no tree).
  FileSummary summary() const;
  // Completes the model with the joined project facts; `index` must outlive the model.
  void complete(const ProjectIndex& index);
  // Every question the analysis asked the index since complete(), with its answer (rules ask
  // lazily: read it after the rules ran). Equal answers from another index mean equal results.
  std::vector<IndexQuery> index_queries() const;
  // What the callers of function `fn` (in any file) do around it; read through these so the
  // question is recorded.
  bool called_only_under_no_grad(int fn) const;
  bool caller_sets_eval_mode(int fn) const;
  // Whether some call site in the project hands parameter `name` of function `fn` a device tensor.
  bool parameter_gets_device_tensor(int fn, std::string_view name) const;
  bool parameter_gets_loader(int fn, std::string_view name) const;  // some caller hands it a data loader
  // Whether function `fn` runs every training step (its callers say so; FunctionFacts::every_step).
  bool runs_every_step(int fn) const;
  // Some loop in the project calls function `fn` without clearing gradients around it.
  bool looped_without_clearing(int fn) const;
  // `n` runs every step of a training loop: every_iteration() in a file that updates weights,
  // or unguarded code of a function that runs every training step (a model's forward).
  bool every_training_step(TSNode n) const;
  const std::string& module_name() const { return options_.module; }
  bool is_test_file() const { return options_.is_test_file; }

  // Every named node in pre-order with its parent's index, recorded by the one tree walk
  // (pass 1). The rule engine iterates this table instead of walking the tree again, and
  // parent queries follow it: tree-sitter's ts_node_parent descends from the root and is
  // linear in the width of every level (quadratic on wide modules).
  size_t node_count() const { return nodes_.size(); }
  TSNode node_at(size_t i) const { return nodes_[i]; }
  // The node a traversal is visiting; ancestor queries start from it.
  void set_current(int32_t i) const { current_ = i; }
  // The table index of a named node (-1 if it is not in the table), and the index after its
  // last descendant: the named descendants of node i are the table entries i+1 .. end-1.
  int32_t index_of(TSNode n) const;
  int32_t subtree_end(int32_t i) const { return subtree_end_[i]; }

  // Enclosing nodes of n, innermost first (n itself excluded). For the current node and its
  // ancestors this allocates nothing.
  class Ancestors {
   public:
    class iterator {
     public:
      iterator(const Ancestors* a, size_t i, int32_t idx) : a_(a), i_(i), idx_(idx) {}
      TSNode operator*() const { return i_ < a_->below_.size() ? a_->below_[i_] : a_->model_->nodes_[idx_]; }
      iterator& operator++() {
        if (i_ < a_->below_.size()) ++i_;
        else idx_ = a_->model_->parent_[idx_];
        return *this;
      }
      bool operator!=(const iterator& o) const { return i_ != o.i_ || idx_ != o.idx_; }
     private:
      const Ancestors* a_;
      size_t i_;
      int32_t idx_;
    };
    iterator begin() const { return {this, 0, start_}; }
    iterator end() const { return {this, below_.size(), -1}; }
    bool empty() const { return below_.empty() && start_ < 0; }
    TSNode front() const { return *begin(); }

   private:
    friend class SemanticModel;
    const SemanticModel* model_ = nullptr;
    std::vector<TSNode> below_;  // innermost first: nodes not in the table's chain
    int32_t start_ = -1;         // then the table chain from here up
  };
  Ancestors ancestors(TSNode n) const;
  TSNode parent(TSNode n) const;

  // -- queries used by contexts and predicates --
  int function_of(TSNode n) const;  // innermost enclosing function, -1 at module level
  const FunctionInfo* function(int i) const { return i < 0 ? nullptr : &functions_[i]; }
  const std::vector<ClassInfo>& classes() const { return classes_; }
  // The function of this file with that qualname (a call's target), or -1.
  int local_function(std::string_view qualname) const;
  // Whether element `index` of what the same-file function `call` calls returns is a Python
  // number: its return annotation says so, or, without one, every return statement builds it.
  bool scalar_element_returned(TSNode call, int index) const;
  // What element `index` of the tuples a same-file function returns is (`return out, loss`),
  // for `pred, loss = self.step(x)`; false when the function is not this file's or a return
  // is no tuple of that size.
  bool element_provenance_returned(TSNode call, int index, int depth, Provenance* out) const;
  bool scalar_element_of_returns(const FunctionInfo& f, int fi, int index) const;
  bool python_scalar(TSNode x, int fn, int depth) const;
  bool metrics_beside_loss(TSNode dict, int fn) const;
  // Softmax probabilities by construction (shape_facts.cpp); with `through_models`, also a
  // model call whose forward returns them (an index question).
  bool softmax_output(TSNode v, int depth, bool through_models) const;
  // A `for` over `range(N)` / `range(a, b)` with literal bounds, or over a literal tuple or
  // list, of at most 10 iterations (a warm-up, two models side by side): what it costs per
  // iteration is paid a few times, not every training step.
  bool runs_few_times(TSNode loop) const;
  // The file may update weights: a step call (`opt.step()`, `engine.step()`, `self.train_step()`),
  // an optimizer or a grad scaler named anywhere in it, or a parameter updated in place from its
  // gradient (`p -= lr * p.grad`). A file with none of these only computes gradients to read
  // them (saliency maps, adversarial attacks, influence scores): it has no training steps.
  bool updates_weights_in_file() const;
  const LoopInfo* loop(TSNode loop_node) const;
  const LoopInfo* innermost_training_loop(TSNode n, TSNode* loop_node = nullptr) const;
  // The innermost loop around n (in its function) whose body backpropagates, directly, in a
  // nested loop or through a helper; null if none.
  TSNode innermost_backward_loop(TSNode n) const;
  TSNode call_node(uint32_t call_index) const { return calls_[call_index].node; }
  size_t call_count() const { return calls_.size(); }
  // The calls of the file whose callee is the plain name `name` (`train_epoch(...)`), in source
  // order; indexed on first use (one scan per question was quadratic on large files).
  const std::vector<uint32_t>& calls_named(std::string_view name) const;
  // A call of a function we cannot see that is handed a loss and an optimizer: it steps.
  bool steps_through_unknown_helper(TSNode call) const;
  // Some loop of the file backpropagates, itself or through a helper (after complete()).
  bool has_backward_loop() const {
    for (const auto& [key, l] : loops_)
      if (l.reaches_backward) return true;
    return false;
  }
  // `model` in `model.encoder(x)` / `model.eval()`: a module instance, by flow or by name.
  bool is_model_callee_object(TSNode obj) const;
  // A callee whose result flows into what the function backpropagates (`netD` in
  // `bce(netD(x), y).backward()`): a differentiable model, whatever its name.
  bool feeds_backward(TSNode callee) const;
  // The model is put in eval mode outside the function that runs it: `self.X.eval()` in any
  // method of the class (a wrapper's __init__), or it comes from `from_pretrained` (which
  // returns Hugging Face models in eval mode).
  bool eval_mode_set_elsewhere(TSNode model) const;
  // `X.requires_grad_(False)` somewhere in the file: X's forward records no graph of its own.
  bool is_frozen_module(TSNode model) const;
  // A name other functions can reach too: module-level, or a local alias of `self.X`.
  bool is_shared_name(TSNode identifier) const;
  // What a local alias stands for: follows `model = self.model`, `model = DataParallel(model)`,
  // `model = model.to(device)` back to the first value that is not an alias.
  TSNode alias_origin(TSNode expr, int fn) const;
  // The module a call hands back unchanged: `X.to(device)`, `X.eval()`, `DataParallel(X)`,
  // `torch.compile(X)` -> X; null for any other call.
  TSNode unwrap_module_call(TSNode call) const;
  // `expr` (a receiver) is rooted at a parameter, `self`, a module-level name or a variable of
  // an enclosing function, also through local aliases: a caller sees what happens to it.
  bool is_shared_with_caller(TSNode expr, int fn) const;
  bool in_no_grad(TSNode n) const;
  bool switched_to_eval(const FunctionInfo& f, TSNode n) const;
  bool hands_other_model(TSNode call, std::string_view switched) const;
  // Code that can never run: under `if False:`, or `if flag:` where `flag` is a function's local
  // bound once, to False / None / 0, before the `if` (a stage switched off). Module-level flags
  // are not constants: configurators rebind them.
  bool never_runs(TSNode n) const;
  // The file imports another deep-learning framework (TensorFlow, JAX, MegEngine, Paddle...)
  // and not torch: its models, losses and `load_state_dict` are that framework's.
  bool written_for_another_framework() const;
  // `expr` is a source of batches: a DataLoader or Dataset by construction, or by its name
  // (`train_loader`), also through `enumerate(...)`/`tqdm(...)` and local aliases.
  bool is_data_source(TSNode expr) const { return iterates_data(expr, function_of(expr)); }
  // Inside a `for` loop of its function that iterates a data source.
  bool in_data_loop(TSNode n) const;
  // The file puts work on an accelerator (`.cuda()`, `torch.cuda.*`, a "cuda" string), or,
  // weaker, names a device at all (`device=`, `x.device`). Memoised; see regions.cpp.
  bool uses_accelerator() const { return device_evidence() >= 2; }
  bool names_device() const { return device_evidence() >= 1; }
  bool every_iteration(TSNode n) const;  // in a training loop and not under a periodic guard
  // Under a guard of its function that makes it periodic logging (`if step % N == 0:` whose
  // branch does no training work) or in an except handler.
  bool periodic_guarded(TSNode n) const;
  bool in_eval_code(TSNode n) const;
  // Inside the consequence of an `if` whose condition names `flag` (`if is_train:`).
  bool under_flag_branch(TSNode n, std::string_view flag) const;
  bool is_model_callee(TSNode callee) const;
  bool is_optimizer(TSNode expr) const;
  bool is_grad_scaler(TSNode expr) const;
  Provenance provenance(TSNode expr) const;
  // A loss by flow: it (or what it is computed from) is backpropagated in its function.
  bool is_backpropagated(TSNode expr) const;
  // Whether `call` runs backward: `loss.backward()`, `scaler.scale(loss).backward()`,
  // `accelerator.backward(loss)`, `self.manual_backward(loss)`, `torch.autograd.backward(loss)`.
  // The one place that says so; `*root` (if given) gets the loss as written, null if none is.
  bool is_backward_call(TSNode call, TSNode* root = nullptr) const;
  // The constructor call behind module methods that return the module itself:
  // `nn.L1Loss().cuda()` -> `nn.L1Loss()`; any other value is returned as it is.
  TSNode module_behind(TSNode value) const;
  // What a wrapper call wraps (`DDP(model)`, `torch.compile(model)`: model), or null.
  TSNode wrapped_module(TSNode call) const;
  // The innermost for/while loop around `n` in its own function, or null.
  TSNode innermost_loop(TSNode n) const;
  // What a call refers to in the project (a CallRef target; empty for library code).
  const std::string& call_target(TSNode call) const;
  // The effects among `read` of what a call resolves to in the project (0: unknown or library
  // code). Name the bits the caller tests: only those make the file's findings depend on
  // other files.
  uint32_t call_effects(TSNode call, uint32_t read) const;
  // Whether a call's target is defined in the project (a function, a method).
  bool call_resolves(TSNode call) const;
  // Whether the project function a call resolves to runs `arg`, one of the call's arguments,
  // as a model with gradients on (itself or through the functions it hands it to).
  bool call_runs_argument(TSNode call, TSNode arg) const;
  // The arguments of a call that the project function it resolves to runs as a model
  // (kRunsArguments) or returns as they came (kReturnsArguments).
  std::vector<TSNode> arguments_in(IndexQuery::Kind which, TSNode call) const;
  // The project class an expression is an instance of (`Net(...)`, a name bound to one,
  // `self.encoder` set in __init__), or nullptr.
  const ClassSummary* instance_class(TSNode expr) const;
  // What the same-file callers hand to parameter `b` of the function around `use`: the
  // argument at its position or keyword at every call by the function's name (empty when the
  // function is never called here, or a call leaves it out).
  std::vector<TSNode> arguments_passed(const Assignment& b, TSNode use) const;
  // The effects (of `read`) of a project function by its call target (`pkg.mod.Net.__call__`:
  // the forward of a module class), recorded as an index question.
  uint32_t target_effects(const std::string& target, uint32_t read) const;
  bool project_methods_return_no_loss(TSNode callee) const;
  // Set by queries that had to rely on a naming convention; the engine reads it to give the
  // finding `confidence: medium`, then clears it.
  bool used_name_evidence() const { return name_evidence_; }
  void clear_name_evidence() const { name_evidence_ = false; }
  void note_name_evidence() const { name_evidence_ = true; }
  // A predicate found that the finding matters less here (a model with no dropout or
  // batch-norm layers): the engine lowers it to `info` and appends the reason.
  void note_lower_severity(std::string reason) const { lower_severity_reason_ = std::move(reason); }
  const std::string& lower_severity_reason() const { return lower_severity_reason_; }
  void clear_lower_severity() const { lower_severity_reason_.clear(); }
  // A plain (`=`) assignment to `name` within (begin, end] of function `fn`, other than the
  // one that ends at `except_pos`.
  bool assigned_within(int fn, std::string_view name, uint32_t begin, uint32_t end, uint32_t except_pos = 0) const;
  const std::vector<Assignment>* assignments(int fn, std::string_view name) const;
  // The binding of `name` visible at `pos` in function `fn`: its own, the class's `self.X`
  // attributes, then module level.
  const Assignment* binding(std::string_view name, uint32_t pos, int fn) const;

  // torch.compile (compiled.cpp). Dynamo traces `n` (after complete()): its function is
  // compiled and `n` is not in a branch that runs only when not compiling.
  bool in_compiled_code(TSNode n) const;
  // `n` sits where only eager execution reaches: under `if not torch.compiler.is_compiling():`,
  // in the `else` of `if torch.compiler.is_compiling():`, after `if is_compiling(): return ...`.
  bool eager_only(TSNode n) const;
  // A call of a plain function (not a method of an object) with literal arguments only.
  bool constant_call(TSNode call) const;
  // CallRef::args of a call made in function `fn`: what each argument is for the callee.
  std::string argument_kinds(TSNode call, int fn) const;
  std::string argument_classes(TSNode call, int fn) const;  // CallRef::arg_classes
  // The project class an expression of function `fn` makes an instance of, as a CallRef target
  // (`Net(...)`, `Net(...).to(dev)`, a local bound to one); empty when unknown.
  std::string class_made_by(TSNode expr, int fn, int depth = 0) const;
  std::string instance_call_target(const Assignment& b) const;
  TSNode argument_named(TSNode call, std::string_view name) const;
  bool tests_for_tensor(TSNode condition) const;
  bool after_tensor_return(TSNode returned) const;
  // FunctionSummary::returned_classes of function `fn`.
  std::vector<std::string> returned_classes(int fn) const;
  // kCompileRoot / kCompileDisabled / kCompileOpaque from the decorators of function `fn`.
  uint32_t compile_decorator_effects(int fn) const;
  // What the file hands to torch.compile (`torch.compile(x)`, `x.compile()`), as call targets.
  std::vector<std::string> compiled_targets() const;
  // The project submodules function `fn` calls through `self` (FunctionSummary::inlines).
  std::vector<std::string> submodule_calls(int fn) const;

 private:
  friend class ModelBuilder;
  Provenance provenance_at(TSNode expr, int fn, int depth) const;
  Provenance provenance_of_call(TSNode call, int fn, int depth) const;
  Provenance provenance_of_name(std::string_view name, uint32_t pos, int fn, int depth) const;
  Provenance element_provenance(TSNode iterable, int position, int fn, int depth) const;
  bool function_no_grad(int fn) const;
  // 1: a module instance, 0: known not to be one, -1: unknown.
  int value_is_model(TSNode value, int fn, int depth) const;
  int getattr_value_is_model(TSNode call) const;
  bool value_is_loss_module(TSNode value, int fn) const;
  std::string target_of(TSNode callee, int fn) const;
  // For `encoder(x)` where `encoder` is a parameter annotated with a class this file imports
  // (not torch's Module): that class as a call target, else empty.
  std::string annotated_class_elsewhere(TSNode callee, int fn) const;
  void complete_eval_code();
  bool iterates_data(TSNode iterable, int fn) const;
  bool runs_own_data_loop(TSNode loop_node, int fn) const;
  bool passes_only_frozen_modules(TSNode call) const;

  std::string_view src_;
  mutable bool updates_weights_known_ = false, updates_weights_ = false;
  ModelOptions options_;
  const ProjectIndex* index_ = nullptr;
  // Recorded index questions: (kind, key) -> answer.
  // Questions asked of the index since complete(), with the effect bits read; answered when
  // the analysis ends (index_queries()).
  mutable std::map<std::pair<IndexQuery::Kind, std::string>, uint32_t> asked_;
  void note_query(IndexQuery::Kind kind, const std::string& key, uint32_t bits = ~0u) const;
  void note_callers_read(int fn) const;
  const ClassSummary* indexed_class(const std::string& target) const;
  bool resolves_recorded(const std::string& target) const;
  std::vector<CallInfo> calls_;
  std::unordered_map<uintptr_t, uint32_t> call_by_node_;
  std::vector<std::pair<TSNode, TSNode>> pending_withs_;  // (with statement, call of a project helper)
  std::unordered_set<std::string> top_level_names_;      // defs and classes of the module
  std::unordered_set<std::string> reassigned_imports_;   // import names some assignment or parameter also binds
  bool import_rebound(std::string_view name, TSNode use) const;
  uint32_t parameters_run(int fn) const;       // FunctionSummary::runs_params of one function
  uint32_t parameters_returned(int fn) const;  // FunctionSummary::returns_params of one function
  // The qualname of the function `name` defined directly in function `parent` (not in a
  // class), or nullptr; built on first use (a scan of all functions per question was
  // quadratic on files with thousands of functions).
  const std::string* nested_function(int parent, std::string_view name) const;
  mutable std::unordered_map<std::string, std::string> nested_functions_;
  mutable bool nested_functions_built_ = false;
  mutable std::unordered_map<std::string_view, std::vector<uint32_t>> calls_by_name_;
  mutable bool calls_by_name_built_ = false;
  int device_evidence() const;
  bool parameter_fact(int fn, std::string_view name, uint32_t FunctionInfo::*bits) const;
  mutable int8_t device_evidence_ = -1;
  mutable int target_depth_ = 0;  // recursion of target_of
  mutable int8_t mentions_is_compiling_ = -1;  // the source spells `compiling` (is_compiling() & co)
  mutable const ProjectIndex* compiled_memo_index_ = nullptr;  // the index any_compiled_ was computed for
  mutable bool any_compiled_ = false;                         // some function of the file is compiled
  mutable bool name_evidence_ = false;
  mutable std::string lower_severity_reason_;
  // is_model_callee is asked about the same callee by several rules: callee -> (answer, by name).
  mutable std::unordered_map<uintptr_t, std::pair<bool, bool>> model_callee_memo_;
  // if/elif node -> whether its consequence is a periodic (logging) branch.
  mutable std::unordered_map<uintptr_t, bool> periodic_branch_memo_;
  // provenance() answers and whether each rested on a name; cleared by complete().
  mutable std::unordered_map<uintptr_t, std::pair<Provenance, bool>> provenance_memo_;
  // function index + 1 -> texts of the callees feeding its backward roots (computed once).
  mutable std::unordered_map<int, std::unordered_set<std::string>> grad_callees_;
  friend bool periodic_branch_memoised(const SemanticModel& m, TSNode p, TSNode child);
  const CallInfo* resolved_call(TSNode call) const;
  bool is_model_callee_uncached(TSNode callee) const;
  ImportTable imports_;
  std::vector<FunctionInfo> functions_;
  std::vector<ClassInfo> classes_;
  std::unordered_map<uintptr_t, int> function_by_node_;
  std::unordered_map<std::string, int> function_by_qualname_;  // the first function of each qualname
  std::unordered_map<uintptr_t, LoopInfo> loops_;
  std::unordered_set<uintptr_t> no_grad_withs_;
  std::unordered_set<uintptr_t> enable_grad_withs_;
  // (function index + 1) -> name -> assignments in source order
  std::vector<std::unordered_map<std::string, std::vector<Assignment>>> assignments_;
  std::vector<ModeCall> module_mode_calls_;
  std::vector<TSNode> module_backward_roots_;
  std::unordered_set<std::string> eval_receivers_;    // texts of X in `X.eval()` (any scope)
  // X of `X.requires_grad_(False)`, per function (`self.X`: per file, every method sees it).
  std::unordered_set<std::string> frozen_receivers_;
  mutable int freezes_modules_ = -1;  // -1: not yet known (is_frozen_module)
  static std::string frozen_key(int fn, std::string_view receiver) {
    return receiver.starts_with("self.") ? std::string(receiver) : std::to_string(fn) + ":" + std::string(receiver);
  }
  std::vector<std::pair<uint32_t, uint32_t>> comments_;
  std::vector<TSNode> nodes_;
  std::vector<int32_t> parent_;
  std::vector<int32_t> subtree_end_;  // per table node: the index after its last descendant
  mutable int32_t current_ = -1;
};

}  // namespace torchlint::py
