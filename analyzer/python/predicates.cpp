#include "python/predicates.h"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "python/kinds.h"
#include "python/names.h"
#include "python/torch_api.h"

namespace torchlint::py {

namespace {

bool ctx_training_loop(const SemanticModel& m, TSNode n) { return m.innermost_training_loop(n) != nullptr; }
// The function runs backward, itself or through the project functions it calls: it trains,
// though its loop may sit in a callee (`def fit(self): ...; self.run_training_epoch()`).
bool ctx_training_function(const SemanticModel& m, TSNode n) {
  const FunctionInfo* f = m.function(m.function_of(n));
  return f && f->reaches_backward;
}
bool ctx_every_iteration(const SemanticModel& m, TSNode n) { return m.every_iteration(n); }
bool ctx_updates_weights(const SemanticModel& m, TSNode) { return m.updates_weights_in_file(); }
bool ctx_every_training_step(const SemanticModel& m, TSNode n) { return m.every_training_step(n); }
bool ctx_no_grad(const SemanticModel& m, TSNode n) { return m.in_no_grad(n); }
bool ctx_eval_code(const SemanticModel& m, TSNode n) {
  if (!m.in_eval_code(n)) return false;
  const FunctionInfo* f = m.function(m.function_of(n));
  if (f && f->eval_by_name_only) m.note_name_evidence();
  return true;
}

bool carries_grad(const PredicateEnv& e, TSNode x) { return e.model.provenance(x).grad; }
// A value of unknown origin that this function backpropagates through (`output =
// module.training_step(batch)`, `output["loss"].backward()`): it held a graph then, provided
// the binding backpropagated is the one in effect here (not `loss = loss.detach()`).
bool holds_backpropagated_graph(const PredicateEnv& e, TSNode x) {
  const SemanticModel& m = e.model;
  if (ts_node_symbol(x) != kinds().identifier || m.provenance(x).tensor || !m.is_backpropagated(x)) return false;
  int fn = m.function_of(x);
  const FunctionInfo* f = m.function(fn);
  const Assignment* here = m.binding(m.text(x), ts_node_start_byte(x), fn);
  if (!f || !here) return false;
  for (TSNode root : f->backward_roots)
    if (m.binding(m.text(x), ts_node_start_byte(root), fn) == here) return true;
  return false;
}
bool is_tensor(const PredicateEnv& e, TSNode x) { return e.model.provenance(x).tensor; }
bool is_model(const PredicateEnv& e, TSNode x) { return e.model.is_model_callee(x); }
bool is_frozen_module(const PredicateEnv& e, TSNode x) { return e.model.is_frozen_module(x); }

// A call of a project function that runs a model's forward (directly or further down) and
// does not turn gradients off itself: `engine.infer(model, x)`.
bool runs_model(const PredicateEnv& e, TSNode callee) {
  TSNode call = e.model.parent(callee);
  if (ts_node_symbol(call) != kinds().call) return false;
  // A transform that hands back a module (`model = convert_pt2e(model)`, a quantizer, a
  // fuser) rewrites the model; any forward it runs on the way is its own business.
  // Also by its use: its result replaces the model it was handed (`m = convert_pt2e(m)`).
  uint32_t effects = e.model.call_effects(call, kRunsModel | kNoGradBody | kBackward | kReturnsModel);
  if (!(effects & kRunsModel) || (effects & (kNoGradBody | kBackward | kReturnsModel))) return false;
  if (TSNode stmt = e.model.parent(call); ts_node_symbol(stmt) == kinds().assignment && same_node(field(stmt, "right"), call) &&
      ts_node_symbol(field(stmt, "left")) == kinds().identifier) {
    std::string_view target = e.model.text(field(stmt, "left"));
    if (any_argument(field(call, "arguments"), [&](TSNode a) { return e.model.text(a) == target; })) return false;
  }
  // A helper of this file that is evaluation code itself carries the finding at its own
  // model call: one problem, one finding (`profile_torch_image(model.visual, ...)`).
  if (const FunctionInfo* f = e.model.function(e.model.local_function(e.model.call_target(call))); f && f->is_eval)
    return false;
  // Handed only frozen modules (`requires_grad_(False)`): no graph is recorded.
  bool models = false, all_frozen = true;
  TSNode args = field(call, "arguments");
  if (!ts_node_is_null(args))
    for_each_named_child(args, [&](TSNode a) {
      if (e.model.is_frozen_module(a)) models = true;  // frozen: a module, recording nothing
      else if (e.model.is_model_callee_object(a)) models = true, all_frozen = false;
    });
  return !(models && all_frozen);
}

// A call of a project function that reads a tensor on the host every time (`meter.update(loss)`
// whose body calls `.item()`), handed a tensor here.
bool syncs_in_callee(const PredicateEnv& e, TSNode call) {
  if (ts_node_symbol(call) != kinds().call) return false;
  uint32_t effects = e.model.call_effects(call, kSyncs | kSyncsOwnTensor | kEveryStep);
  if (!(effects & kSyncs)) return false;
  // A callee that runs every training step is judged where it reads (`every-training-step`).
  if (effects & kEveryStep) return false;
  if (effects & kSyncsOwnTensor) return true;  // reads its own device tensors (`p.grad`) every call
  bool tensor_arg = false;
  TSNode args = field(call, "arguments");
  if (!ts_node_is_null(args))
    for_each_named_child(args, [&](TSNode a) {
      if (ts_node_symbol(a) == kinds().keyword_argument) a = field(a, "value");
      tensor_arg = tensor_arg || e.model.provenance(a).tensor;
    });
  return tensor_arg;
}
bool is_optimizer(const PredicateEnv& e, TSNode x) { return e.model.is_optimizer(x); }
bool is_grad_scaler(const PredicateEnv& e, TSNode x) { return e.model.is_grad_scaler(x); }

// A loss by flow (a loss function or module made it, a helper returns one, backward is
// called on it or on what it is part of); by its name only as a last resort.
bool is_loss(const PredicateEnv& e, TSNode x) {
  Provenance p = e.model.provenance(x);
  if (p.loss || (e.model.is_backpropagated(x) && !p.model_output)) return true;
  TSSymbol s = ts_node_symbol(x);
  if ((s == kinds().identifier || s == kinds().attribute) && is_loss_value_name(last_segment(e.model.text(x)))) {
    e.model.note_name_evidence();
    return true;
  }
  return false;
}

// An optimizer steps in `region` outside `skip` (`opt.step()`, `scaler.step(opt)`); with a null
// `skip`, anywhere in it. Found by text first: a region without `.step(` answers at once.
bool optimizer_steps_in(const SemanticModel& m, TSNode region, TSNode skip) {
  if (m.text(region).find(".step(") == std::string_view::npos) return false;
  bool steps = false;
  walk(region, [&](TSNode c) {
    if (steps || (!ts_node_is_null(skip) && ts_node_eq(c, skip))) return false;
    if (ts_node_symbol(c) != kinds().call) return true;
    TSNode f = field(c, "function");
    if (ts_node_symbol(f) == kinds().attribute && m.text(field(f, "attribute")) == "step")
      steps = m.is_optimizer(field(f, "object")) ||
              any_argument(field(c, "arguments"), [&](TSNode a) { return !ts_node_is_null(a) && m.is_optimizer(a); });
    return true;
  }, [](TSNode) {});
  return steps;
}

// The loop is one optimizer step's micro-batches: it steps no optimizer, and the enclosing
// loop that does rebinds `name` each iteration (`outputs = []` before `for chunk in chunks:`,
// `opt.step()` after it). What the container holds lives for one step: bounded, no growth.
bool rebound_every_step(const SemanticModel& m, int fn, std::string_view name, TSNode loop) {
  if (optimizer_steps_in(m, loop, TSNode{})) return false;
  for (TSNode p : m.ancestors(loop)) {
    TSSymbol s = ts_node_symbol(p);
    if (is_scope_boundary(s)) return false;
    if (s != kinds().for_statement && s != kinds().while_statement) continue;
    if (!optimizer_steps_in(m, p, loop)) continue;
    return m.assigned_within(fn, name, ts_node_start_byte(p), ts_node_start_byte(loop));
  }
  return false;
}

// The container or accumulator outlives one iteration of the training loop: it is not
// rebound inside the loop, or in the step loop around a loop over one step's micro-batches,
// and what it holds is not itself backpropagated there.
bool persists_across_iterations(const PredicateEnv& e, TSNode acc) {
  const Kinds& k = kinds();
  while (ts_node_symbol(acc) == k.subscript) acc = field(acc, "value");
  TSSymbol s = ts_node_symbol(acc);
  if (s != k.identifier && s != k.attribute) return false;
  TSNode loop{};
  if (!e.model.innermost_training_loop(e.match, &loop)) return false;
  std::string_view name = e.model.text(acc);
  int fn = e.model.function_of(e.match);
  // `total = total + x` rebinds total from itself: still an accumulator.
  uint32_t self_update = ts_node_symbol(e.match) == k.assignment ? ts_node_end_byte(e.match) : 0;
  if (e.model.assigned_within(fn, name, ts_node_start_byte(loop), ts_node_end_byte(loop), self_update)) return false;
  if (rebound_every_step(e.model, fn, name, loop)) return false;
  // A loop of a handful of literal passes keeps a handful of values: bounded, no growth.
  if (e.model.runs_few_times(loop)) return false;
  bool backpropagated = false;
  walk(loop, [&](TSNode c) {
    if (backpropagated) return false;
    TSNode root{};
    if (e.model.is_backward_call(c, &root) && !ts_node_is_null(root) && e.model.text(root) == name) backpropagated = true;
    return true;
  }, [](TSNode) {});
  return !backpropagated;
}

// A subscript key that is the same on every pass of the training loop: a literal (`"d"`, `0`,
// a tuple of them) or a name the loop never rebinds. Stored under it, a value replaces the
// previous step's (`loss_dict["d"] = d_loss`): one step's graph at a time, not every step's.
bool same_key_every_iteration(const PredicateEnv& e, TSNode key) {
  const Kinds& k = kinds();
  TSNode loop{};
  if (!e.model.innermost_training_loop(e.match, &loop)) return false;
  int fn = e.model.function_of(e.match);
  std::function<bool(TSNode)> constant = [&](TSNode n) {
    TSSymbol s = ts_node_symbol(n);
    if (s == k.string) {  // an f-string is the same when what it interpolates is
      bool same = true;
      for_each_named_child(n, [&](TSNode part) {
        if (is_kind(part, "interpolation") && ts_node_named_child_count(part) > 0) same = same && constant(ts_node_named_child(part, 0));
      });
      return same;
    }
    if (is_kind(n, "integer") || is_kind(n, "float") || is_kind(n, "true") || is_kind(n, "false") || is_kind(n, "none"))
      return true;
    if (is_kind(n, "tuple") || is_kind(n, "parenthesized_expression")) {
      bool all = ts_node_named_child_count(n) > 0;
      for_each_named_child(n, [&](TSNode c) { all = all && constant(c); });
      return all;
    }
    if (s == k.identifier || s == k.attribute)
      return !e.model.assigned_within(fn, e.model.text(n), ts_node_start_byte(loop), ts_node_end_byte(loop), 0);
    return false;
  };
  return constant(key);
}

// Whether an identifier `name` occurs in `expr` (`self.optim_dict[p]` holds `p`).
bool contains_identifier(const SemanticModel& m, TSNode expr, std::string_view name) {
  bool found = false;
  walk(expr, [&](TSNode c) {
    if (ts_node_symbol(c) == kinds().identifier && m.text(c) == name) found = true;
    return !found;
  }, [](TSNode) {});
  return found;
}

// The modules whose `.parameters()` the optimizer bound to `name` was built over
// (`Adam(chain(self.G.parameters(), self.D.parameters()))`: self.G, self.D); empty when unknown.
std::vector<std::string_view> parameter_owners(const SemanticModel& m, std::string_view name, uint32_t pos, int fn) {
  std::vector<std::string_view> owners;
  const Assignment* b = m.binding(name, pos, fn);
  if (!b || b->element || ts_node_is_null(b->value) || ts_node_symbol(b->value) != kinds().call) return owners;
  walk(field(b->value, "arguments"), [&](TSNode c) {
    if (ts_node_symbol(c) != kinds().call) return true;
    TSNode f = field(c, "function");
    if (ts_node_symbol(f) == kinds().attribute && m.text(field(f, "attribute")) == "parameters")
      owners.push_back(m.text(field(f, "object")));
    return true;
  }, [](TSNode) {});
  return owners;
}

// Something in the loop computes gradients: a backward call (`loss.backward()`,
// `accelerator.backward(loss)`, `self.manual_backward(loss)`), a torch.autograd call, or a
// helper of the project that runs backward, a plain function or a method of `self` (a method
// of another object, `scheduler.step()`, would resolve by its bare name only).
bool computes_gradients(const SemanticModel& m, const LoopInfo& l) {
  for (uint32_t c : l.all_calls) {
    TSNode call = m.call_node(c), callee = field(call, "function");
    if (ts_node_symbol(call) != kinds().call) continue;  // a bare decorator
    bool attribute = ts_node_symbol(callee) == kinds().attribute;
    if (m.is_backward_call(call) || m.canonical(callee).starts_with("torch.autograd.")) return true;
    bool own = !attribute || m.text(field(callee, "object")) == "self";
    if (own && m.call_effects(call, kBackward)) return true;
  }
  return false;
}

// The training loop around the match never clears gradients (zero_grad, p.grad = None,
// also in closures and same-file helpers) and hands the optimizer to no unknown code.
// With several optimizers (a GAN's generator and discriminator), each one that steps must be
// cleared: `opt_g.zero_grad()` does not clear opt_d's parameters.
bool loop_never_clears_grad(const PredicateEnv& e, TSNode opt) {
  TSNode loop{};
  const LoopInfo* l = e.model.innermost_training_loop(e.match, &loop);
  // A different optimizer each pass, chosen by the loop variable (`for p in queue:
  // self.optim_dict[p].step()`, `for opt in optimizers: opt.step()`): each steps once per pass
  // of the loop around, if one trains; that loop is the one to judge.
  auto by_loop_variable = [&](TSNode candidate) {
    if (ts_node_symbol(candidate) != kinds().for_statement) return false;
    bool found = false;
    walk(field(candidate, "left"), [&](TSNode t) {
      if (ts_node_symbol(t) == kinds().identifier && contains_identifier(e.model, opt, e.model.text(t))) found = true;
      return !found;
    }, [](TSNode) {});
    return found;
  };
  bool picked_per_pass = l && by_loop_variable(loop);
  if (picked_per_pass) {
    l = nullptr;
    for (TSNode p : e.model.ancestors(loop)) {
      if (is_scope_boundary(ts_node_symbol(p))) break;
      const LoopInfo* outer = e.model.loop(p);
      if (outer && outer->training && !by_loop_variable(p)) {
        l = outer;
        loop = p;
        break;
      }
    }
  }
  if (!l || l->clears_grad || l->passes_optimizer_to_unknown) return false;
  // Nothing in the loop computes gradients (no backward, no autograd call, no project helper
  // that runs one): its steps apply none, so none accumulate (an optimizer stepped only to read
  // the learning rates its scheduler sets).
  if (!computes_gradients(e.model, *l)) return false;
  // An optimizer built in the loop body (over a tensor made fresh each iteration, as in
  // per-step latent optimisation) starts from new gradients every time.
  if (!picked_per_pass && e.model.assigned_within(e.model.function_of(e.match), e.model.text(opt),
                                                  ts_node_start_byte(loop), ts_node_end_byte(loop)))
    return false;
  std::string_view name = e.model.text(opt);
  for (const std::string& cleared : l->cleared_optimizers)
    if (cleared == name) return false;
  // Every module it optimizes is one that an optimizer cleared here also holds (infoGAN's
  // information optimizer over G and D, each zeroed by its own optimizer every step).
  int fn = e.model.function_of(e.match);
  uint32_t pos = ts_node_start_byte(e.match);
  std::vector<std::string_view> owners = parameter_owners(e.model, name, pos, fn);
  if (owners.empty()) return true;
  std::vector<std::string_view> cleared_owners;
  for (const std::string& cleared : l->cleared_optimizers)
    for (std::string_view o : parameter_owners(e.model, cleared, pos, fn)) cleared_owners.push_back(o);
  for (std::string_view o : owners)
    if (std::find(cleared_owners.begin(), cleared_owners.end(), o) == cleared_owners.end()) return true;
  return false;
}

// `$OPT.step()` in a one-step function (no training loop of its own around it) that computes
// gradients and never clears them, itself or through its callees, called from a loop that
// clears none either (a trainer's `train_step` run by a `while` loop, `zero_grad()` once
// before it).
bool step_function_never_clears_grad(const PredicateEnv& e, TSNode) {
  const SemanticModel& m = e.model;
  if (m.is_test_file() || m.innermost_training_loop(e.match, nullptr) || !ts_node_is_null(m.innermost_loop(e.match)))
    return false;
  int fn = m.function_of(e.match);
  const FunctionInfo* f = m.function(fn);
  if (!f || f->clears_grad || !f->reaches_backward) return false;
  return m.looped_without_clearing(fn);
}

// Evaluation code whose model was never put in eval mode: no .eval() / .train(False) in the
// function, and no caller in the project sets it before the call.
bool eval_mode_never_set(const PredicateEnv& e, TSNode model) {
  for (TSNode p : e.model.ancestors(e.match)) {
    TSSymbol s = ts_node_symbol(p);
    if (s == kinds().function_definition || s == kinds().class_definition || s == kinds().lambda) break;
    if (const LoopInfo* l = e.model.loop(p); l && l->eval_without_mode) return true;
  }
  const FunctionInfo* f = e.model.function(e.model.function_of(e.match));
  if (!f || !f->is_eval || e.model.caller_sets_eval_mode(e.model.function_of(e.match))) return false;
  for (const ModeCall& c : f->mode_calls)
    if (c.eval) return false;
  if (e.model.eval_mode_set_elsewhere(model)) return false;
  if (f->eval_by_name_only) e.model.note_name_evidence();
  return true;
}

// `name` names a method that runs in its class's forward: `forward` itself, or a method that
// forward calls as `self.method(...)`, directly or through other methods of the class
// (forward -> ssm -> selective_scan).
bool reached_from_forward(const PredicateEnv& e, TSNode name) {
  const SemanticModel& m = e.model;
  const Kinds& k = kinds();
  if (m.text(name) == "forward") return true;
  TSNode def = m.parent(name);
  TSNode body{};
  for (TSNode p : m.ancestors(def)) {
    if (ts_node_symbol(p) == k.class_definition) {
      body = field(p, "body");
      break;
    }
    if (ts_node_symbol(p) == k.function_definition) return false;  // a nested function
  }
  if (ts_node_is_null(body)) return false;
  std::vector<std::pair<std::string_view, TSNode>> methods;  // name, body
  for_each_named_child(body, [&](TSNode c) {
    if (ts_node_symbol(c) == k.decorated_definition) c = field(c, "definition");
    if (ts_node_symbol(c) == k.function_definition) methods.emplace_back(m.text(field(c, "name")), field(c, "body"));
  });
  std::vector<std::string_view> reached = {"forward"};
  for (size_t i = 0; i < reached.size() && reached.size() < 64; ++i) {
    for (const auto& [caller, caller_body] : methods) {
      if (caller != reached[i]) continue;
      std::string_view text = m.text(caller_body);
      for (const auto& [callee, callee_body] : methods) {
        if (std::find(reached.begin(), reached.end(), callee) != reached.end()) continue;
        if (text.find("self." + std::string(callee) + "(") == std::string_view::npos) continue;
        if (callee == m.text(name)) return true;
        reached.push_back(callee);
      }
    }
  }
  return false;
}

// `x.cpu().numpy()` syncs once, at `.cpu()`: report the first transfer in a chain only.
bool first_sync_in_chain(const PredicateEnv& e, TSNode receiver) {
  const Kinds& k = kinds();
  for (TSNode r = receiver; ts_node_symbol(r) == k.call;) {
    TSNode f = field(r, "function");
    if (ts_node_symbol(f) != k.attribute) return true;
    std::string_view method = e.model.text(field(f, "attribute"));
    if (TorchApi::get().copies_to_host(method)) return false;
    r = field(f, "object");
  }
  return true;
}

// Train/eval mode only changes dropout and batch-norm: for a project model class known to
// have neither, a mode bug changes nothing today (but will when such a layer is added).
void note_mode_insensitive_model(const SemanticModel& m, TSNode model) {
  const ClassSummary* c = m.instance_class(model);
  if (c && c->is_module && !c->has_stochastic_layers) {
    m.note_lower_severity(fmt::format("`{}` has no dropout or batch-norm layers: its mode changes nothing today",
                                      last_segment(c->qualname)));
    return;
  }
  // A single torch layer whose forward is the same in both modes (`nn.Linear(...)`).
  if (ts_node_symbol(model) != kinds().identifier) return;
  const Assignment* b = m.binding(m.text(model), ts_node_start_byte(model), m.function_of(model));
  if (!b || ts_node_is_null(b->value) || ts_node_symbol(b->value) != kinds().call) return;
  TSNode ctor = b->value;  // nn.Linear(...).to(device): the constructor inside
  for (TSNode inner = m.unwrap_module_call(ctor); !ts_node_is_null(inner) && ts_node_symbol(inner) == kinds().call;
       inner = m.unwrap_module_call(ctor))
    ctor = inner;
  std::string layer = m.canonical(field(ctor, "function"));
  for (std::string_view plain : {"torch.nn.Linear", "torch.nn.Bilinear", "torch.nn.Conv1d", "torch.nn.Conv2d",
                                 "torch.nn.Conv3d", "torch.nn.Embedding", "torch.nn.Identity"})
    if (layer == plain) {
      m.note_lower_severity(fmt::format("`{}` behaves the same in both modes", last_segment(layer)));
      return;
    }
}

bool mode_matters(const PredicateEnv& e, TSNode model) {
  note_mode_insensitive_model(e.model, model);
  return true;
}

// `.train()`, `.train(True)`, `.train(mode=flag)`: switches back to training mode.
bool is_train_switch(const SemanticModel& m, TSNode call) {
  TSNode f = field(call, "function");
  if (ts_node_symbol(f) != kinds().attribute || m.text(field(f, "attribute")) != "train") return false;
  std::string_view args = m.text(field(call, "arguments"));
  return args != "(False)" && args != "(mode=False)";
}

// The call leaves a model in eval mode (`.eval()`, `.train(False)`, a helper whose last
// mode switch is to eval) inside a loop that trains, and nothing in that loop's body (own
// code or called helpers) switches back to training mode before the next step.
// `model` is a variable of an enclosing function, and `helper_call` calls a function nested in
// that same function: both closures see the one object (texar's `_train_epoch` calling
// `_eval_epoch`, both over `main`'s `model`).
bool closure_shares(const SemanticModel& m, TSNode name, TSNode helper_call) {
  if (ts_node_symbol(name) != kinds().identifier) return false;
  int fn = m.function_of(name);
  const Assignment* b = m.binding(m.text(name), ts_node_start_byte(name), fn);
  if (!b || b->fn < 0 || b->fn == fn) return false;
  const FunctionInfo* helper = m.function(m.local_function(m.call_target(helper_call)));
  return helper && helper->parent == b->fn;
}

// `.eval()`, `.train(False)`, `.train(mode=False)` on a receiver.
bool is_eval_switch(const SemanticModel& m, TSNode call) {
  TSNode f = field(call, "function");
  if (ts_node_symbol(f) != kinds().attribute) return false;
  std::string_view method = m.text(field(f, "attribute"));
  std::string_view args = m.text(field(call, "arguments"));
  return (method == "eval" && args == "()") || (method == "train" && (args == "(False)" || args == "(mode=False)"));
}

// A module whose forward runs all under no-grad (a frozen feature extractor wrapped in
// `with torch.inference_mode():`) records no graph however it is called: it does not train.
bool forward_without_grad(const SemanticModel& m, TSNode model) {
  const ClassSummary* cls = m.instance_class(model);
  return cls && cls->is_module && m.target_effects(cls->qualname + ".__call__", kNoGradBody);
}

// Whether a call hands one of its arguments to `take(value)`.
template <class Take>
bool any_argument(TSNode call, Take take) {
  bool found = false;
  for_each_named_child(field(call, "arguments"), [&](TSNode a) {
    if (!found) found = take(ts_node_symbol(a) == kinds().keyword_argument ? field(a, "value") : a);
  });
  return found;
}

// The loop runs `model` with gradients on: calls it, or hands it to a project function that runs
// it (a loss helper `dsm_loss(score, x)` calling `score(x)`).
bool trained_in_loop(const SemanticModel& m, const LoopInfo& loop, TSNode model) {
  const Kinds& k = kinds();
  for (uint32_t c : loop.all_calls) {
    TSNode run = m.call_node(c);
    if (m.in_no_grad(run)) continue;
    TSNode callee = field(run, "function");
    while (ts_node_symbol(callee) == k.attribute &&
           (m.text(field(callee, "attribute")) == "forward" || m.text(field(callee, "attribute")) == "module"))
      callee = field(callee, "object");
    if (m.text(callee) == m.text(model) && !forward_without_grad(m, callee)) return true;
    if (any_argument(run, [&](TSNode v) { return m.text(v) == m.text(model) && m.call_runs_argument(run, v); }))
      return true;
  }
  return false;
}

// A plain function or a method of `self` handed no model can still reach the trained model
// through shared state (a module-level model, `self.model`, a variable of an enclosing function):
// whether the loop trains such a model, directly or through a step helper of the same scope
// (`self._train_single_batch(x)` over `self.model`).
bool trains_shared_model(const SemanticModel& m, const LoopInfo& loop, TSNode helper_call) {
  const Kinds& k = kinds();
  for (uint32_t c : loop.all_calls) {
    TSNode run = m.call_node(c), callee = field(run, "function");
    if (m.in_no_grad(run) || same_node(run, helper_call)) continue;
    // A plain function handed a model trains that one, not necessarily the shared one.
    bool same_scope = (ts_node_symbol(callee) == k.identifier && !any_argument(run, [&](TSNode v) {
                        return m.is_model_callee_object(v);
                      })) || (ts_node_symbol(callee) == k.attribute && m.text(field(callee, "object")) == "self");
    if (same_scope && m.call_effects(run, kRunsModel)) return true;
    if (!m.is_model_callee(callee)) continue;
    TSNode root = callee;
    while (ts_node_symbol(root) == k.attribute) root = field(root, "object");
    if (m.text(root) == "self" || m.function_of(run) < 0 || m.is_shared_name(root) || closure_shares(m, root, helper_call))
      return true;
  }
  return false;
}

// A helper call that leaves eval mode reaches a model the loop trains.
bool helper_switches_trained_model(const SemanticModel& m, const LoopInfo& loop, TSNode call) {
  const Kinds& k = kinds();
  // A helper that trains itself (`train_iter`: `model.train()`, backward, then a validation
  // that leaves eval mode): the next step runs in it again, after its own switch to train.
  if (m.call_effects(call, kSetsTrain | kBackward) == (kSetsTrain | kBackward)) return false;
  // Handed a model: only the one trained here counts (its mode switch may be about any other
  // model: an EMA copy, a scorer's own network).
  if (any_argument(call, [&](TSNode v) { return m.is_model_callee_object(v); }))
    return any_argument(call, [&](TSNode v) { return trained_in_loop(m, loop, v); });
  // Handed none: a method of another object switches that object's own models.
  TSNode f = field(call, "function");
  bool own_scope = ts_node_symbol(f) == k.identifier ||
                   (ts_node_symbol(f) == k.attribute && m.text(field(f, "object")) == "self");
  return own_scope && trains_shared_model(m, loop, call);
}

// Something else in the loop's body (own code or a called helper) switches back to train mode.
bool loop_restores_train_mode(const SemanticModel& m, const LoopInfo& loop, TSNode call) {
  for (uint32_t c : loop.all_calls) {
    TSNode other = m.call_node(c);
    if (same_node(other, call)) continue;
    if (is_train_switch(m, other)) return true;
    uint32_t effects = m.call_effects(other, kSetsTrain | kLeavesEval);
    if ((effects & kSetsTrain) && !(effects & kLeavesEval)) return true;
  }
  return false;
}

bool train_mode_not_restored(const PredicateEnv& e, TSNode call) {
  const SemanticModel& m = e.model;
  bool direct = is_eval_switch(m, call);
  // The loop first: most calls are in no training loop, and resolving a helper costs more.
  TSNode loop = m.innermost_backward_loop(call);
  if (ts_node_is_null(loop)) return false;
  if (!direct && !m.call_effects(call, kLeavesEval)) return false;
  const LoopInfo* l = m.loop(loop);
  // Only a loop that updates weights trains: one that computes gradients to read them (saliency,
  // influence scores: `autograd.grad` in eval mode on purpose) steps nothing.
  if (!l->training && !optimizer_steps_in(m, loop, TSNode{})) return false;
  // Only a model the loop trains: one it runs with gradients on. A frozen teacher (run under
  // no_grad) or an EMA copy (never run) may stay in eval mode.
  if (direct) {
    TSNode model = field(field(call, "function"), "object");
    if (!trained_in_loop(m, *l, model)) return false;
    note_mode_insensitive_model(m, model);
  } else if (!helper_switches_trained_model(m, *l, call)) {
    return false;
  }
  return !loop_restores_train_mode(m, *l, call);
}

const std::vector<NamedContext> kContexts = {
    {"training-loop", ctx_training_loop,
     "inside the innermost loop whose body reaches backward() or optimizer.step() (also through same-file helpers)"},
    {"training-function", ctx_training_function,
     "in a function that runs backward, itself or through the project functions it calls (any file)"},
    {"updates-weights", ctx_updates_weights,
     "in a file that may update weights: a `step(` call, an optimizer or grad scaler named in it, or a parameter updated in place from its `.grad` (a file that only reads gradients, for saliency or attacks, has no training steps)"},
    {"every-iteration", ctx_every_iteration,
     "inside a training loop and not under a periodic guard (`if step % N == 0`, `if should_log:`, an except handler); a loop over a literal `range(N)`, tuple or list of at most 10 iterations (a warm-up) is no hot loop"},
    {"every-training-step", ctx_every_training_step,
     "runs every training step: `every-iteration` in a file that `updates-weights`, or code of a function that runs every step (a model's forward, a loss or helper called from the training loop before its backward, and what they call, across files), outside periodic guards"},
    {"no-grad", ctx_no_grad,
     "under torch.no_grad()/inference_mode()/set_grad_enabled(False), in a function decorated so, or in a function only ever called under one"},
    {"eval-code", ctx_eval_code,
     "in an evaluation function (named eval/validate/test/predict/infer..., or calling model.eval()) that runs a model and never backpropagates, or in a loop after model.eval()"},
};

const std::vector<NamedPredicate> kPredicates = {
    {"carries-grad", carries_grad, "the value derives from a model call or loss in grad mode and was not detached"},
    {"holds-backpropagated-graph", holds_backpropagated_graph,
     "a name of unknown origin that this function backpropagates through (`output[\"loss\"].backward()`), bound the same at the backward and here"},
    {"is-tensor", is_tensor, "the value is a tensor produced by the model, a loss, torch ops or .to(device)"},
    {"is-loss", is_loss, "the value derives from a loss function (or is named like one)"},
    {"is-model", is_model, "the callee is a model: nn.Module instances, model-like names, self in a Module"},
    {"frozen-module", is_frozen_module, "the module had `requires_grad_(False)` called on it: its forward records no graph of its own"},
    {"runs-model", runs_model, "the callee is a project function that runs a model forward with gradients on"},
    {"syncs-in-callee", syncs_in_callee, "the call runs a project function that reads a tensor on the host, and passes it a tensor"},
    {"is-optimizer", is_optimizer, "the value is an optimizer (torch.optim constructor or optimizer-like name)"},
    {"is-grad-scaler", is_grad_scaler, "the value is a GradScaler"},
    {"persists-across-iterations", persists_across_iterations,
     "the container is not rebound inside the training loop and not backpropagated there"},
    {"same-key-every-iteration", same_key_every_iteration,
     "the subscript key is the same on every pass of the training loop (a literal, or a name the loop never rebinds): a store under it replaces the previous step's value"},
    {"loop-never-clears-grad", loop_never_clears_grad, "the surrounding training loop never clears gradients"},
    {"step-function-never-clears-grad", step_function_never_clears_grad,
     "the step is in a function that computes gradients and never clears them (itself or through its callees), and some loop of the project calls it without clearing them either"},
    {"eval-mode-never-set", eval_mode_never_set,
     "the surrounding evaluation function never calls .eval(), nor does any caller before calling it"},
    {"mode-matters", mode_matters,
     "always true; lowers the finding to info when the model is a project class with no dropout or batch-norm layers"},
    {"train-mode-not-restored", train_mode_not_restored,
     "the call leaves a model in eval mode inside a loop that trains, and nothing in that loop switches back to train mode"},
    {"first-sync-in-chain", first_sync_in_chain, "the receiver is not itself a host transfer (.cpu(), .numpy(), ...)"},
    {"reached-from-forward", reached_from_forward,
     "the method name is `forward`, or forward calls it as `self.name(...)`, directly or through other methods of its class"},
};

}  // namespace

const std::vector<NamedContext>& contexts() {
  static const std::vector<NamedContext> all = [] {
    std::vector<NamedContext> v = kContexts;
    for (const auto* group : {&region_contexts(), &compiled_contexts()}) v.insert(v.end(), group->begin(), group->end());
    return v;
  }();
  return all;
}
const std::vector<NamedPredicate>& predicates() {
  static const std::vector<NamedPredicate> all = [] {
    std::vector<NamedPredicate> v = kPredicates;
    for (const auto* group : {&step_order_predicates(), &region_predicates(), &accumulator_predicates(),
                              &handler_predicates(), &timing_predicates(), &compiled_predicates(),
                              &library_api_predicates(), &shape_predicates()})
      v.insert(v.end(), group->begin(), group->end());
    return v;
  }();
  return all;
}

ContextFn find_context(const std::string& name) {
  for (const auto& c : contexts())
    if (name == c.name) return c.fn;
  return nullptr;
}

PredicateFn find_predicate(const std::string& name) {
  for (const auto& p : predicates())
    if (name == p.name) return p.fn;
  return nullptr;
}

}  // namespace torchlint::py
