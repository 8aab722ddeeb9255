// Pass 1: one walk over the tree that fills the SemanticModel (imports, functions, classes,
// loops, no-grad regions, assignments, call sites), then local completion (fixpoints over
// same-file callees).
#include <algorithm>
#include <optional>

#include "python/kinds.h"
#include "python/names.h"
#include "python/semantic_model.h"

namespace torchlint::py {

std::string ImportTable::canonical(std::string_view dotted) const {
  size_t dot = dotted.find('.');
  std::string head(dotted.substr(0, dot));
  auto it = alias_.find(head);
  if (it == alias_.end()) return std::string(dotted);
  return dot == std::string_view::npos ? it->second : it->second + std::string(dotted.substr(dot));
}

class ModelBuilder {
 public:
  ModelBuilder(SemanticModel& m) : m_(m), k_(kinds()) {}
  void run(TSNode root);

 private:
  enum class FrameType { Function, Class, Loop, NoGrad, EnableGrad };
  struct Frame {
    FrameType type;
    uintptr_t key;
    int index;  // function/class index, or the function owning a loop
  };

  int current_function() const {
    for (auto it = frames_.rbegin(); it != frames_.rend(); ++it)
      if (it->type == FrameType::Function) return it->index;
    return -1;
  }
  int current_class_direct() const {  // the class whose body directly holds the def
    return !frames_.empty() && frames_.back().type == FrameType::Class ? frames_.back().index : -1;
  }
  // Loops of the current function, innermost first (a reused buffer: this runs per call).
  const std::vector<LoopInfo*>& current_loops() {
    loops_buffer_.clear();
    for (auto it = frames_.rbegin(); it != frames_.rend(); ++it) {
      if (it->type == FrameType::Function) break;
      if (it->type == FrameType::Loop) loops_buffer_.push_back(&m_.loops_[it->key]);
    }
    return loops_buffer_;
  }
  std::vector<LoopInfo*> all_loops() {  // across function boundaries (closures)
    std::vector<LoopInfo*> out;
    for (auto& f : frames_)
      if (f.type == FrameType::Loop) out.push_back(&m_.loops_[f.key]);
    return out;
  }
  bool in_no_grad() const {
    for (auto it = frames_.rbegin(); it != frames_.rend(); ++it) {
      if (it->type == FrameType::Function) return m_.functions_[it->index].no_grad_decorated;
      if (it->type == FrameType::NoGrad) return true;
      if (it->type == FrameType::EnableGrad) return false;
    }
    return false;
  }
  bool in_enable_grad() const {
    for (auto it = frames_.rbegin(); it != frames_.rend(); ++it) {
      if (it->type == FrameType::Function || it->type == FrameType::NoGrad) return false;
      if (it->type == FrameType::EnableGrad) return true;
    }
    return false;
  }
  FunctionInfo* fn_info() {
    int f = current_function();
    return f < 0 ? nullptr : &m_.functions_[f];
  }

  bool enter(TSNode n);
  void leave(TSNode n);
  void on_import(TSNode n);
  void on_function(TSNode n);
  void on_class(TSNode n);
  void on_loop(TSNode n);
  void on_with(TSNode n);
  void on_call(TSNode n);
  void on_assignment(TSNode n, bool augmented);
  void record_target(TSNode target, TSNode value, uint32_t pos, bool augmented, bool loop_target,
                     bool from_loader);
  void mark_steps();
  void mark_clears();
  void complete_locally();
  std::string simple_callee(TSNode callee) const;

  SemanticModel& m_;
  const Kinds& k_;
  std::vector<Frame> frames_;
  std::vector<LoopInfo*> loops_buffer_;
  std::vector<std::pair<LoopInfo*, std::string>> optimizer_passing_calls_;
};

void ModelBuilder::run(TSNode root) {
  m_.assignments_.resize(1);
  std::vector<int32_t> open;  // table indices of the named nodes being visited
  walk(root, [&](TSNode n) {
    if (ts_node_is_named(n)) {
      auto index = static_cast<int32_t>(m_.nodes_.size());
      m_.nodes_.push_back(n);
      m_.parent_.push_back(open.empty() ? -1 : open.back());
      open.push_back(index);
      m_.current_ = index;
    }
    return enter(n);
  }, [&](TSNode n) {
    leave(n);
    if (ts_node_is_named(n)) {
      open.pop_back();
      m_.current_ = open.empty() ? -1 : open.back();
    }
  });
  complete_locally();
}

bool ModelBuilder::enter(TSNode n) {
  TSSymbol s = ts_node_symbol(n);
  if (s == k_.comment) {
    m_.comments_.emplace_back(ts_node_start_byte(n), ts_node_end_byte(n));
    return false;
  }
  if (s == k_.import_statement || s == k_.import_from_statement) {
    on_import(n);
    return false;
  }
  if (s == k_.function_definition) on_function(n);
  else if (s == k_.class_definition) on_class(n);
  else if (s == k_.for_statement || s == k_.while_statement) on_loop(n);
  else if (s == k_.with_statement) on_with(n);
  else if (s == k_.call) on_call(n);
  else if (s == k_.assignment) on_assignment(n, false);
  else if (s == k_.augmented_assignment) on_assignment(n, true);
  return true;
}

void ModelBuilder::leave(TSNode n) {
  if (!frames_.empty() && frames_.back().key == node_key(n)) frames_.pop_back();
}

void ModelBuilder::on_import(TSNode n) {
  bool from = ts_node_symbol(n) == k_.import_from_statement;
  std::string module;
  if (from) module = std::string(m_.text(field(n, "module_name")));
  for_each_named_child(n, [&](TSNode c) {
    if (from && same_node(c, field(n, "module_name"))) return;
    TSNode name = c, alias{};
    if (ts_node_symbol(c) == k_.aliased_import) {
      name = field(c, "name");
      alias = field(c, "alias");
    } else if (ts_node_symbol(c) != k_.dotted_name) {
      return;
    }
    std::string dotted(m_.text(name));
    if (from) {
      std::string full = module.ends_with(".") ? module + dotted : module + "." + dotted;
      std::string local = ts_node_is_null(alias) ? std::string(last_segment(dotted)) : std::string(m_.text(alias));
      m_.imports_.bind(local, full);
    } else if (!ts_node_is_null(alias)) {
      m_.imports_.bind(std::string(m_.text(alias)), dotted);
    } else {
      std::string head = dotted.substr(0, dotted.find('.'));
      m_.imports_.bind(head, head);
    }
  });
}

void ModelBuilder::on_function(TSNode n) {
  FunctionInfo f;
  f.node = n;
  f.name = std::string(m_.text(field(n, "name")));
  f.parent = current_function();
  f.class_index = current_class_direct();
  TSNode parent = m_.parent(n);
  if (ts_node_symbol(parent) == k_.decorated_definition) {
    for_each_named_child(parent, [&](TSNode d) {
      if (ts_node_symbol(d) != k_.decorator) return;
      TSNode expr = ts_node_named_child(d, 0);
      if (ts_node_symbol(expr) == k_.call) expr = field(expr, "function");
      std::string c = m_.canonical(expr);
      if (c == "torch.no_grad" || c == "torch.inference_mode" || c == "torch.autograd.no_grad")
        f.no_grad_decorated = true;
    });
  }
  f.is_eval_by_name = !m_.is_test_file_ && is_eval_function_name(f.name);
  m_.defined_function_names_.insert(f.name);
  int index = static_cast<int>(m_.functions_.size());
  m_.functions_.push_back(std::move(f));
  m_.assignments_.emplace_back();
  m_.function_by_node_[node_key(n)] = index;
  frames_.push_back({FrameType::Function, node_key(n), index});
  // Parameters bind names in the function: unknown values that must not fall back to a
  // module-level variable of the same name.
  TSNode params = field(n, "parameters");
  if (!ts_node_is_null(params)) {
    for_each_named_child(params, [&](TSNode p) {
      TSNode name = ts_node_symbol(p) == k_.identifier ? p : ts_node_named_child(p, 0);
      if (ts_node_is_null(name) || ts_node_symbol(name) != k_.identifier) return;
      Assignment a;
      a.name = std::string(m_.text(name));
      a.pos = ts_node_start_byte(n);
      m_.assignments_[index + 1][a.name].push_back(std::move(a));
    });
  }
}

void ModelBuilder::on_class(TSNode n) {
  ClassInfo c;
  c.name = std::string(m_.text(field(n, "name")));
  TSNode bases = field(n, "superclasses");
  if (!ts_node_is_null(bases)) {
    for_each_named_child(bases, [&](TSNode b) {
      if (ts_node_symbol(b) == k_.identifier || ts_node_symbol(b) == k_.attribute) c.bases.push_back(m_.canonical(b));
    });
  }
  for (const std::string& b : c.bases) {
    std::string_view last = last_segment(b);
    if (last == "Module" || last == "LightningModule" || b.starts_with("torch.nn.")) c.is_module = true;
    for (const ClassInfo& known : m_.classes_)
      if (known.is_module && known.name == b) c.is_module = true;
  }
  int index = static_cast<int>(m_.classes_.size());
  m_.classes_.push_back(std::move(c));
  frames_.push_back({FrameType::Class, node_key(n), index});
}

void ModelBuilder::on_loop(TSNode n) {
  LoopInfo info;
  info.node = n;
  info.function = current_function();
  m_.loops_[node_key(n)] = info;
  if (ts_node_symbol(n) == k_.for_statement) {
    TSNode right = field(n, "right");
    std::string iter = lower(m_.text(right));
    bool loader = iter.find("loader") != std::string::npos || iter.find("batch") != std::string::npos ||
                  iter.find("data") != std::string::npos;
    record_target(field(n, "left"), TSNode{}, ts_node_end_byte(right), false, true, loader);
  }
  frames_.push_back({FrameType::Loop, node_key(n), info.function});
}

void ModelBuilder::on_with(TSNode n) {
  // The innermost grad-mode switch of the statement's items decides: no_grad(),
  // inference_mode(), set_grad_enabled(False) turn autograd off; enable_grad() and
  // set_grad_enabled(True) turn it back on (e.g. inside a @no_grad function).
  std::optional<bool> grad_on;
  walk(n, [&](TSNode c) {
    TSSymbol s = ts_node_symbol(c);
    if (s == k_.block) return false;
    if (s == k_.call) {
      std::string callee = m_.canonical(field(c, "function"));
      if (callee == "torch.no_grad" || callee == "torch.inference_mode" || callee == "torch.autograd.no_grad")
        grad_on = false;
      else if (callee == "torch.enable_grad" || callee == "torch.autograd.enable_grad")
        grad_on = true;
      else if (callee == "torch.set_grad_enabled" || callee == "torch.autograd.set_grad_enabled")
        if (m_.text(field(c, "arguments")) == "(False)") grad_on = false;
        else if (m_.text(field(c, "arguments")) == "(True)") grad_on = true;  // a variable: unknown, no change
      return false;
    }
    return true;
  }, [](TSNode) {});
  if (!grad_on) return;
  (*grad_on ? m_.enable_grad_withs_ : m_.no_grad_withs_).insert(node_key(n));
  frames_.push_back({*grad_on ? FrameType::EnableGrad : FrameType::NoGrad, node_key(n), current_function()});
}

std::string ModelBuilder::simple_callee(TSNode callee) const {
  TSSymbol s = ts_node_symbol(callee);
  if (s == k_.identifier) return std::string(m_.text(callee));
  if (s == k_.attribute) {
    TSNode obj = field(callee, "object");
    if (ts_node_symbol(obj) == k_.identifier && m_.text(obj) == "self") return std::string(m_.text(field(callee, "attribute")));
  }
  return {};
}

void ModelBuilder::mark_steps() {
  auto loops = current_loops();
  if (!loops.empty()) loops.front()->steps_directly = true;
  for (LoopInfo* l : loops) l->reaches_backward = true;
  if (FunctionInfo* f = fn_info()) {
    f->any_backward = true;
    if (loops.empty()) f->steps_directly = true;
  }
}

void ModelBuilder::mark_clears() {
  for (LoopInfo* l : all_loops()) l->clears_grad = true;
  for (auto& fr : frames_)
    if (fr.type == FrameType::Function) m_.functions_[fr.index].clears_grad = true;
}

void ModelBuilder::on_call(TSNode n) {
  TSNode callee = field(n, "function");
  TSNode args = field(n, "arguments");
  int fn = current_function();
  uint32_t pos = ts_node_start_byte(n);
  std::string canonical = m_.canonical(callee);
  if (canonical == "torch.autograd.backward") {
    mark_steps();
  } else if (canonical == "torch.distributed.autograd.backward") {
    mark_steps();
    mark_clears();  // gradients live in the distributed autograd context, fresh each step
  } else if (canonical == "torch.set_grad_enabled" && fn >= 0 &&
             ts_node_symbol(m_.parent(n)) == k_.expression_statement) {
    auto& list = m_.text(args) == "(False)" ? m_.functions_[fn].set_grad_enabled_false
                                            : m_.functions_[fn].set_grad_enabled_true;
    list.push_back(pos);
  } else if (ts_node_symbol(callee) == k_.attribute) {
    std::string_view method = m_.text(field(callee, "attribute"));
    TSNode receiver = field(callee, "object");
    uint32_t nargs = ts_node_is_null(args) ? 0 : ts_node_named_child_count(args);
    if (method == "backward" || method == "manual_backward") mark_steps();
    else if (method == "step" && (m_.is_optimizer(receiver) || m_.is_grad_scaler(receiver))) mark_steps();
    else if (method == "zero_grad") mark_clears();
    else if ((method == "zero_" || method == "detach_") && last_segment(m_.text(receiver)) == "grad") mark_clears();
    else if (method == "eval" && nargs == 0) {
      (fn < 0 ? m_.module_mode_calls_ : m_.functions_[fn].mode_calls).push_back({pos, true});
    } else if (method == "train") {
      bool eval = m_.text(args) == "(False)" || m_.text(args) == "(mode=False)";
      (fn < 0 ? m_.module_mode_calls_ : m_.functions_[fn].mode_calls).push_back({pos, eval});
    }
  }

  const auto& loops = current_loops();
  if (FunctionInfo* f = fn_info()) f->callees_seen.push_back(callee);
  std::string name = simple_callee(callee);
  if (!name.empty()) {
    m_.call_sites_.push_back({name, pos, fn, in_no_grad()});
    if (!loops.empty()) loops.front()->callees.push_back(name);
    for (LoopInfo* l : loops) l->callees_any.push_back(name);
    if (FunctionInfo* f = fn_info()) {
      if (loops.empty()) f->callees.push_back(name);
      f->callees_any.push_back(name);
    }
  }
  // An optimizer handed to a function we cannot see may be cleared there.
  if (!loops.empty() && !ts_node_is_null(args) && !canonical.starts_with("torch.")) {
    TSNode obj = ts_node_symbol(callee) == k_.attribute ? field(callee, "object") : TSNode{};
    bool through_scaler = !ts_node_is_null(obj) && m_.is_grad_scaler(obj);
    bool on_optimizer = !ts_node_is_null(obj) && m_.is_optimizer(obj);
    if (!through_scaler && !on_optimizer) {
      for_each_named_child(args, [&](TSNode a) {
        if (m_.is_optimizer(a))
          for (LoopInfo* l : loops) optimizer_passing_calls_.push_back({l, name.empty() ? std::string("?") : name});
      });
    }
  }
}

void ModelBuilder::on_assignment(TSNode n, bool augmented) {
  TSNode left = field(n, "left");
  TSNode right = field(n, "right");
  while (!ts_node_is_null(right) && ts_node_symbol(right) == k_.assignment) right = field(right, "right");
  if (ts_node_is_null(right)) return;
  if (ts_node_symbol(left) == k_.attribute && m_.text(field(left, "attribute")) == "grad" &&
      ts_node_symbol(right) == k_.none) {
    mark_clears();
  }
  record_target(left, right, ts_node_end_byte(n), augmented, false, false);
}

void ModelBuilder::record_target(TSNode target, TSNode value, uint32_t pos, bool augmented, bool loop_target,
                                 bool from_loader) {
  if (ts_node_is_null(target)) return;
  TSSymbol s = ts_node_symbol(target);
  if (s == k_.pattern_list || s == k_.tuple_pattern || s == k_.list_pattern || s == k_.tuple ||
      s == k_.parenthesized_expression) {
    std::vector<TSNode> targets, values;
    for_each_named_child(target, [&](TSNode t) { targets.push_back(t); });
    TSSymbol vs = ts_node_is_null(value) ? 0 : ts_node_symbol(value);
    if (vs == k_.expression_list || vs == k_.tuple) for_each_named_child(value, [&](TSNode v) { values.push_back(v); });
    bool paired = values.size() == targets.size();
    for (size_t i = 0; i < targets.size(); ++i)
      record_target(targets[i], paired ? values[i] : value, pos, augmented, loop_target, from_loader);
    return;
  }
  if (s != k_.identifier && s != k_.attribute) return;
  Assignment a;
  a.name = std::string(m_.text(target));
  a.pos = pos;
  a.value = value;
  a.augmented = augmented;
  a.in_no_grad = in_no_grad();
  a.in_enable_grad = in_enable_grad();
  a.loop_target = loop_target;
  a.from_loader = from_loader;
  int fn = current_function();
  m_.assignments_[fn + 1][a.name].push_back(std::move(a));
}

void ModelBuilder::complete_locally() {
  std::unordered_map<std::string, std::vector<int>> by_name;
  for (int i = 0; i < static_cast<int>(m_.functions_.size()); ++i) by_name[m_.functions_[i].name].push_back(i);
  auto any_local = [&](const std::vector<std::string>& names, auto pred) {
    for (const std::string& n : names) {
      auto it = by_name.find(n);
      if (it == by_name.end()) continue;
      for (int i : it->second)
        if (pred(m_.functions_[i])) return true;
    }
    return false;
  };
  for (auto& f : m_.functions_) {
    f.steps = f.steps_directly;
    f.reaches_backward = f.any_backward;
  }
  for (bool changed = true; changed;) {  // monotone: terminates
    changed = false;
    for (auto& f : m_.functions_) {
      bool steps = f.steps || any_local(f.callees, [](const FunctionInfo& g) { return g.steps; });
      bool reaches = f.reaches_backward || any_local(f.callees_any, [](const FunctionInfo& g) { return g.reaches_backward; });
      bool clears = f.clears_grad || any_local(f.callees_any, [](const FunctionInfo& g) { return g.clears_grad; });
      changed |= steps != f.steps || reaches != f.reaches_backward || clears != f.clears_grad;
      f.steps = steps;
      f.reaches_backward = reaches;
      f.clears_grad = clears;
    }
  }
  for (auto& [key, l] : m_.loops_) {
    l.training = l.steps_directly || any_local(l.callees, [](const FunctionInfo& g) { return g.steps; });
    l.reaches_backward = l.reaches_backward || any_local(l.callees_any, [](const FunctionInfo& g) { return g.reaches_backward; });
    l.clears_grad = l.clears_grad || any_local(l.callees_any, [](const FunctionInfo& g) { return g.clears_grad; });
  }
  for (auto& [loop, name] : optimizer_passing_calls_)
    if (!by_name.count(name)) loop->passes_optimizer_to_unknown = true;
  // Evaluation loops: after model.eval() in the same function, with no backward.
  for (auto& [key, l] : m_.loops_) {
    if (l.reaches_backward) continue;
    const auto& calls = l.function < 0 ? m_.module_mode_calls_ : m_.functions_[l.function].mode_calls;
    uint32_t start = ts_node_start_byte(l.node);
    const ModeCall* last = nullptr;
    for (const ModeCall& c : calls)
      if (c.pos < start) last = &c;
    l.eval_loop = last && last->eval;
  }
  for (auto& f : m_.functions_) {
    for (TSNode callee : f.callees_seen) f.has_model_call = f.has_model_call || m_.is_model_callee(callee);
    f.callees_seen.clear();
    bool sets_eval = std::any_of(f.mode_calls.begin(), f.mode_calls.end(), [](const ModeCall& c) { return c.eval; });
    // Methods of an nn.Module / LightningModule (validation_step, predict, ...) run in the
    // mode their framework or caller sets up.
    bool module_method = f.class_index >= 0 && m_.classes_[f.class_index].is_module;
    f.is_eval = (f.is_eval_by_name || sets_eval) && f.has_model_call && !f.reaches_backward && !module_method &&
                !m_.is_test_file_;
  }
  // Test files exercise models and optimizers on purpose; they are not training code.
  if (m_.is_test_file_) {
    for (auto& [key, l] : m_.loops_) l.training = l.eval_loop = false;
  }
}

SemanticModel::SemanticModel(TSNode root, std::string_view src, bool is_test_file)
    : src_(src), is_test_file_(is_test_file) {
  ModelBuilder(*this).run(root);
}

void SemanticModel::contribute(ProjectIndex& index) const {
  for (const CallSite& c : call_sites_) {
    bool no_grad = c.in_no_grad || function_no_grad(c.caller);
    (no_grad ? index.called_under_no_grad : index.called_outside_no_grad).insert(c.callee);
    const auto& calls = c.caller < 0 ? module_mode_calls_ : functions_[c.caller].mode_calls;
    const ModeCall* last = nullptr;
    for (const ModeCall& m : calls)
      if (m.pos < c.pos) last = &m;
    if (last && last->eval) index.called_after_eval_mode.insert(c.callee);
  }
}

void SemanticModel::complete(const ProjectIndex& index) {
  for (auto& f : functions_) {
    f.called_only_under_no_grad = index.called_under_no_grad.count(f.name) && !index.called_outside_no_grad.count(f.name);
    f.caller_sets_eval_mode = index.called_after_eval_mode.count(f.name) > 0;
  }
}

}  // namespace torchlint::py
