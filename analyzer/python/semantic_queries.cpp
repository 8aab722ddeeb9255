// Queries over a built SemanticModel: contexts (where a node sits) and provenance (where a
// value comes from). Parent walks stop at function boundaries: a def inside a loop is not
// the loop.
#include <algorithm>
#include <cstdlib>
#include <functional>

#include "python/kinds.h"
#include "python/names.h"
#include "python/semantic_model.h"
#include "python/torch_api.h"

namespace torchlint::py {

namespace {

bool is_capitalized(std::string_view s) { return !s.empty() && std::isupper(static_cast<unsigned char>(s[0])); }
}  // namespace

std::string SemanticModel::canonical(TSNode n) const {
  if (ts_node_is_null(n)) return {};
  TSSymbol s = ts_node_symbol(n);
  if (s != kinds().identifier && s != kinds().attribute && s != kinds().dotted_name) return {};
  std::string_view t = text(n);
  if (t.find_first_of(" \t\n\\(#") != std::string_view::npos) {  // `a . b` or `a.\n b`
    std::string compact;
    bool comment = false;  // `torch  # why\n .no_grad`
    for (char c : t) {
      if (c == '#') comment = true;
      if (c == '\n') comment = false;
      if (!comment && c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\\' && c != '(' && c != ')') compact += c;
    }
    return import_rebound(compact.substr(0, compact.find('.')), n) ? compact : imports_.canonical(compact);
  }
  return import_rebound(t.substr(0, t.find('.')), n) ? std::string(t) : imports_.canonical(t);
}

bool SemanticModel::names_import(TSNode name) const {
  std::string_view t = text(name);
  return imports_.imported(t) && !import_rebound(t, name);
}

// Python binds a name to whatever ran last: an assignment after the import (or a parameter, a
// loop variable) replaces the module. A fallback in an `except` handler or to `None`
// (`except ImportError: apex = None`) does not: where the import worked, the name is the module.
bool SemanticModel::import_rebound(std::string_view name, TSNode use) const {
  if (reassigned_imports_.empty() || !reassigned_imports_.count(std::string(name))) return false;
  const Assignment* b = binding(name, ts_node_start_byte(use), function_of(use));
  if (!b) return false;
  if (b->parameter || b->loop_target) return true;
  if (b->pos <= imports_.position(name) || ts_node_is_null(b->value)) return false;
  if (ts_node_symbol(b->value) == kinds().none) return false;
  for (TSNode a : ancestors(b->value))
    if (ts_node_symbol(a) == kinds().except_clause) return false;
  return true;
}

int SemanticModel::local_function(std::string_view qualname) const {
  auto it = function_by_qualname_.find(std::string(qualname));
  return it == function_by_qualname_.end() ? -1 : it->second;
}

int32_t SemanticModel::index_of(TSNode n) const {
  if (ts_node_is_null(n)) return -1;
  if (current_ >= 0 && same_node(nodes_[current_], n)) return current_;
  uint32_t b = ts_node_start_byte(n);
  auto it = std::lower_bound(nodes_.begin(), nodes_.end(), b,
                             [](TSNode x, uint32_t byte) { return ts_node_start_byte(x) < byte; });
  for (; it != nodes_.end() && ts_node_start_byte(*it) == b; ++it)
    if (same_node(*it, n)) return static_cast<int32_t>(it - nodes_.begin());
  return -1;
}

SemanticModel::Ancestors SemanticModel::ancestors(TSNode n) const {
  Ancestors out;
  out.model_ = this;
  if (ts_node_is_null(n)) return out;  // a field missing from broken code: no ancestors
  uint32_t b = ts_node_start_byte(n), e = ts_node_end_byte(n);
  // The table is in pre-order, so start bytes never decrease: binary search finds a named
  // node in O(log n), wherever it is.
  auto it = std::lower_bound(nodes_.begin(), nodes_.end(), b,
                             [](TSNode x, uint32_t byte) { return ts_node_start_byte(x) < byte; });
  for (; it != nodes_.end() && ts_node_start_byte(*it) == b; ++it) {
    if (same_node(*it, n)) {
      out.start_ = parent_[it - nodes_.begin()];
      return out;
    }
  }
  for (int32_t k = current_; k >= 0; k = parent_[k]) {
    TSNode p = nodes_[k];
    if (same_node(p, n)) {
      out.start_ = parent_[k];
      return out;
    }
    if (ts_node_start_byte(p) <= b && e <= ts_node_end_byte(p)) {
      // Descend from the deepest table node that holds n.
      for (TSNode c = ts_node_child_with_descendant(p, n); !ts_node_is_null(c) && !same_node(c, n);
           c = ts_node_child_with_descendant(c, n))
        out.below_.push_back(c);
      std::reverse(out.below_.begin(), out.below_.end());
      out.start_ = k;
      return out;
    }
  }
  for (TSNode p = ts_node_parent(n); !ts_node_is_null(p); p = ts_node_parent(p)) out.below_.push_back(p);
  return out;
}

TSNode SemanticModel::parent(TSNode n) const {
  Ancestors a = ancestors(n);
  return a.empty() ? TSNode{} : a.front();
}

int SemanticModel::function_of(TSNode n) const {
  for (TSNode p : ancestors(n)) {
    if (ts_node_symbol(p) == kinds().function_definition) {
      auto it = function_by_node_.find(node_key(p));
      return it == function_by_node_.end() ? -1 : it->second;
    }
  }
  return -1;
}

const LoopInfo* SemanticModel::loop(TSNode loop_node) const {
  auto it = loops_.find(node_key(loop_node));
  return it == loops_.end() ? nullptr : &it->second;
}

const LoopInfo* SemanticModel::innermost_training_loop(TSNode n, TSNode* loop_node) const {
  const Kinds& k = kinds();
  for (TSNode p : ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (s == k.function_definition || s == k.lambda || s == k.class_definition) return nullptr;
    if (is_loop(k, s)) {
      const LoopInfo* l = loop(p);
      if (l && l->training) {
        if (loop_node) *loop_node = p;
        return l;
      }
    }
  }
  return nullptr;
}

TSNode SemanticModel::innermost_backward_loop(TSNode n) const {
  const Kinds& k = kinds();
  for (TSNode p : ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (s == k.function_definition || s == k.lambda || s == k.class_definition) return TSNode{};
    if (is_loop(k, s)) {
      const LoopInfo* l = loop(p);
      if (l && l->reaches_backward) return p;
    }
  }
  return TSNode{};
}

bool SemanticModel::function_no_grad(int fn) const {
  return fn >= 0 && (functions_[fn].no_grad_decorated || called_only_under_no_grad(fn));
}

bool SemanticModel::never_runs(TSNode n) const {
  const Kinds& k = kinds();
  auto falsy_literal = [&](TSNode v) {
    TSSymbol s = ts_node_symbol(v);
    return s == k.false_ || s == k.none || (s == k.integer && text(v) == "0");
  };
  TSNode child = n;
  for (TSNode p : ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (is_scope_boundary(s)) break;
    if (s == k.if_statement && same_node(field(p, "consequence"), child)) {
      TSNode cond = field(p, "condition");
      while (!ts_node_is_null(cond) && ts_node_symbol(cond) == k.parenthesized_expression &&
             ts_node_named_child_count(cond) == 1)
        cond = ts_node_named_child(cond, 0);
      if (ts_node_is_null(cond)) break;  // broken code
      if (falsy_literal(cond)) return true;
      // A function's own local only: a module-level flag (`profile = False`) may be rebound by
      // a configurator (`exec(open("configurator.py").read())`), `globals()` or another module.
      int fn = function_of(p);
      if (ts_node_symbol(cond) == k.identifier && fn >= 0) {
        const std::vector<Assignment>* list = assignments(fn, text(cond));
        if (list && list->size() == 1) {
          const Assignment& a = list->front();
          if (!a.augmented && !a.parameter && !a.loop_target && !ts_node_is_null(a.value) &&
              a.pos <= ts_node_start_byte(p) && falsy_literal(a.value))
            return true;
        }
      }
    }
    child = p;
  }
  return false;
}

bool SemanticModel::in_no_grad(TSNode n) const {
  const Kinds& k = kinds();
  for (TSNode p : ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (s == k.with_statement && no_grad_withs_.count(node_key(p))) return true;
    if (s == k.with_statement && enable_grad_withs_.count(node_key(p))) return false;
    if (s == k.function_definition) {
      auto it = function_by_node_.find(node_key(p));
      if (it == function_by_node_.end()) return false;
      int fn = it->second;
      if (function_no_grad(fn)) return true;
      // torch.set_grad_enabled(False) as an earlier statement of a block that holds n (a
      // switch in a sibling branch does not reach it); the latest such switch wins.
      uint32_t pos = ts_node_start_byte(n);
      auto latest = [&](const std::vector<TSNode>& stmts) {
        uint32_t best = 0;
        for (TSNode stmt : stmts) {
          uint32_t q = ts_node_start_byte(stmt);
          if (q >= pos) continue;
          TSNode block = parent(stmt);
          if (ts_node_start_byte(block) <= pos && pos < ts_node_end_byte(block)) best = std::max(best, q + 1);
        }
        return best;
      };
      return latest(functions_[fn].set_grad_enabled_false) > latest(functions_[fn].set_grad_enabled_true);
    }
  }
  return false;
}

namespace {
// `step % N == 0`, `i == len(loader) - 1`, `if should_log:` ... : not every iteration. A flag
// bound to such a test (`is_eval_step = step % cfg.eval_steps == 0`) is one too.
// `self.args.stacks`, `self.cfg.mode`: read in a method of a class whose methods set neither it
// nor the attribute it hangs from anywhere but `__init__`: the same value on every pass of a loop.
bool fixed_self_attribute(const SemanticModel& m, TSNode x) {
  const Kinds& k = kinds();
  if (ts_node_symbol(x) != k.attribute || !m.text(x).starts_with("self.")) return false;
  const FunctionInfo* f = m.function(m.function_of(x));
  const ClassInfo* cls = f && f->class_index >= 0 ? &m.classes()[f->class_index] : nullptr;
  if (!cls) return false;
  std::string_view chain = m.text(x);
  for (size_t dot = chain.find('.', 5);; dot = chain.find('.', dot + 1)) {
    std::string prefix(chain.substr(0, dot));
    if (prefix.find_first_of("([ ") != std::string::npos) return false;  // a call or subscript in the chain
    if (auto it = cls->attributes.find(prefix); it != cls->attributes.end())
      for (const Assignment& a : it->second) {
        const FunctionInfo* setter = m.function(a.fn);
        if (!setter || setter->name != "__init__") return false;
      }
    if (dot == std::string_view::npos) return true;
  }
}

bool is_periodic_condition(const SemanticModel& m, TSNode cond, int depth = 0) {
  const Kinds& k = kinds();
  bool periodic = false;
  walk(cond, [&](TSNode c) {
    if (periodic) return false;
    TSSymbol s = ts_node_symbol(c);
    if (s == k.binary_operator) {
      TSNode op = field(c, "operator");
      if (m.text(op) == "%") periodic = true;
    } else if (s == k.comparison_operator) {
      bool eq = false, constant = false, fixed = false;
      for_each_child(c, [&](TSNode ch) {
        if (!ts_node_is_named(ch) && m.text(ch) == "==") eq = true;
        if (ts_node_symbol(ch) == k.integer) constant = true;
        if (ts_node_symbol(ch) == k.binary_operator || ts_node_symbol(ch) == k.call) {
          if (m.text(ch).find("len(") != std::string_view::npos) constant = true;
        }
        fixed = fixed || fixed_self_attribute(m, ch);
      });
      // `if self.args.stacks == 2:` tests a setting, not a step: all passes or none.
      if (eq && constant && !fixed) periodic = true;
    } else if (s == k.identifier) {
      if (is_periodic_flag_name(m.text(c))) periodic = true;
      // Only a flag tested as a truth value (`if is_eval_step:`, `if log and not done:`), not a
      // name that is part of an attribute or a call (`accelerator.sync_gradients`).
      TSNode up = m.parent(c);
      TSSymbol ps = ts_node_is_null(up) ? 0 : ts_node_symbol(up);
      bool flag = same_node(c, cond) || ps == k.boolean_operator || ps == k.not_operator || ps == k.parenthesized_expression;
      const Assignment* a = flag && depth < 3 ? m.binding(m.text(c), ts_node_start_byte(c), m.function_of(c)) : nullptr;
      if (a && !a->augmented && !a->loop_target && !a->parameter && !ts_node_is_null(a->value) &&
          is_periodic_condition(m, a->value, depth + 1))
        periodic = true;
    } else if (s == k.call || s == k.lambda) {
      TSNode f = field(c, "function");
      if (!ts_node_is_null(f) && is_periodic_flag_name(last_segment(m.text(f)))) periodic = true;
      return s == k.call;
    }
    return true;
  }, [](TSNode) {});
  return periodic;
}
}  // namespace

namespace {
// The branch does training work (backward, an optimizer step, directly or through a helper):
// `if (i + 1) % n_critic == 0: opt_g.step()` is every update, not periodic logging.
bool branch_trains(const SemanticModel& m, TSNode branch) {
  const Kinds& k = kinds();
  bool trains = false;
  walk(branch, [&](TSNode c) {
    if (trains) return false;
    TSSymbol s = ts_node_symbol(c);
    if (s == k.function_definition || s == k.lambda || s == k.class_definition) return false;
    if (s == k.call) {
      TSNode f = field(c, "function");
      if (ts_node_symbol(f) == k.attribute) {
        std::string_view method = m.text(field(f, "attribute"));
        if (m.is_backward_call(c) ||
            (method == "step" && (m.is_optimizer(field(f, "object")) || m.is_grad_scaler(field(f, "object")))))
          trains = true;
      }
      if (m.call_effects(c, kSteps)) trains = true;
    }
    return true;
  }, [](TSNode) {});
  return trains;
}

}  // namespace

bool periodic_branch_memoised(const SemanticModel& m, TSNode p, TSNode child) {
  const Kinds& k = kinds();
  TSSymbol s = ts_node_symbol(p);
  if (s != k.if_statement && s != k.elif_clause) return false;
  if (!same_node(child, field(p, "consequence"))) return false;
  auto [it, fresh] = m.periodic_branch_memo_.try_emplace(node_key(p), false);
  if (fresh) it->second = is_periodic_condition(m, field(p, "condition")) && !branch_trains(m, child);
  return it->second;
}

namespace {
bool periodic_branch(const SemanticModel& m, TSNode p, TSNode child) { return periodic_branch_memoised(m, p, child); }
}  // namespace

bool SemanticModel::periodic_guarded(TSNode n) const {
  const Kinds& k = kinds();
  TSNode child = n;
  for (TSNode p : ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (s == k.function_definition || s == k.lambda || s == k.class_definition) return false;
    if (s == k.except_clause || periodic_branch(*this, p, child)) return true;
    child = p;
  }
  return false;
}

namespace {

// How a branch's block ends: it leaves the function or the program (`raise`, `return`,
// `sys.exit()`), or the innermost loop (`break`); such a branch runs at most once per loop.
enum class BranchExit { None, Leaves, Breaks };

BranchExit branch_exit(const SemanticModel& m, TSNode block) {
  const Kinds& k = kinds();
  TSNode parent = m.parent(block);
  if (ts_node_is_null(parent)) return BranchExit::None;
  TSSymbol ps = ts_node_symbol(parent);
  if (ps != k.if_statement && ps != k.elif_clause && ps != k.else_clause) return BranchExit::None;
  uint32_t count = ts_node_named_child_count(block);
  TSNode last = count ? ts_node_named_child(block, count - 1) : TSNode{};
  if (ts_node_is_null(last)) return BranchExit::None;
  if (is_kind(last, "raise_statement") || ts_node_symbol(last) == k.return_statement) return BranchExit::Leaves;
  if (is_kind(last, "break_statement")) return BranchExit::Breaks;
  if (ts_node_symbol(last) == k.expression_statement) {
    TSNode call = ts_node_named_child(last, 0);
    if (!ts_node_is_null(call) && ts_node_symbol(call) == k.call) {
      std::string c = m.canonical(field(call, "function"));
      if (c == "sys.exit" || c == "exit" || c == "quit" || c == "os._exit") return BranchExit::Leaves;
    }
  }
  return BranchExit::None;
}

}  // namespace

bool SemanticModel::runs_few_times(TSNode loop) const {
  const Kinds& k = kinds();
  if (ts_node_symbol(loop) != k.for_statement) return false;
  TSNode it = field(loop, "right");
  // A literal collection: `for model, opt in ((ref, ref_opt), (fsdp, fsdp_opt)):`.
  if (ts_node_symbol(it) == k.tuple || ts_node_symbol(it) == k.list || ts_node_symbol(it) == k.expression_list)
    return ts_node_named_child_count(it) <= 10;
  if (ts_node_symbol(it) != k.call || text(field(it, "function")) != "range") return false;
  std::vector<long> bounds;
  bool literal = true;
  for_each_named_child(field(it, "arguments"), [&](TSNode a) {
    if (ts_node_symbol(a) != k.integer) literal = false;
    else bounds.push_back(std::strtol(std::string(text(a)).c_str(), nullptr, 0));
  });
  if (!literal || bounds.empty() || bounds.size() > 2) return false;
  return (bounds.size() == 1 ? bounds[0] : bounds[1] - bounds[0]) <= 10;
}

bool SemanticModel::updates_weights_in_file() const {
  if (updates_weights_known_) return updates_weights_;
  updates_weights_known_ = true;
  for (std::string_view evidence : {"step(", "optim", "Optim", "scaler", "Scaler"})
    if (src_.find(evidence) != std::string_view::npos) return updates_weights_ = true;
  // A line that updates in place from a gradient: `w -= lr * w.grad`, `p.data.add_(-lr, p.grad)`.
  for (size_t at = src_.find(".grad"); at != std::string_view::npos; at = src_.find(".grad", at + 1)) {
    size_t begin = src_.rfind('\n', at);
    begin = begin == std::string_view::npos ? 0 : begin + 1;
    std::string_view line = src_.substr(begin, src_.find('\n', at) - begin);  // npos: to the end
    for (std::string_view update : {"-=", "+=", ".add_(", ".sub_(", ".addcdiv_(", ".copy_("})
      if (line.find(update) != std::string_view::npos) return updates_weights_ = true;
  }
  return updates_weights_ = false;
}

bool SemanticModel::every_iteration(TSNode n) const {
  const Kinds& k = kinds();
  TSNode child = n;
  bool breaks_innermost = false;  // a branch ending in `break` leaves the next loop up
  bool in_few_passes = false;     // inside a training loop of a handful of literal passes
  for (TSNode p : ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (s == k.function_definition || s == k.lambda || s == k.class_definition) return false;
    if (s == k.except_clause || periodic_branch(*this, p, child)) return false;
    // `raise RuntimeError(f"loss {loss.item()}")`: read on the way out, at most once.
    if (is_kind(p, "raise_statement")) return false;
    if (s == k.block) {
      BranchExit exit = branch_exit(*this, p);
      if (exit == BranchExit::Leaves) return false;
      if (exit == BranchExit::Breaks) breaks_innermost = true;
    }
    if (is_loop(k, s)) {
      const LoopInfo* l = loop(p);
      bool few = runs_few_times(p);
      if (l && l->training) {
        if (breaks_innermost || !few) return !breaks_innermost;
        // A handful of literal passes that train (`for domain in ["a", "b"]:`) train every
        // step of a loop around them that repeats: look further out.
        in_few_passes = true;
      } else if (in_few_passes && !few) {
        return true;
      }
      breaks_innermost = false;  // it left that inner loop, not the training loop
    }
    child = p;
  }
  return false;
}

bool SemanticModel::every_training_step(TSNode n) const {
  if (every_iteration(n)) return updates_weights_in_file();
  if (is_test_file()) return false;  // tests are analysed without training contexts
  int fn = function_of(n);
  if (!runs_every_step(fn)) return false;  // most code: no second walk
  const Kinds& k = kinds();
  TSNode child = n;
  // Unguarded code of a function that runs every training step: not periodic, not an except
  // handler or a raise, not a branch that leaves the function; loops inside it run every step too.
  for (TSNode p : ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (s == k.lambda || s == k.class_definition) return false;
    if (s == k.function_definition) return true;
    if (s == k.except_clause || periodic_branch(*this, p, child) || is_kind(p, "raise_statement")) return false;
    if (s == k.block && branch_exit(*this, p) == BranchExit::Leaves) return false;
    if (is_loop(k, s)) {
      const LoopInfo* l = loop(p);
      if (l && l->training) return false;  // every_iteration() already judged the training loop
    }
    child = p;
  }
  return false;
}

bool SemanticModel::under_flag_branch(TSNode n, std::string_view flag) const {
  const Kinds& k = kinds();
  TSNode child = n;
  for (TSNode p : ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (s == k.function_definition || s == k.lambda || s == k.class_definition) return false;
    if ((s == k.if_statement || s == k.elif_clause) && same_node(child, field(p, "consequence"))) {
      bool names_flag = false;
      walk(field(p, "condition"), [&](TSNode c) {
        if (ts_node_symbol(c) == k.not_operator) return false;  // `if not is_train:` is the eval side
        if (ts_node_symbol(c) == k.identifier && text(c) == flag) names_flag = true;
        return !names_flag;
      }, [](TSNode) {});
      if (names_flag) return true;
    }
    child = p;
  }
  return false;
}

// In a function that is evaluation code only by its own `X.eval()`: the code at `n` runs after a
// switch to eval that reaches it, and a model call there is of the switched model (when the
// function runs that model at all). A distillation step switches its teacher to eval, runs it
// under no-grad, and trains the student in the same function: the student's forward is training.
bool SemanticModel::switched_to_eval(const FunctionInfo& f, TSNode n) const {
  uint32_t at = ts_node_start_byte(n);
  const ModeCall* last = last_mode_switch(f.mode_calls, at);
  if (!last || !last->eval) return false;
  TSNode callee = ts_node_symbol(n) == kinds().call ? field(n, "function") : n;
  std::string_view called = text(callee);
  if (called == last->receiver) return true;
  for (uint32_t ci : f.calls) {  // the switched model is run here: this call is another model's
    const CallInfo& c = calls_[ci];
    if (c.decorator || ts_node_symbol(c.node) != kinds().call) continue;  // a bare `@decorator` is no call
    if (text(field(c.node, "function")) == last->receiver) return false;
  }
  return true;
}

bool SemanticModel::in_eval_code(TSNode n) const {
  const Kinds& k = kinds();
  // A function that trains or evaluates on a flag: outside its `if flag:` branches it is
  // evaluation code when the flag is off.
  if (const FunctionInfo* f = function(function_of(n)); f && f->evaluates_on_flag)
    return !under_flag_branch(n, f->train_flag);
  for (TSNode p : ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (is_loop(k, s)) {
      const LoopInfo* l = loop(p);
      if (l && l->eval_loop) return true;
      if (l && l->reaches_backward) return false;
    }
    if (s == k.function_definition) {
      auto it = function_by_node_.find(node_key(p));
      if (it == function_by_node_.end() || !functions_[it->second].is_eval) return false;
      const FunctionInfo& f = functions_[it->second];
      return !f.eval_by_own_switch || switched_to_eval(f, n);
    }
    if (s == k.class_definition || s == k.lambda) return false;
  }
  return false;
}

const std::vector<Assignment>* SemanticModel::assignments(int fn, std::string_view name) const {
  if (fn + 1 >= static_cast<int>(assignments_.size())) return nullptr;
  const auto& table = assignments_[fn + 1];
  auto it = table.find(std::string(name));
  return it == table.end() ? nullptr : &it->second;
}

bool SemanticModel::assigned_within(int fn, std::string_view name, uint32_t begin, uint32_t end,
                                    uint32_t except_pos) const {
  const auto* list = assignments(fn, name);
  if (!list) return false;
  return std::any_of(list->begin(), list->end(), [&](const Assignment& a) {
    return !a.augmented && a.pos > begin && a.pos <= end && a.pos != except_pos;
  });
}

const Assignment* SemanticModel::binding(std::string_view name, uint32_t pos, int fn) const {
  // The function's own binding (the last before the use; for a use in a loop before its
  // binding, carried from the previous iteration: the last one), then enclosing functions.
  for (int scope = fn; scope >= 0; scope = functions_[scope].parent) {
    if (const auto* list = assignments(scope, name)) {
      const Assignment* last = nullptr;
      for (const Assignment& a : *list)
        if (a.pos <= pos) last = &a;
      return last ? last : &list->back();
    }
  }
  // `self.X` set in any method of the class.
  if (fn >= 0 && name.starts_with("self.")) {
    int cls = functions_[fn].class_index;
    if (cls < 0 && functions_[fn].parent >= 0) cls = functions_[functions_[fn].parent].class_index;
    if (cls >= 0) {
      auto it = classes_[cls].attributes.find(std::string(name));
      if (it != classes_[cls].attributes.end()) return &it->second.back();
    }
  }
  if (const auto* list = assignments(-1, name)) {
    const Assignment* last = nullptr;
    for (const Assignment& a : *list)
      if (a.pos <= pos || fn >= 0) last = &a;
    return last;
  }
  return nullptr;
}

namespace {
// Calls that return their receiver module: `Net().to(device)`, `.cuda()`, `.train()`.
bool returns_receiver(std::string_view method) {
  return method == "to" || method == "cuda" || method == "cpu" || method == "train" || method == "eval" ||
         method == "half" || method == "float" || method == "double" || method == "bfloat16" ||
         method == "requires_grad_" || method == "to_empty";
}
// Hugging Face style `Class.from_pretrained`: a model for *Model / *For* classes, not for
// tokenizers, processors, feature extractors or configs.
bool pretrained_model_class(std::string_view cls) {
  return cls.find("Model") != std::string_view::npos || cls.find("For") != std::string_view::npos;
}
}  // namespace

int SemanticModel::value_is_model(TSNode value, int fn, int depth) const {
  const Kinds& k = kinds();
  if (ts_node_is_null(value) || depth > 8) return -1;
  TSSymbol s = ts_node_symbol(value);
  if (s == k.identifier || (s == k.attribute && text(value).starts_with("self."))) {
    const Assignment* b = binding(text(value), ts_node_start_byte(value), fn);
    if (!b) return -1;
    if (b->parameter) {
      if (ts_node_is_null(b->annotation)) return -1;
      std::string a = canonical(b->annotation);
      if (a == "torch.nn.Module" || a.ends_with(".Module")) return 1;
      if (const ClassSummary* c = index_ ? indexed_class(target_of(b->annotation, b->fn)) : nullptr)
        return c->is_module ? 1 : 0;
      return -1;
    }
    if (b->loop_target || ts_node_is_null(b->value)) return -1;
    return value_is_model(b->value, b->fn, depth + 1);
  }
  if (s == k.attribute && text(field(value, "attribute")) == "module") return value_is_model(field(value, "object"), fn, depth + 1);
  // `{"mmlu": MMLU, "gsm8k": partial(GSM8K, split="test")}[name]`: a class picked from a table
  // of classes and partials; calling it constructs an object, it is not a module instance.
  if (s == k.subscript && ts_node_symbol(field(value, "value")) == k.dictionary) {
    bool constructors = true;
    for_each_named_child(field(value, "value"), [&](TSNode pair) {
      TSNode v = ts_node_symbol(pair) == k.pair ? field(pair, "value") : TSNode{};
      TSSymbol vs = ts_node_is_null(v) ? 0 : ts_node_symbol(v);
      bool cls = (vs == k.identifier || vs == k.attribute) && is_capitalized(last_segment(text(v)));
      bool partial = vs == k.call && (canonical(field(v, "function")) == "functools.partial");
      constructors = constructors && !ts_node_is_null(v) && (cls || partial);
    });
    return constructors ? 0 : -1;
  }
  // `getattr(p, "decode", None) or getattr(p, "render", None)`: a model if either side is one,
  // not one when neither is.
  if (s == k.boolean_operator) {
    int left = value_is_model(field(value, "left"), fn, depth + 1), right = value_is_model(field(value, "right"), fn, depth + 1);
    return left == 1 || right == 1 ? 1 : (left == 0 && right == 0 ? 0 : -1);
  }
  if (s != k.call) return s == k.string || s == k.integer || s == k.float_ || s == k.none || s == k.list || s == k.dictionary ? 0 : -1;
  if (int looked_up = getattr_value_is_model(value); looked_up != -1) return looked_up;
  TSNode ctor = value;
  for (TSNode f = field(ctor, "function"); ts_node_symbol(f) == k.attribute && returns_receiver(text(field(f, "attribute")));
       f = field(ctor, "function")) {
    TSNode obj = field(f, "object");
    if (ts_node_symbol(obj) != k.call) return value_is_model(obj, fn, depth + 1);
    ctor = obj;
  }
  TSNode callee = field(ctor, "function");
  std::string c = canonical(callee);
  std::string_view seg = last_segment(c);
  if (seg == "from_pretrained" && ts_node_symbol(callee) == k.attribute) {
    // A class named in the code decides; a variable holding some class (`model_class`) does not.
    std::string owner = canonical(field(callee, "object"));
    std::string_view cls = last_segment(owner);
    if (!is_capitalized(cls)) return -1;
    return pretrained_model_class(cls) ? 1 : 0;
  }
  if (c == "torch.compile" || c == "torch.jit.script" || c == "torch.jit.trace" || seg == "DistributedDataParallel" ||
      seg == "FullyShardedDataParallel" || seg == "DataParallel") {
    TSNode args = field(ctor, "arguments");
    TSNode first = ts_node_is_null(args) ? TSNode{} : ts_node_named_child(args, 0);
    int inner = value_is_model(first, fn, depth + 1);
    // DDP and DataParallel wrap modules only; compile and jit also take plain functions.
    bool module_wrapper = c != "torch.compile" && c != "torch.jit.script" && c != "torch.jit.trace";
    return inner == 0 ? 0 : (module_wrapper ? 1 : inner);
  }
  if (c.starts_with("torchvision.models.") || c == "timm.create_model" || c == "torch.hub.load") return 1;
  if (c.starts_with("torch.nn.") && is_capitalized(seg)) return is_torch_loss_function(c) ? 0 : 1;
  // torch.randn(...), torch.nn.functional.relu(...): tensors; torch.quantization.quantize_dynamic,
  // torch.fx.symbolic_trace, ...: modules made from modules, unknown here.
  if (c.starts_with("torch.nn.functional.") || (c.starts_with("torch.") && c.find('.', 6) == std::string::npos)) return 0;
  if (c.starts_with("torch.")) return -1;
  if (c.starts_with("numpy.") || c.starts_with("np.")) return 0;
  // A project class or a project factory.
  for (const ClassInfo& cls : classes_)
    if (cls.name == c || cls.qualname == c) return cls.is_module && !cls.is_loss ? 1 : 0;
  if (index_) {
    // A project factory that returns a module; a project function that does not is no class
    // either. Whether the callee is a project function at all is not asked: the answer is the
    // whole project's, and a file that asks is analysed again when it changes.
    if (call_effects(ctor, kReturnsModel)) return 1;
    std::string t = target_of(callee, fn);
    if (const ClassSummary* cls = indexed_class(t)) return cls->is_module && !cls->is_loss ? 1 : 0;
  }
  return -1;
}

// `getattr(obj, "decode_latents", ...)`: an attribute looked up by a name written in the code. A
// name the project defines as a method is a bound method (code), not a submodule. -1: not such
// a lookup, or nothing known about the name.
int SemanticModel::getattr_value_is_model(TSNode call) const {
  const Kinds& k = kinds();
  TSNode callee = field(call, "function");
  if (ts_node_symbol(callee) != k.identifier || text(callee) != "getattr" || imports_.imported("getattr") ||
      binding("getattr", ts_node_start_byte(callee), function_of(callee)))
    return -1;
  TSNode args = field(call, "arguments");
  TSNode name = ts_node_is_null(args) || ts_node_named_child_count(args) < 2 ? TSNode{} : ts_node_named_child(args, 1);
  if (ts_node_is_null(name) || ts_node_symbol(name) != k.string) return -1;
  std::string_view quoted = text(name);
  if (quoted.size() < 3 || (quoted.front() != '"' && quoted.front() != '\'')) return -1;  // no prefixes, no f-strings
  std::string_view attr = quoted.substr(1, quoted.size() - 2);
  bool identifier = !attr.empty() && std::all_of(attr.begin(), attr.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
  if (!identifier || !index_) return -1;
  return resolves_recorded("*." + std::string(attr)) ? 0 : -1;
}

TSNode SemanticModel::module_behind(TSNode value) const {
  const Kinds& k = kinds();
  while (ts_node_symbol(value) == k.call) {
    TSNode f = field(value, "function");
    if (ts_node_symbol(f) != k.attribute || !TorchApi::get().module_method_returns_self(text(field(f, "attribute"))))
      break;
    TSNode receiver = field(f, "object");
    if (ts_node_symbol(receiver) != k.call) break;  // `x.to(device)` of a name: the name's value is not here
    value = receiver;
  }
  return value;
}

bool SemanticModel::value_is_loss_module(TSNode callee, int fn) const {
  const Kinds& k = kinds();
  const Assignment* b = nullptr;
  TSSymbol s = ts_node_symbol(callee);
  TSNode ctor{};
  int ctor_fn = fn;
  if (s == k.call) {  // `FocalLoss()(logits, y)`
    ctor = field(callee, "function");
  } else {
    if (s == k.identifier || (s == k.attribute && text(callee).starts_with("self.")))
      b = binding(text(callee), ts_node_start_byte(callee), fn);
    if (!b || ts_node_is_null(b->value) || ts_node_symbol(b->value) != k.call) return false;
    ctor = field(module_behind(b->value), "function");
    ctor_fn = b->fn;
  }
  std::string c = canonical(ctor);
  if (is_torch_loss_function(c)) return true;
  for (const ClassInfo& cls : classes_)
    if ((cls.name == c || cls.qualname == c) && cls.is_loss) return true;
  if (index_)
    if (const ClassSummary* cls = indexed_class(target_of(ctor, ctor_fn))) return cls->is_loss;
  return false;
}

// What the same-file callers hand to parameter `b` of the function around `use`: the
// argument at its position or keyword at every call by the function's name (empty when the
// function is never called here, or a call leaves it out).
std::vector<TSNode> SemanticModel::arguments_passed(const Assignment& b, TSNode use) const {
  const Kinds& k = kinds();
  const FunctionInfo* f = function(function_of(use));
  if (!f) return {};
  // Its position among the positional parameters (-1: keyword-only, after `*` or `*args`).
  int index = -1, i = 0;
  bool keyword_only = false;
  for_each_named_child(field(f->node, "parameters"), [&](TSNode p) {
    TSNode name = ts_node_symbol(p) == k.identifier ? p : ts_node_named_child(p, 0);
    if (ts_node_is_null(name)) {  // the `*` and `/` separators
      keyword_only = keyword_only || text(p) == "*";
      return;
    }
    if (is_kind(p, "list_splat_pattern") || is_kind(p, "dictionary_splat_pattern")) {
      keyword_only = true;
      return;
    }
    if (text(name) == b.name && !keyword_only) index = i;
    ++i;
  });
  // A method is not called by its bare name; a constructor is called by its class's name,
  // with `self` bound by the call itself.
  std::string_view callee_name = f->name;
  if (f->class_index >= 0) {
    if (f->name != "__init__" || index == 0) return {};
    callee_name = classes_[f->class_index].name;
    if (index > 0) --index;
  }
  std::vector<TSNode> out;
  for (uint32_t c : calls_named(callee_name)) {
    TSNode call = call_node(c);
    if (contains_node(f->node, call)) continue;  // recursion
    TSNode found{}, args = field(call, "arguments");
    int position = 0;
    for_each_named_child(args, [&](TSNode a) {
      if (ts_node_symbol(a) == k.keyword_argument) {
        if (text(field(a, "name")) == b.name) found = field(a, "value");
      } else if (position++ == index) {
        found = a;
      }
    });
    if (ts_node_is_null(found)) return {};
    out.push_back(found);
  }
  return out;
}

const ClassSummary* SemanticModel::instance_class(TSNode expr) const {
  const Kinds& k = kinds();
  if (!index_) return nullptr;
  int fn = function_of(expr);
  TSNode value = expr;
  for (int depth = 0; depth < 8; ++depth) {
    TSSymbol s = ts_node_symbol(value);
    if (s == k.identifier && text(value) == "self" && fn >= 0) {
      int cls = functions_[fn].class_index;
      return cls < 0 ? nullptr : indexed_class(classes_[cls].qualname);
    }
    if (s == k.identifier || s == k.attribute) {
      const Assignment* b = binding(text(value), ts_node_start_byte(value), fn);
      if (b && b->parameter && depth == 0) {
        // A parameter: the class every caller in the file hands it (`eval_linear(feature_model=
        // feature_model)` with `feature_model = ModelWithIntermediateLayers(...)`).
        // Callers handing on their own parameters are followed a few functions up, no further
        // (mutual recursion).
        thread_local int hops = 0;
        if (hops >= 3) return nullptr;
        ++hops;
        const ClassSummary* passed = nullptr;
        for (TSNode a : arguments_passed(*b, value)) {
          const ClassSummary* c = instance_class(a);
          if (!c || (passed && passed != c)) {
            passed = nullptr;
            break;
          }
          passed = c;
        }
        --hops;
        return passed;
      }
      if (!b || ts_node_is_null(b->value)) return nullptr;
      value = b->value;
      fn = b->fn;
      continue;
    }
    if (s != k.call) return nullptr;
    if (TSNode inner = unwrap_module_call(value); !ts_node_is_null(inner)) {
      value = inner;
      continue;
    }
    return indexed_class(target_of(field(value, "function"), fn));
  }
  return nullptr;
}

// `model` in `model.encoder(x)`: a module instance, by flow or by its name.
bool SemanticModel::is_model_callee_object(TSNode obj) const {
  TSSymbol s = ts_node_symbol(obj);
  if (s != kinds().identifier && s != kinds().attribute) return false;
  int known = value_is_model(obj, function_of(obj), 0);
  return known == 1 || (known < 0 && is_model_name(last_segment(text(obj))));
}

bool SemanticModel::eval_mode_set_elsewhere(TSNode model) const {
  const Kinds& k = kinds();
  if (eval_receivers_.count(std::string(text(model)))) {
    // `self.X.eval()` anywhere in the class; a plain name must be switched in this function.
    if (text(model).starts_with("self.")) return true;
  }
  if (ts_node_symbol(model) == k.identifier) {
    const Assignment* b = binding(text(model), ts_node_start_byte(model), function_of(model));
    if (b && !ts_node_is_null(b->value) && text(b->value).find("from_pretrained") != std::string_view::npos) return true;
  }
  return false;
}

bool SemanticModel::is_frozen_module(TSNode model) const {
  // Nearly every file freezes nothing: one search of its text answers for all of its calls.
  if (freezes_modules_ < 0)
    freezes_modules_ = !frozen_receivers_.empty() || src_.find("requires_grad_(False)") != std::string_view::npos;
  if (!freezes_modules_) return false;
  if (frozen_receivers_.count(frozen_key(function_of(model), text(model)))) return true;
  // `G = copy.deepcopy(net).eval().requires_grad_(False).to(device)`
  if (ts_node_symbol(model) != kinds().identifier) return false;
  const Assignment* b = binding(text(model), ts_node_start_byte(model), function_of(model));
  return b && !ts_node_is_null(b->value) && text(b->value).find("requires_grad_(False)") != std::string_view::npos;
}

TSNode SemanticModel::unwrap_module_call(TSNode call) const {
  const Kinds& k = kinds();
  if (ts_node_symbol(call) != k.call) return TSNode{};
  TSNode f = field(call, "function");
  if (ts_node_symbol(f) == k.attribute && returns_receiver(text(field(f, "attribute")))) return field(f, "object");
  std::string c = canonical(f);
  std::string_view seg = last_segment(c);
  TSNode args = field(call, "arguments");
  if ((seg == "DataParallel" || seg == "DistributedDataParallel" || c == "torch.compile") && !ts_node_is_null(args) &&
      ts_node_named_child_count(args) > 0)
    return ts_node_named_child(args, 0);
  return TSNode{};
}

TSNode SemanticModel::alias_origin(TSNode expr, int fn) const {
  const Kinds& k = kinds();
  uint32_t pos = ts_node_start_byte(expr);
  for (int depth = 0; depth < 6; ++depth) {
    TSSymbol s = ts_node_symbol(expr);
    if (s == k.call) {  // a wrapper of the same module aliases it
      TSNode inner = unwrap_module_call(expr);
      if (ts_node_is_null(inner)) return expr;
      expr = inner;
      continue;
    }
    if (s != k.identifier) return expr;
    const Assignment* b = binding(text(expr), pos, fn);
    if (!b || b->parameter || b->fn < 0 || b->loop_target || ts_node_is_null(b->value)) return expr;
    // `model = DataParallel(model)`: the inner `model` is the earlier binding.
    pos = b->pos > 0 ? std::min(pos, ts_node_start_byte(b->value)) : pos;
    expr = b->value;
  }
  return expr;
}

bool SemanticModel::is_shared_with_caller(TSNode expr, int fn) const {
  const Kinds& k = kinds();
  auto root_of = [&](TSNode n) {  // `a` of `a.b[0].c`
    while (ts_node_symbol(n) == k.attribute || ts_node_symbol(n) == k.subscript)
      n = ts_node_symbol(n) == k.attribute ? field(n, "object") : field(n, "value");
    return n;
  };
  // A variable of an enclosing function is the one object its closures share, whatever built it.
  TSNode own = root_of(expr);
  if (ts_node_symbol(own) == k.identifier && text(own) != "self") {
    const Assignment* b = binding(text(own), ts_node_start_byte(own), fn);
    if (b && b->fn >= 0 && b->fn != fn) return true;
  }
  TSNode root = root_of(alias_origin(expr, fn));
  if (ts_node_symbol(root) != k.identifier) return false;
  if (text(root) == "self") return true;
  const Assignment* b = binding(text(root), ts_node_start_byte(root), fn);
  return !b || b->parameter || b->fn < 0;
}

bool SemanticModel::is_shared_name(TSNode identifier) const {
  const Kinds& k = kinds();
  if (ts_node_symbol(identifier) != k.identifier) return false;
  int fn = function_of(identifier);
  if (fn < 0) return true;
  const Assignment* b = binding(text(identifier), ts_node_start_byte(identifier), fn);
  if (!b || b->parameter) return false;  // a parameter is reached only by passing it
  if (b->fn < 0) return true;
  TSNode root = alias_origin(identifier, fn);
  while (ts_node_symbol(root) == k.attribute) root = field(root, "object");
  if (ts_node_symbol(root) != k.identifier) return false;
  if (text(root) == "self") return true;
  const Assignment* r = binding(text(root), ts_node_start_byte(root), fn);
  return r && r->fn < 0;
}

bool SemanticModel::is_model_callee(TSNode callee) const {
  auto it = model_callee_memo_.find(node_key(callee));
  if (it != model_callee_memo_.end()) {
    if (it->second.second) note_name_evidence();
    return it->second.first;
  }
  bool before = used_name_evidence();
  clear_name_evidence();
  bool answer = is_model_callee_uncached(callee);
  bool by_name = used_name_evidence();
  model_callee_memo_[node_key(callee)] = {answer, by_name};
  if (before) note_name_evidence();
  return answer;
}

bool SemanticModel::is_model_callee_uncached(TSNode callee) const {
  const Kinds& k = kinds();
  TSSymbol s = ts_node_symbol(callee);
  if (s == k.subscript) return is_model_callee(field(callee, "value"));
  int fn = function_of(callee);
  if (s == k.identifier) {
    std::string_view name = text(callee);
    if (name == "self") {
      int cls = fn < 0 ? -1 : functions_[fn].class_index;
      if (cls < 0) return false;
      if (classes_[cls].is_module) return true;
      const ClassSummary* c = instance_class(callee);
      return c && c->is_module;
    }
    if (names_import(callee)) return false;  // an imported function or class
    // A function defined in an enclosing scope (`def run_generator(z): ...`) is code, even
    // when later rebound to a traced copy of itself.
    for (int scope = fn; scope >= 0; scope = functions_[scope].parent)
      if (nested_function(scope, name)) return false;
    const Assignment* b = binding(name, ts_node_start_byte(callee), fn);
    if (!b) {
      if (top_level_names_.count(std::string(name))) return false;  // a local helper or class
      if (is_capitalized(name)) return false;                      // a constructor: Net(...)
    } else {
      int known = b->parameter || b->loop_target ? value_is_model(callee, fn, 0) : value_is_model(b->value, b->fn, 0);
      if (known >= 0) return known == 1;
      if (feeds_backward(callee)) return true;  // its output is backpropagated: a model by flow
      if (!b->parameter && !b->loop_target && !ts_node_is_null(b->value) && ts_node_symbol(b->value) == k.call) {
        // Bound to the result of an unknown call: a factory counts only by its name.
        std::string_view f = last_segment(text(field(b->value, "function")));
        if (!is_model_name(name) && !is_model_name(f)) return false;
      }
    }
    if (!is_model_name(name)) return false;
    note_name_evidence();
    return true;
  }
  if (s == k.attribute) {
    std::string_view attr = text(field(callee, "attribute"));
    TSNode obj = field(callee, "object");
    if (attr == "forward" || attr == "module") return is_model_callee(obj);
    TSNode root = callee;
    while (ts_node_symbol(root) == k.attribute) root = field(root, "object");
    // onnx.checker.check_model(...), torch.nn.Module(...): library code, not a forward pass.
    if (ts_node_symbol(root) == k.identifier && names_import(root))
      return false;
    if (ts_node_symbol(root) == k.identifier && text(root) == "torch") return false;
    bool on_self = text(obj) == "self";
    // Off `self`, only a module-like attribute name can make `obj.attr(...)` a forward.
    if (!on_self && !is_model_name(attr)) return false;
    enum class Verdict { kNo, kYes, kByName };
    auto verdict = [&]() {
      if (on_self) {
        int known = value_is_model(callee, fn, 0);
        if (known >= 0) return known == 1 ? Verdict::kYes : Verdict::kNo;
        if (feeds_backward(callee)) return Verdict::kYes;
      } else if (!is_model_callee_object(obj) && attr.find('_', attr.find_first_not_of('_')) != std::string_view::npos) {
        // `accelerator.unwrap_model`, `quantizer.preprocess_model`: on an object that is not a
        // model, a compound name is a method's, not a submodule's.
        return Verdict::kNo;
      }
      if (!on_self && ts_node_symbol(obj) == k.identifier) {
        // A method of a library object (`accelerator.unwrap_model(m)`) is not a forward pass.
        const Assignment* b = binding(text(obj), ts_node_start_byte(obj), fn);
        if (b && !b->parameter && !ts_node_is_null(b->value) && ts_node_symbol(b->value) == k.call &&
            value_is_model(b->value, b->fn, 0) != 1 && !instance_class(obj))
          return Verdict::kNo;
      }
      return is_model_name(attr) ? Verdict::kByName : Verdict::kNo;
    }();
    if (verdict == Verdict::kNo) return false;
    // A method the project defines (`self.encode_prompt`, `trainer.predict`) is code, not a
    // module's forward. Asked last: the answer is the whole project's, and a file that asks is
    // analysed again when it changes.
    TSNode call = parent(callee);
    if (!call_target(call).starts_with("*.") && call_resolves(call)) return false;
    if (verdict == Verdict::kByName) note_name_evidence();
    return true;
  }
  return false;
}

bool SemanticModel::is_optimizer(TSNode expr) const {
  const Kinds& k = kinds();
  TSSymbol s = ts_node_symbol(expr);
  if (s == k.subscript) return is_optimizer(field(expr, "value"));
  if (s == k.call) {  // self.optimizers()
    TSNode f = field(expr, "function");
    return ts_node_symbol(f) == k.attribute && is_optimizer_name(text(field(f, "attribute")));
  }
  if (s != k.identifier && s != k.attribute) return false;
  if (const Assignment* b = binding(text(expr), ts_node_start_byte(expr), function_of(expr))) {
    // `optimizer, scheduler = build_optimizer(...)`: one element of what the call returns,
    // which its name does not describe.
    if (!b->element && !ts_node_is_null(b->value) && ts_node_symbol(b->value) == k.call) {
      std::string c = lower(canonical(field(b->value, "function")));
      if (c.find("optim") != std::string::npos && c.find("sched") == std::string::npos) return true;
    }
  }
  return is_optimizer_name(last_segment(text(expr)));
}

bool SemanticModel::is_grad_scaler(TSNode expr) const {
  const Kinds& k = kinds();
  TSSymbol s = ts_node_symbol(expr);
  if (s != k.identifier && s != k.attribute) return false;
  if (is_grad_scaler_name(last_segment(text(expr)))) return true;
  const Assignment* b = binding(text(expr), ts_node_start_byte(expr), function_of(expr));
  return b && !ts_node_is_null(b->value) && ts_node_symbol(b->value) == k.call &&
         canonical(field(b->value, "function")).ends_with("GradScaler");
}

bool SemanticModel::is_backward_call(TSNode call, TSNode* root) const {
  const Kinds& k = kinds();
  if (ts_node_symbol(call) != k.call) return false;
  TSNode callee = field(call, "function");
  if (ts_node_symbol(callee) != k.attribute) return false;
  std::string_view method = text(field(callee, "attribute"));
  if (method != "backward" && method != "manual_backward") return false;
  if (root) {
    // The loss is the receiver of `loss.backward()`, the argument of `accelerator.backward(loss)`,
    // `self.manual_backward(loss)` and `torch.autograd.backward(loss)`.
    TSNode args = field(call, "arguments");
    TSNode first = ts_node_is_null(args) || ts_node_named_child_count(args) == 0 ? TSNode{} : ts_node_named_child(args, 0);
    if (!ts_node_is_null(first) && ts_node_symbol(first) == k.keyword_argument) first = TSNode{};
    *root = method == "backward" && ts_node_is_null(first) ? field(callee, "object") : first;
  }
  return true;
}

bool SemanticModel::is_backpropagated(TSNode expr) const {
  const Kinds& k = kinds();
  TSSymbol s = ts_node_symbol(expr);
  if (s != k.identifier && s != k.attribute) return false;
  std::string_view name = text(expr);
  int fn = function_of(expr);
  const FunctionInfo* f = function(fn);
  if (!f) return false;
  // The names a backward root is computed from: `scaler.scale(loss)`, `(d_loss + g_loss)`,
  // and one assignment further (`loss = l1 + l2; loss.backward()` makes l1 and l2 losses).
  bool found = false;
  std::function<void(TSNode, int)> visit = [&](TSNode root, int depth) {
    walk(root, [&](TSNode c) {
      if (found) return false;
      TSSymbol cs = ts_node_symbol(c);
      if (cs == k.identifier || cs == k.attribute) {
        if (text(c) == name) {
          found = true;
          return false;
        }
        if (depth < 2) {
          const Assignment* b = binding(text(c), ts_node_start_byte(c), fn);
          if (b && !ts_node_is_null(b->value) && !b->parameter) visit(b->value, depth + 1);
        }
        return cs == k.attribute ? false : true;
      }
      if (cs == k.call) {
        // `loss.mean()` is the loss; `scaler.scale(loss)` passes it on; any other call (a
        // criterion of outputs) makes something new of its arguments.
        TSNode fnode = field(c, "function");
        if (ts_node_symbol(fnode) == k.attribute) {
          if (text(field(fnode, "attribute")) == "scale") visit(field(c, "arguments"), depth);
          else visit(field(fnode, "object"), depth);
        }
        return false;
      }
      if (cs == k.subscript) {
        visit(field(c, "value"), depth);
        return false;
      }
      return true;
    }, [](TSNode) {});
  };
  for (TSNode root : f->backward_roots) {
    visit(root, 0);
    if (found) return true;
  }
  return false;
}

bool SemanticModel::feeds_backward(TSNode callee) const {
  const Kinds& k = kinds();
  int fn = function_of(callee);
  auto [it, fresh] = grad_callees_.try_emplace(fn + 1);
  if (fresh) {
    std::unordered_set<std::string>& out = it->second;
    const auto& roots = fn < 0 ? module_backward_roots_ : functions_[fn].backward_roots;
    std::function<void(TSNode, int)> visit = [&](TSNode root, int depth) {
      walk(root, [&](TSNode c) {
        TSSymbol cs = ts_node_symbol(c);
        if (cs == k.identifier || cs == k.attribute) {
          if (depth < 3) {
            const Assignment* b = binding(text(c), ts_node_start_byte(c), fn);
            if (b && !ts_node_is_null(b->value) && !b->parameter && !b->loop_target) visit(b->value, depth + 1);
          }
          return false;
        }
        if (cs == k.call) {
          TSNode f = field(c, "function");
          TSNode args = field(c, "arguments");
          auto visit_args = [&] {
            if (!ts_node_is_null(args)) visit(args, depth);
          };
          TSSymbol fs = ts_node_symbol(f);
          if (fs == k.attribute) {
            TSNode obj = field(f, "object");
            TSNode root = obj;
            while (ts_node_symbol(root) == k.attribute) root = field(root, "object");
            if (text(obj) == "self") {
              out.insert(std::string(text(f)));  // self.net(x): a submodule (or a method, resolved elsewhere)
            } else if (ts_node_symbol(root) == k.identifier && names_import(root)) {
              if (canonical(f).starts_with("torch.")) visit_args();  // torch ops keep their inputs' graph
            } else {
              visit(obj, depth);  // `netD(x).mean()`, `out.sum()`: computed from the receiver
              if (text(field(f, "attribute")) == "forward") out.insert(std::string(text(obj)));
            }
          } else if (fs == k.identifier) {
            std::string_view name = text(f);
            if (names_import(f) || name == "sum" || name == "max" || name == "min" ||
                is_loss_name(name) || value_is_loss_module(f, fn))
              visit_args();  // a loss or an op of what feeds it
            else
              out.insert(std::string(name));  // netD(x), model(x): the result carries the graph
          }
          return false;
        }
        return true;
      }, [](TSNode) {});
    };
    for (TSNode root : roots) visit(root, 0);
  }
  return it->second.count(std::string(text(callee))) > 0;
}

Provenance SemanticModel::provenance(TSNode expr) const {
  // Rules ask about the same expressions again and again; answers change only with the index.
  // Whether the answer rested on a name is part of it: a repeated question notes it again.
  auto [it, fresh] = provenance_memo_.try_emplace(node_key(expr));
  if (fresh) {
    bool before = name_evidence_;
    name_evidence_ = false;
    it->second.first = provenance_at(expr, function_of(expr), 0);
    it->second.second = name_evidence_;
    name_evidence_ = before || name_evidence_;
  } else if (it->second.second) {
    note_name_evidence();
  }
  return it->second.first;
}

}  // namespace torchlint::py
