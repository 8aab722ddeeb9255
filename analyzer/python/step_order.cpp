// Predicates about the order of a training step's operations within one iteration:
// backward, zero_grad, optimizer and scheduler steps, gradient unscaling and clipping.
// Order is source order inside the innermost loop (or the function, for a per-step helper);
// two calls in different branches of one `if` (or `try`) are never in the same iteration.
#include <algorithm>

#include <fmt/format.h>

#include "python/kinds.h"
#include "python/names.h"
#include "python/predicates.h"

namespace torchlint::py {

namespace {

enum class StepOp { Other, Backward, ScaledBackward, ZeroGrad, OptimizerStep, Unscale };

struct OpCall {
  TSNode node{};
  StepOp op = StepOp::Other;
  std::string optimizer;  // OptimizerStep: the optimizer's text (`opt`, `self.opt_g`)
};

// The innermost `for`/`while` around n in its own function, or null.
TSNode enclosing_loop(const SemanticModel& m, TSNode n) {
  const Kinds& k = kinds();
  for (TSNode p : m.ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (is_scope_boundary(s)) break;
    if (s == k.for_statement || s == k.while_statement) return p;
  }
  return {};
}

// The innermost `if` or `try` between n and `scope` (exclusive), or null.
TSNode innermost_condition(const SemanticModel& m, TSNode n, TSNode scope) {
  for (TSNode p : m.ancestors(n)) {
    if (!ts_node_is_null(scope) && same_node(p, scope)) break;
    if (is_scope_boundary(ts_node_symbol(p))) break;
    if (ts_node_symbol(p) == kinds().if_statement || is_kind(p, "try_statement")) return p;
  }
  return {};
}

// a and b sit in different branches of one `if`/`elif`/`else` or `try`/`except`: no single
// pass through the iteration runs both.
bool exclusive(const SemanticModel& m, TSNode a, TSNode b) {
  for (TSNode p : m.ancestors(a)) {
    if (is_scope_boundary(ts_node_symbol(p))) return false;
    if (!contains_node(p, b)) continue;
    bool branching = ts_node_symbol(p) == kinds().if_statement || is_kind(p, "try_statement");
    if (!branching) return false;
    TSNode branch_a{}, branch_b{};
    for_each_named_child(p, [&](TSNode c) {
      if (contains_node(c, a)) branch_a = c;
      if (contains_node(c, b)) branch_b = c;
    });
    if (ts_node_is_null(branch_a) || ts_node_is_null(branch_b) || same_node(branch_a, branch_b)) return false;
    if (same_node(branch_a, field(p, "condition")) || same_node(branch_b, field(p, "condition"))) return false;
    return !is_kind(branch_a, "finally_clause") && !is_kind(branch_b, "finally_clause");
  }
  return false;
}

StepOp classify(const SemanticModel& m, TSNode call, std::string* optimizer) {
  const Kinds& k = kinds();
  TSNode f = field(call, "function");
  if (ts_node_symbol(f) == k.attribute) {
    std::string_view method = m.text(field(f, "attribute"));
    TSNode receiver = field(f, "object");
    if (m.is_backward_call(call)) {
      // `scaler.scale(loss).backward()`
      if (ts_node_symbol(receiver) == k.call) {
        TSNode rf = field(receiver, "function");
        if (ts_node_symbol(rf) == k.attribute && m.text(field(rf, "attribute")) == "scale" &&
            m.is_grad_scaler(field(rf, "object")))
          return StepOp::ScaledBackward;
      }
      return StepOp::Backward;
    }
    if (method == "zero_grad") return StepOp::ZeroGrad;
    if (method == "unscale_") return StepOp::Unscale;
    if (method == "step") {
      TSNode args = field(call, "arguments");
      if (m.is_optimizer(receiver)) {
        *optimizer = std::string(m.text(receiver));
        return StepOp::OptimizerStep;
      }
      if (m.is_grad_scaler(receiver) && !ts_node_is_null(args) && ts_node_named_child_count(args) > 0) {
        *optimizer = std::string(m.text(ts_node_named_child(args, 0)));
        return StepOp::OptimizerStep;
      }
    }
  }
  // A project helper that backpropagates (`self.backward(loss)`, `loss_scaler(loss, opt)`).
  if (m.call_effects(call, kBackward)) return StepOp::Backward;
  return StepOp::Other;
}

// The step operations of the iteration around `n`, in source order: the calls of its innermost
// loop (only those at that loop's level unless `nested`), or, outside loops, of its function's
// straight-line code (its loops too when `nested`: a step before the batch loop runs before
// every step of that loop). `scope` receives the loop (null for a function).
std::vector<OpCall> iteration_ops(const SemanticModel& m, TSNode n, bool nested, TSNode* scope) {
  std::vector<OpCall> out;
  int fn = m.function_of(n);
  TSNode loop = enclosing_loop(m, n);
  *scope = loop;
  std::vector<uint32_t> calls;
  if (!ts_node_is_null(loop)) {
    if (const LoopInfo* l = m.loop(loop)) calls = l->all_calls;
  } else if (const FunctionInfo* f = m.function(fn)) {
    calls = f->calls;
  }
  for (uint32_t c : calls) {
    TSNode call = m.call_node(c);
    if (ts_node_symbol(call) != kinds().call || m.function_of(call) != fn) continue;  // a bare decorator
    TSNode own_loop = enclosing_loop(m, call);
    bool same_level = ts_node_is_null(loop) ? ts_node_is_null(own_loop) : same_node(own_loop, loop);
    if (!same_level && !nested) continue;
    OpCall op;
    op.node = call;
    op.op = classify(m, call, &op.optimizer);
    if (op.op != StepOp::Other) out.push_back(std::move(op));
  }
  return out;
}

bool is_backward(StepOp op) { return op == StepOp::Backward || op == StepOp::ScaledBackward; }
bool before(TSNode a, TSNode b) { return ts_node_end_byte(a) <= ts_node_start_byte(b); }

// `opt.zero_grad()` (or `model.zero_grad()`) after this iteration's backward and before the
// optimizer step that should apply those gradients, with no backward in between: the step
// applies zeros. A zero_grad under a condition of its own (skipping a bad step) is left alone.
bool zero_grad_before_step(const PredicateEnv& e, TSNode receiver) {
  const SemanticModel& m = e.model;
  TSNode zero = e.match;
  bool one_optimizer = m.is_optimizer(receiver);
  if (!one_optimizer && !m.is_model_callee_object(receiver)) return false;
  TSNode scope{};
  std::vector<OpCall> ops = iteration_ops(m, zero, false, &scope);
  if (ts_node_is_null(scope) && m.function_of(zero) < 0) return false;
  TSNode own_condition = innermost_condition(m, zero, scope);
  auto reached_with_zero = [&](TSNode other) {
    return !exclusive(m, zero, other) && (ts_node_is_null(own_condition) || contains_node(own_condition, other));
  };
  bool backward_before = false;
  for (const OpCall& op : ops)
    if (is_backward(op.op) && before(op.node, zero) && reached_with_zero(op.node)) backward_before = true;
  if (!backward_before) return false;
  std::string_view name = m.text(receiver);
  for (const OpCall& op : ops) {
    if (!before(zero, op.node)) continue;
    if (is_backward(op.op)) return false;  // new gradients before the step
    if (op.op == StepOp::OptimizerStep && reached_with_zero(op.node) && (!one_optimizer || op.optimizer == name))
      return true;
  }
  return false;
}

// A learning-rate scheduler: built by a torch.optim.lr_scheduler class or a library factory
// that returns one (transformers' / diffusers' get_*schedule*); or a parameter every caller
// in the file hands one (`train_epoch(net, optimizer, scheduler, ...)`).
bool is_lr_scheduler_value(const SemanticModel& m, TSNode expr, std::string* optimizer, int depth = 0, int hops = 0) {
  const Kinds& k = kinds();
  TSSymbol s = ts_node_symbol(expr);
  if (s != k.identifier && s != k.attribute) return false;
  const Assignment* b = m.binding(m.text(expr), ts_node_start_byte(expr), m.function_of(expr));
  // `self.scheduler = scheduler` in a constructor: what the constructor was handed.
  if (b && !b->parameter && !b->element && depth == 0 && hops < 4 && !ts_node_is_null(b->value) &&
      ts_node_symbol(b->value) == k.identifier)
    return is_lr_scheduler_value(m, b->value, optimizer, depth, hops + 1);
  if (b && b->parameter && depth == 0) {
    std::vector<TSNode> passed = m.arguments_passed(*b, expr);
    // The optimizer a caller names is not this function's: any optimizer step counts.
    return !passed.empty() && std::all_of(passed.begin(), passed.end(), [&](TSNode a) {
      return is_lr_scheduler_value(m, a, nullptr, depth + 1);
    });
  }
  if (!b || ts_node_is_null(b->value) || ts_node_symbol(b->value) != k.call) return false;
  std::string c = m.canonical(field(b->value, "function"));
  bool scheduler = c.starts_with("torch.optim.lr_scheduler.") ||
                   ((c.starts_with("transformers.") || c.starts_with("diffusers.")) && c.find("schedule") != std::string::npos);
  if (!scheduler || c.ends_with("ReduceLROnPlateau")) return false;
  TSNode args = field(b->value, "arguments");
  if (optimizer && !ts_node_is_null(args) && ts_node_named_child_count(args) > 0) {
    TSNode first = ts_node_named_child(args, 0);
    if (ts_node_symbol(first) == k.keyword_argument) first = m.text(field(first, "name")) == "optimizer" ? field(first, "value") : TSNode{};
    if (!ts_node_is_null(first)) *optimizer = std::string(m.text(first));
  }
  return true;
}

bool is_lr_scheduler(const PredicateEnv& e, TSNode x) { return is_lr_scheduler_value(e.model, x, nullptr); }

// `scheduler.step()` comes before its optimizer's step in the same iteration (also the
// optimizer steps of a loop nested after it): the first value of the schedule is skipped.
bool scheduler_steps_first(const PredicateEnv& e, TSNode scheduler) {
  const SemanticModel& m = e.model;
  std::string optimizer;
  if (!is_lr_scheduler_value(m, scheduler, &optimizer)) return false;
  TSNode scope{};
  std::vector<OpCall> ops = iteration_ops(m, e.match, true, &scope);
  // Outside loops, in a function: `scheduler.step()` before the function's batch loop steps
  // the schedule before any optimizer step of the call (an epoch function run per epoch).
  if (ts_node_is_null(scope) && m.function_of(e.match) < 0) return false;
  auto steps_it = [&](const OpCall& op) {
    return op.op == StepOp::OptimizerStep && (optimizer.empty() || op.optimizer == optimizer) &&
           !exclusive(m, op.node, e.match);
  };
  bool after = false;
  for (const OpCall& op : ops) {
    if (!steps_it(op)) continue;
    if (before(op.node, e.match)) return false;  // the optimizer already stepped this iteration
    if (before(e.match, op.node)) after = true;
  }
  return after;
}

// Gradient clipping after a GradScaler-scaled backward with no `scaler.unscale_(opt)` before
// it: the gradients are still multiplied by the scale, so the threshold means nothing.
bool clip_before_unscale(const PredicateEnv& e, TSNode clip) {
  const SemanticModel& m = e.model;
  TSNode scope{};
  std::vector<OpCall> ops = iteration_ops(m, clip, true, &scope);
  bool scaled = false;
  for (const OpCall& op : ops) {
    if (!before(op.node, clip) || exclusive(m, op.node, clip)) continue;
    if (op.op == StepOp::ScaledBackward) scaled = true;
    if (op.op == StepOp::Unscale) return false;
  }
  return scaled;
}

}  // namespace

// A function-local table: other translation units may ask for it during their static setup.
const std::vector<NamedPredicate>& step_order_predicates() {
  static const std::vector<NamedPredicate> table = {
    {"is-lr-scheduler", is_lr_scheduler,
     "the value was built by a torch.optim.lr_scheduler class (not ReduceLROnPlateau) or a transformers/diffusers schedule factory"},
    {"zero-grad-before-step", zero_grad_before_step,
     "this zero_grad() runs after the iteration's backward and before the optimizer step that should apply it, with no backward in between"},
    {"scheduler-steps-first", scheduler_steps_first,
     "the scheduler steps before its optimizer's step in the same iteration (the optimizer has not stepped earlier in it)"},
    {"clip-before-unscale", clip_before_unscale,
     "the call follows a GradScaler-scaled backward in the same iteration and no unscale_() comes before it"},
  };
  return table;
}

}  // namespace torchlint::py
