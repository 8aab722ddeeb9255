// The per-file semantic model: imports, functions, loops and the facts rules ask about
// (training loops, no-grad regions, evaluation code, where values come from).
// Built by one pass over the tree (build_model), then completed with project-wide facts
// (ProjectIndex) before rules run.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "python/ts.h"

namespace torchlint::py {

class ImportTable {
 public:
  void bind(std::string local, std::string canonical) { alias_[std::move(local)] = std::move(canonical); }
  // `F.cross_entropy` with `import torch.nn.functional as F` -> `torch.nn.functional.cross_entropy`.
  std::string canonical(std::string_view dotted) const;

 private:
  std::unordered_map<std::string, std::string> alias_;
};

struct Assignment {
  std::string name;         // target text: `loss`, `self.total`
  uint32_t pos = 0;         // start byte of the statement
  TSNode value{};           // right-hand side (null for loop targets)
  bool augmented = false;   // `+=` and friends
  bool in_no_grad = false;  // inside a no-grad region of its function
  bool in_enable_grad = false;  // inside `with torch.enable_grad()`: grad on whatever the caller does
  bool loop_target = false; // bound by `for NAME in ...`
  bool from_loader = false; // loop target over a data loader: host tensors
};

struct ModeCall {  // model.eval() / model.train(...)
  uint32_t pos = 0;
  bool eval = false;
};

struct CallSite {
  std::string callee;  // simple name of a function called: `validate`, `self.evaluate` -> `evaluate`
  uint32_t pos = 0;
  int caller = -1;     // function index of the caller (-1: module)
  bool in_no_grad = false;
};

struct FunctionInfo {
  TSNode node{};
  std::string name;
  int parent = -1;                // enclosing function, -1 for module level
  int class_index = -1;           // enclosing class, if a method
  bool no_grad_decorated = false;
  bool steps_directly = false;    // backward()/optimizer.step() outside any loop of its own
  bool any_backward = false;      // backward()/step() anywhere, loops included
  bool clears_grad = false;       // zero_grad() / p.grad = None anywhere
  bool has_model_call = false;
  std::vector<TSNode> callees_seen;  // callee expressions, classified once all names are known
  bool is_eval_by_name = false;
  std::vector<ModeCall> mode_calls;
  std::vector<std::string> callees;        // called outside the function's own loops
  std::vector<std::string> callees_any;    // called anywhere
  std::vector<uint32_t> set_grad_enabled_false, set_grad_enabled_true;
  // Completed after the pass:
  bool steps = false;             // steps_directly, or through a local callee
  bool reaches_backward = false;  // any_backward, or through a local callee
  bool called_only_under_no_grad = false;
  bool caller_sets_eval_mode = false;   // some call site runs after model.eval()
  bool is_eval = false;
};

struct LoopInfo {
  TSNode node{};
  int function = -1;
  bool steps_directly = false;  // backward()/step() in its body outside nested loops
  bool reaches_backward = false;
  bool clears_grad = false;     // anywhere in the body, nested loops, closures and local callees
  bool passes_optimizer_to_unknown = false;
  std::vector<std::string> callees;      // outside nested loops
  std::vector<std::string> callees_any;  // anywhere
  bool training = false;
  bool eval_loop = false;
};

struct ClassInfo {
  std::string name;
  std::vector<std::string> bases;  // canonical
  bool is_module = false;
};

// Facts that cross files: how functions are called elsewhere in the project.
struct ProjectIndex {
  std::unordered_set<std::string> called_outside_no_grad;  // function names
  std::unordered_set<std::string> called_under_no_grad;
  std::unordered_set<std::string> called_after_eval_mode;
};

struct Provenance {
  bool tensor = false;        // a tensor that lives where the model does (not a fresh loader batch)
  bool grad = false;          // carries autograd history
  bool loss = false;          // derived from a loss
  bool model_output = false;  // derived from a model call
  bool host_batch = false;    // a batch straight from a data loader (host memory until moved)
};

class SemanticModel {
 public:
  SemanticModel(TSNode root, std::string_view src, bool is_test_file);

  std::string_view text(TSNode n) const { return node_text(n, src_); }
  // Byte ranges of every comment, in order (for suppressions).
  const std::vector<std::pair<uint32_t, uint32_t>>& comments() const { return comments_; }
  std::string_view source() const { return src_; }
  const ImportTable& imports() const { return imports_; }
  std::string canonical(TSNode dotted_name) const;

  // Contribute this file's call facts to the project, then complete the model with them.
  void contribute(ProjectIndex& index) const;
  const std::unordered_set<std::string>& defined_function_names() const { return defined_function_names_; }
  void complete(const ProjectIndex& index);

  // Every named node in pre-order with its parent's index, recorded by the one tree walk
  // (pass 1). The rule engine iterates this table instead of walking the tree again, and
  // parent queries follow it: tree-sitter's ts_node_parent descends from the root and is
  // linear in the width of every level (quadratic on wide modules).
  size_t node_count() const { return nodes_.size(); }
  TSNode node_at(size_t i) const { return nodes_[i]; }
  // The node a traversal is visiting; ancestor queries start from it.
  void set_current(int32_t i) const { current_ = i; }

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
  const LoopInfo* loop(TSNode loop_node) const;
  const LoopInfo* innermost_training_loop(TSNode n, TSNode* loop_node = nullptr) const;
  bool in_no_grad(TSNode n) const;
  bool every_iteration(TSNode n) const;  // in a training loop and not under a periodic guard
  bool in_eval_code(TSNode n) const;
  bool is_model_callee(TSNode callee) const;
  bool is_optimizer(TSNode expr) const;
  bool is_grad_scaler(TSNode expr) const;
  Provenance provenance(TSNode expr) const;
  // A plain (`=`) assignment to `name` within (begin, end] of function `fn`, other than the
  // one that ends at `except_pos`.
  bool assigned_within(int fn, std::string_view name, uint32_t begin, uint32_t end, uint32_t except_pos = 0) const;
  const std::vector<Assignment>* assignments(int fn, std::string_view name) const;

 private:
  friend class ModelBuilder;
  Provenance provenance_at(TSNode expr, int fn, int depth) const;
  Provenance provenance_of_call(TSNode call, int fn, int depth) const;
  Provenance provenance_of_name(std::string_view name, uint32_t pos, int fn, int depth) const;
  bool function_no_grad(int fn) const;
  bool callee_is_model_by_assignment(std::string_view name, uint32_t pos, int fn) const;

  std::string_view src_;
  bool is_test_file_;
  ImportTable imports_;
  std::vector<FunctionInfo> functions_;
  std::vector<ClassInfo> classes_;
  std::unordered_map<uintptr_t, int> function_by_node_;
  std::unordered_map<uintptr_t, LoopInfo> loops_;
  std::unordered_set<uintptr_t> no_grad_withs_;
  std::unordered_set<uintptr_t> enable_grad_withs_;
  std::vector<CallSite> call_sites_;
  // (function index + 1) -> name -> assignments in source order
  std::vector<std::unordered_map<std::string, std::vector<Assignment>>> assignments_;
  std::vector<ModeCall> module_mode_calls_;
  std::unordered_set<std::string> defined_function_names_;
  std::vector<std::pair<uint32_t, uint32_t>> comments_;
  std::vector<TSNode> nodes_;
  std::vector<int32_t> parent_;
  mutable int32_t current_ = -1;
};

}  // namespace torchlint::py
