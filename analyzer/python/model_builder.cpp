// Pass 1: one walk over the tree that fills the SemanticModel (imports, functions, classes,
// loops, no-grad regions, assignments, the call table), then resolves what each call refers
// to. What crosses files leaves as a FileSummary (summary()); complete() brings the joined
// project facts back (project_completion.cpp).
#include <algorithm>
#include <optional>

#include "python/kinds.h"
#include "python/names.h"
#include "python/semantic_model.h"
#include "python/torch_api.h"

namespace torchlint::py {

std::string ImportTable::canonical(std::string_view dotted) const {
  size_t dot = dotted.find('.');
  std::string head(dotted.substr(0, dot));
  auto it = alias_.find(head);
  if (it == alias_.end()) return std::string(dotted);
  return dot == std::string_view::npos ? it->second : it->second + std::string(dotted.substr(dot));
}

const ModeCall* last_mode_switch(const std::vector<ModeCall>& calls, uint32_t at) {
  const ModeCall* last = nullptr;
  for (const ModeCall& m : calls)
    if (m.reaches(at)) last = &m;
  return last;
}

namespace {
bool is_no_grad_api(std::string_view c) {
  return c == "torch.no_grad" || c == "torch.inference_mode" || c == "torch.autograd.no_grad" ||
         c == "torch.autograd.grad_mode.no_grad" || c == "torch.autograd.grad_mode.inference_mode";
}
bool is_enable_grad_api(std::string_view c) { return c == "torch.enable_grad" || c == "torch.autograd.enable_grad"; }
bool is_set_grad_enabled_api(std::string_view c) {
  return c == "torch.set_grad_enabled" || c == "torch.autograd.set_grad_enabled";
}

// `from ..utils import f` in module `pkg.sub.train` -> `pkg.utils.f`.
// `package_init`: the module is a package's `__init__.py`, whose `.` is the package itself.
std::string absolute_import(std::string_view relative, std::string_view module, bool package_init) {
  size_t dots = 0;
  while (dots < relative.size() && relative[dots] == '.') ++dots;
  if (dots == 0) return std::string(relative);
  std::string base(module);
  for (size_t i = package_init ? 1 : 0; i < dots; ++i) {
    size_t d = base.rfind('.');
    base = d == std::string::npos ? std::string() : base.substr(0, d);
  }
  std::string rest(relative.substr(dots));
  if (base.empty()) return rest;
  return rest.empty() ? base : base + "." + rest;
}
}  // namespace

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
  void on_grad_api_reference(TSNode n);
  void on_assignment(TSNode n, bool augmented);
  void on_return(TSNode n);
  void freeze_through_parameter_loop(TSNode at, TSNode param);
  void record_target(TSNode target, TSNode value, uint32_t pos, bool augmented, bool loop_target,
                     bool from_loader, bool int_counter = false, bool element = false, int element_index = -1,
                     TSNode iterable = {});
  uint32_t add_call(TSNode node, TSNode callee, bool decorator, int decorated = -1, bool in_loop = false);
  void mark_steps(TSNode call);
  bool in_lambda(TSNode call) const;
  void mark_clears();
  void mark_uses_autograd();
  void mark_no_grad_wrapper();
  bool names_enclosing_parameter(std::string_view name) const;
  void finish();

  SemanticModel& m_;
  const Kinds& k_;
  std::vector<Frame> frames_;
  std::vector<LoopInfo*> loops_buffer_;
  std::vector<std::pair<LoopInfo*, uint32_t>> optimizer_passing_calls_;
  std::vector<TSNode> callees_;  // per call table entry, its callee expression
};

void ModelBuilder::run(TSNode root) {
  m_.assignments_.resize(1);
  std::vector<int32_t> open;  // table indices of the named nodes being visited
  walk(root, [&](TSNode n) {
    if (ts_node_is_named(n)) {
      auto index = static_cast<int32_t>(m_.nodes_.size());
      m_.nodes_.push_back(n);
      m_.parent_.push_back(open.empty() ? -1 : open.back());
      m_.subtree_end_.push_back(0);  // set when the walk leaves it
      open.push_back(index);
      m_.current_ = index;
    }
    return enter(n);
  }, [&](TSNode n) {
    leave(n);
    if (ts_node_is_named(n)) {
      m_.subtree_end_[open.back()] = static_cast<int32_t>(m_.nodes_.size());
      open.pop_back();
      m_.current_ = open.empty() ? -1 : open.back();
    }
  });
  m_.current_ = -1;
  finish();
}

bool ModelBuilder::enter(TSNode n) {
  TSSymbol s = ts_node_symbol(n);
  if (s == k_.comment) {
    m_.comments_.emplace_back(ts_node_start_byte(n), ts_node_end_byte(n));
    return false;
  }
  if (s == k_.import_statement || s == k_.import_from_statement) {
    on_import(n);
    return true;  // its names go in the node table too: rules may match one of several names
  }
  if (s == k_.function_definition) on_function(n);
  else if (s == k_.class_definition) on_class(n);
  else if (s == k_.for_statement || s == k_.while_statement) on_loop(n);
  else if (s == k_.with_statement) on_with(n);
  else if (s == k_.call) on_call(n);
  else if (s == k_.assignment) on_assignment(n, false);
  else if (s == k_.augmented_assignment) on_assignment(n, true);
  else if (s == k_.return_statement) on_return(n);
  else if (s == k_.attribute) on_grad_api_reference(n);
  else if (s == k_.yield && in_no_grad()) mark_no_grad_wrapper();  // @contextmanager: yield under no_grad
  return true;
}

void ModelBuilder::leave(TSNode n) {
  if (!frames_.empty() && frames_.back().key == node_key(n)) frames_.pop_back();
}

void ModelBuilder::on_import(TSNode n) {
  bool from = ts_node_symbol(n) == k_.import_from_statement;
  std::string module;
  if (from) module = absolute_import(m_.text(field(n, "module_name")), m_.options_.module, m_.options_.package_init);
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
      std::string full = module.empty() ? dotted : module + "." + dotted;
      std::string local = ts_node_is_null(alias) ? std::string(last_segment(dotted)) : std::string(m_.text(alias));
      m_.imports_.bind(local, full, ts_node_end_byte(n));
    } else if (!ts_node_is_null(alias)) {
      m_.imports_.bind(std::string(m_.text(alias)), dotted, ts_node_end_byte(n));
    } else {
      std::string head = dotted.substr(0, dotted.find('.'));
      m_.imports_.bind(head, head, ts_node_end_byte(n));
    }
  });
}

void ModelBuilder::on_function(TSNode n) {
  FunctionInfo f;
  f.node = n;
  f.name = std::string(m_.text(field(n, "name")));
  f.parent = current_function();
  f.class_index = current_class_direct();
  if (f.class_index >= 0) f.qualname = m_.classes_[f.class_index].qualname + "." + f.name;
  else if (f.parent >= 0) f.qualname = m_.functions_[f.parent].qualname + "." + f.name;
  else f.qualname = m_.options_.module + "." + f.name;
  if (f.parent < 0 && f.class_index < 0) m_.top_level_names_.insert(f.name);
  f.is_eval_by_name = is_eval_function_name(f.name);
  int index = static_cast<int>(m_.functions_.size());
  m_.function_by_qualname_.try_emplace(f.qualname, index);
  m_.functions_.push_back(std::move(f));
  m_.assignments_.emplace_back();
  m_.function_by_node_[node_key(n)] = index;
  TSNode parent = m_.parent(n);
  if (ts_node_symbol(parent) == k_.decorated_definition) {
    for_each_named_child(parent, [&](TSNode d) {
      if (ts_node_symbol(d) != k_.decorator) return;
      TSNode expr = ts_node_named_child(d, 0);
      TSNode callee = ts_node_symbol(expr) == k_.call ? field(expr, "function") : expr;
      if (is_no_grad_api(m_.canonical(callee))) m_.functions_[index].no_grad_decorated = true;
      else m_.functions_[index].calls.push_back(add_call(expr, callee, true, index));
    });
  }
  frames_.push_back({FrameType::Function, node_key(n), index});
  // Parameters bind names in the function: unknown values that must not fall back to a
  // module-level variable of the same name; an annotation may say what they are.
  TSNode params = field(n, "parameters");
  if (!ts_node_is_null(params)) {
    for_each_named_child(params, [&](TSNode p) {
      TSSymbol ps = ts_node_symbol(p);
      TSNode name = ps == k_.identifier ? p : ts_node_named_child(p, 0);
      bool splat = is_kind(p, "list_splat_pattern") || is_kind(p, "dictionary_splat_pattern") ||
                   is_kind(name, "list_splat_pattern") || is_kind(name, "dictionary_splat_pattern");
      if (splat || (!ts_node_is_null(name) && ts_node_symbol(name) == k_.identifier))
        m_.functions_[index].params.push_back(splat ? "*" : std::string(m_.text(name)));
      if (ts_node_is_null(name) || ts_node_symbol(name) != k_.identifier) return;
      Assignment a;
      a.name = std::string(m_.text(name));
      a.pos = ts_node_start_byte(n);
      a.fn = index;
      a.parameter = true;
      if (ps == k_.typed_parameter || ps == k_.typed_default_parameter) {
        TSNode type = field(p, "type");  // (type (identifier)): the expression inside
        a.annotation = ts_node_named_child_count(type) > 0 ? ts_node_named_child(type, 0) : type;
      }
      m_.assignments_[index + 1][a.name].push_back(std::move(a));
    });
  }
}

void ModelBuilder::on_class(TSNode n) {
  ClassInfo c;
  c.name = std::string(m_.text(field(n, "name")));
  int outer = current_function();
  int outer_class = current_class_direct();
  c.qualname = outer_class >= 0 ? m_.classes_[outer_class].qualname + "." + c.name
               : outer >= 0    ? m_.functions_[outer].qualname + "." + c.name
                               : m_.options_.module + "." + c.name;
  if (outer < 0 && outer_class < 0) m_.top_level_names_.insert(c.name);
  TSNode bases = field(n, "superclasses");
  if (!ts_node_is_null(bases)) {
    for_each_named_child(bases, [&](TSNode b) {
      if (ts_node_symbol(b) == k_.identifier || ts_node_symbol(b) == k_.attribute) c.bases.push_back(m_.canonical(b));
    });
  }
  for (std::string& b : c.bases) {
    std::string_view last = last_segment(b);
    if (b.starts_with("torch.nn.") || last == "Module" || last == "LightningModule") c.is_module = true;
    if (b.starts_with("torch.nn.") && last.ends_with("Loss")) c.is_loss = true;
    for (const ClassInfo& known : m_.classes_) {
      if (known.name != b) continue;
      c.is_module |= known.is_module;
      c.is_loss |= known.is_loss;
      c.has_stochastic_layers |= known.has_stochastic_layers;
    }
    // A base defined in this file: refer to it by its qualified name.
    if (b.find('.') == std::string::npos && !m_.imports_.imported(b)) b = m_.options_.module + "." + b;
  }
  int index = static_cast<int>(m_.classes_.size());
  m_.classes_.push_back(std::move(c));
  frames_.push_back({FrameType::Class, node_key(n), index});
}

namespace {
// The first positional argument of a call (`xs` of `enumerate(xs)`), or null.
TSNode first_argument(TSNode call) {
  TSNode args = field(call, "arguments");
  if (ts_node_is_null(args) || ts_node_named_child_count(args) == 0) return {};
  TSNode a = ts_node_named_child(args, 0);
  return ts_node_symbol(a) == kinds().keyword_argument ? TSNode{} : a;
}
}  // namespace

void ModelBuilder::on_loop(TSNode n) {
  LoopInfo info;
  info.node = n;
  info.function = current_function();
  m_.loops_[node_key(n)] = info;
  if (ts_node_symbol(n) == k_.for_statement) {
    TSNode right = field(n, "right");
    TSNode left = field(n, "left");
    std::string iter = lower(m_.text(right));
    bool loader = iter.find("loader") != std::string::npos || iter.find("batch") != std::string::npos ||
                  iter.find("data") != std::string::npos;
    std::string source = ts_node_symbol(right) == k_.call ? m_.canonical(field(right, "function")) : std::string();
    uint32_t pos = ts_node_end_byte(right);
    if (source == "range") {
      record_target(left, TSNode{}, pos, false, true, false, true);
    } else if (source == "enumerate" && (ts_node_symbol(left) == k_.pattern_list || ts_node_symbol(left) == k_.tuple_pattern) &&
               ts_node_named_child_count(left) == 2) {
      // `for i, batch in enumerate(loader)`: an int counter and the loader's item.
      record_target(ts_node_named_child(left, 0), TSNode{}, pos, false, true, false, true);
      record_target(ts_node_named_child(left, 1), TSNode{}, pos, false, true, loader, false, false, -1, first_argument(right));
    } else if (source == "zip" && (ts_node_symbol(left) == k_.pattern_list || ts_node_symbol(left) == k_.tuple_pattern)) {
      // `for a, b in zip(xs, ys)`: each target is drawn from its own argument.
      std::vector<TSNode> sources;
      for_each_named_child(field(right, "arguments"), [&](TSNode a) { sources.push_back(a); });
      uint32_t i = 0;
      for_each_named_child(left, [&](TSNode t) {
        record_target(t, TSNode{}, pos, false, true, loader, false, false, -1, i < sources.size() ? sources[i] : TSNode{});
        ++i;
      });
    } else {
      // `for x in xs`: x is drawn from xs; `for k, v in d.items()` unpacks something else.
      bool plain = ts_node_symbol(left) == k_.identifier;
      record_target(left, TSNode{}, pos, false, true, loader, false, false, -1, plain ? right : TSNode{});
    }
  }
  frames_.push_back({FrameType::Loop, node_key(n), info.function});
}

void ModelBuilder::on_with(TSNode n) {
  // The innermost grad-mode switch of the statement's items decides: no_grad(),
  // inference_mode(), set_grad_enabled(False) turn autograd off; enable_grad() and
  // set_grad_enabled(True) turn it back on (e.g. inside a @no_grad function). A call of a
  // project helper may enter no-grad too: decided once the project is known.
  std::optional<bool> grad_on;
  walk(n, [&](TSNode c) {
    TSSymbol s = ts_node_symbol(c);
    if (s == k_.block) return false;
    if (s == k_.call) {
      std::string callee = m_.canonical(field(c, "function"));
      if (is_no_grad_api(callee)) grad_on = false;
      else if (is_enable_grad_api(callee)) grad_on = true;
      else if (is_set_grad_enabled_api(callee)) {
        if (m_.text(field(c, "arguments")) == "(False)") grad_on = false;
        else if (m_.text(field(c, "arguments")) == "(True)") grad_on = true;  // a variable: unknown, no change
      } else if (!callee.empty() && !callee.starts_with("torch.")) {
        m_.pending_withs_.push_back({n, c});
      }
      return false;
    }
    return true;
  }, [](TSNode) {});
  if (!grad_on) return;
  (*grad_on ? m_.enable_grad_withs_ : m_.no_grad_withs_).insert(node_key(n));
  frames_.push_back({*grad_on ? FrameType::EnableGrad : FrameType::NoGrad, node_key(n), current_function()});
}

// `torch.no_grad` referenced outside a `with` item or decorator: the function hands no-grad
// to its caller (`return torch.no_grad()`, `(torch.inference_mode if x else torch.no_grad)()(fn)`).
void ModelBuilder::on_grad_api_reference(TSNode n) {
  std::string_view t = m_.text(n);  // attributes are everywhere: a cheap test first
  if (!t.ends_with("no_grad") && !t.ends_with("inference_mode")) return;
  if (current_function() < 0 || !is_no_grad_api(m_.canonical(n))) return;
  for (TSNode p : m_.ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (s == k_.with_statement || s == k_.decorator) return;
    if (s == k_.function_definition || s == k_.block) break;
  }
  mark_no_grad_wrapper();
}

bool ModelBuilder::names_enclosing_parameter(std::string_view name) const {
  for (const auto& fr : frames_)
    if (fr.type == FrameType::Function) {
      const auto& params = m_.functions_[fr.index].params;
      if (std::find(params.begin(), params.end(), name) != params.end()) return true;
    }
  return false;
}

void ModelBuilder::mark_no_grad_wrapper() {
  for (auto& fr : frames_)
    if (fr.type == FrameType::Function) m_.functions_[fr.index].no_grad_wrapper = true;
}

// The call sits in a lambda written in the current loop or function: it runs when something
// calls the lambda (`do_bench(lambda: out.backward(g))`), not as a statement of the loop.
bool ModelBuilder::in_lambda(TSNode call) const {
  for (TSNode p : m_.ancestors(call)) {
    TSSymbol s = ts_node_symbol(p);
    if (s == k_.lambda) return true;
    if (s == k_.function_definition || s == k_.for_statement || s == k_.while_statement) return false;
  }
  return false;
}

void ModelBuilder::mark_steps(TSNode call) {
  static const std::vector<LoopInfo*> none;
  const auto& loops = in_lambda(call) ? none : current_loops();
  if (!loops.empty()) loops.front()->steps_directly = true;
  for (LoopInfo* l : loops) l->reaches_backward = true;
  if (FunctionInfo* f = fn_info()) {
    f->any_backward = true;
    f->step_calls.push_back(call);
    if (loops.empty()) f->steps_directly = true;
  }
}

// Gradients are computed here, though no optimizer steps: not evaluation code.
void ModelBuilder::mark_uses_autograd() {
  for (LoopInfo* l : current_loops()) l->reaches_backward = true;
  if (FunctionInfo* f = fn_info()) f->any_backward = true;
}

void ModelBuilder::mark_clears() {
  for (LoopInfo* l : all_loops()) l->clears_grad = true;
  for (auto& fr : frames_)
    if (fr.type == FrameType::Function) m_.functions_[fr.index].clears_grad = true;
}

uint32_t ModelBuilder::add_call(TSNode node, TSNode callee, bool decorator, int decorated, bool in_loop) {
  auto index = static_cast<uint32_t>(m_.calls_.size());
  CallInfo c;
  c.node = node;
  c.fn = decorator ? decorated : current_function();
  c.in_loop = !decorator && in_loop;
  c.under_no_grad = !decorator && in_no_grad();
  c.decorator = decorator;
  m_.calls_.push_back(std::move(c));
  callees_.push_back(callee);
  m_.call_by_node_[node_key(node)] = index;
  return index;
}

void ModelBuilder::on_call(TSNode n) {
  TSNode callee = field(n, "function");
  TSNode args = field(n, "arguments");
  int fn = current_function();
  std::string canonical = m_.canonical(callee);
  FunctionInfo* f = fn_info();
  // `def nograd(f): def run(*a): with torch.no_grad(): return f(*a)`: what it was handed runs
  // under no-grad, so it is a decorator that turns gradients off for the function it wraps.
  if (ts_node_symbol(callee) == k_.identifier && in_no_grad() && names_enclosing_parameter(m_.text(callee)))
    mark_no_grad_wrapper();
  if (canonical == "torch.autograd.grad") {
    mark_uses_autograd();  // input gradients (attacks, saliency): autograd is the point
  } else if (canonical == "torch.autograd.backward") {
    mark_steps(n);
    if (!ts_node_is_null(args) && ts_node_named_child_count(args) > 0)
      (f ? f->backward_roots : m_.module_backward_roots_).push_back(ts_node_named_child(args, 0));
  } else if (canonical == "torch.distributed.autograd.backward") {
    mark_steps(n);
    mark_clears();  // gradients live in the distributed autograd context, fresh each step
  } else if (is_set_grad_enabled_api(canonical) && f && m_.text(args) != "(False)" && m_.text(args) != "(True)" &&
             !ts_node_is_null(args)) {
    f->grad_follows_flag = true;  // `set_grad_enabled(is_train)`: grad mode follows the flag
  } else if (is_set_grad_enabled_api(canonical) && f && ts_node_symbol(m_.parent(n)) == k_.expression_statement) {
    auto& list = m_.text(args) == "(False)" ? f->set_grad_enabled_false : f->set_grad_enabled_true;
    list.push_back(m_.parent(n));
  } else if (ts_node_symbol(callee) == k_.attribute) {
    std::string_view method = m_.text(field(callee, "attribute"));
    TSNode receiver = field(callee, "object");
    uint32_t nargs = ts_node_is_null(args) ? 0 : ts_node_named_child_count(args);
    uint32_t pos = ts_node_start_byte(n);
    TSNode root{};
    if (m_.is_backward_call(n, &root)) {
      mark_steps(n);
      if (!ts_node_is_null(root)) (f ? f->backward_roots : m_.module_backward_roots_).push_back(root);
    } else if (method == "step" && (m_.is_optimizer(receiver) || m_.is_grad_scaler(receiver))) {
      mark_steps(n);
    } else if (method == "requires_grad_") {
      if (m_.text(args) == "(False)" || m_.text(args) == "(requires_grad=False)") {
        freeze_through_parameter_loop(n, receiver);
        // `sampler.eval().requires_grad_(False)`: the module is `sampler`.
        TSNode base = receiver;
        while (ts_node_symbol(base) == k_.call && ts_node_symbol(field(base, "function")) == k_.attribute)
          base = field(field(base, "function"), "object");
        m_.frozen_receivers_.emplace(SemanticModel::frozen_key(current_function(), m_.text(base)));
      }
      else mark_uses_autograd();
    } else if (method == "zero_grad") {
      // `opt_d.zero_grad()` clears opt_d's parameters only; `model.zero_grad()`, an
      // optimizer picked from a collection, or one we cannot name clears everything.
      const Assignment* b = ts_node_symbol(receiver) == k_.identifier ? m_.binding(m_.text(receiver), ts_node_start_byte(n), fn) : nullptr;
      bool one_optimizer = (ts_node_symbol(receiver) == k_.identifier || ts_node_symbol(receiver) == k_.attribute) &&
                           m_.is_optimizer(receiver) && !(b && b->loop_target);
      if (one_optimizer) {
        for (LoopInfo* l : all_loops()) l->cleared_optimizers.emplace_back(m_.text(receiver));
        for (auto& fr : frames_)
          if (fr.type == FrameType::Function) m_.functions_[fr.index].clears_grad = true;
      } else {
        mark_clears();
      }
    } else if ((method == "zero_" || method == "detach_") && last_segment(m_.text(receiver)) == "grad") {
      mark_clears();
    } else if ((method == "eval" && nargs == 0) || method == "train") {
      bool eval = method == "eval" || m_.text(args) == "(False)" || m_.text(args) == "(mode=False)";
      // `model.train(is_train)`: one function that trains or evaluates on a flag.
      if (method == "train" && f && nargs == 1 && ts_node_symbol(ts_node_named_child(args, 0)) == k_.identifier)
        f->train_flag = std::string(m_.text(ts_node_named_child(args, 0)));
      if (eval) m_.eval_receivers_.emplace(m_.text(receiver));
      // Shared with the caller: rooted at a parameter, `self` or a module-level name, also
      // through a local alias (`model = self.model`, `model = DataParallel(model)`).
      bool on_parameter = fn < 0 || m_.is_shared_with_caller(receiver, fn);
      TSNode block = n;
      for (TSNode p : m_.ancestors(n))
        if (ts_node_symbol(p) == k_.block || ts_node_symbol(p) == k_.module) {
          block = p;
          break;
        }
      (fn < 0 ? m_.module_mode_calls_ : f->mode_calls)
          .push_back({pos, eval, on_parameter, m_.text(receiver), ts_node_start_byte(block), ts_node_end_byte(block)});
    } else if (TorchApi::get().copies_to_host(method) && nargs == 0 && f) {
      f->sync_calls.push_back(n);
    }
  }

  const auto& loops = current_loops();
  uint32_t index = add_call(n, callee, false, -1, !loops.empty());
  if (!loops.empty()) loops.front()->direct_calls.push_back(index);
  for (LoopInfo* l : loops) l->all_calls.push_back(index);
  if (f) f->calls.push_back(index);
  // An optimizer handed to a function we cannot see may be cleared there.
  if (!loops.empty() && !ts_node_is_null(args) && !canonical.starts_with("torch.")) {
    TSNode obj = ts_node_symbol(callee) == k_.attribute ? field(callee, "object") : TSNode{};
    bool through_scaler = !ts_node_is_null(obj) && m_.is_grad_scaler(obj);
    bool on_optimizer = !ts_node_is_null(obj) && m_.is_optimizer(obj);
    if (!through_scaler && !on_optimizer) {
      bool passes = false;
      for_each_named_child(args, [&](TSNode a) { passes = passes || m_.is_optimizer(a); });
      if (passes)
        for (LoopInfo* l : loops) optimizer_passing_calls_.push_back({l, index});
    }
  }
  // A helper handed an optimizer (`loss_scaler(loss, optimizer, ...)`) trains: whatever runs
  // here is not evaluation code, even when the helper is a library's.
  if (!ts_node_is_null(args) && ts_node_symbol(callee) != k_.attribute) {
    bool passes = false;
    for_each_named_child(args, [&](TSNode a) {
      if (ts_node_symbol(a) == k_.keyword_argument) a = field(a, "value");
      passes = passes || m_.is_optimizer(a);
    });
    if (passes) mark_uses_autograd();
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
  if (ts_node_symbol(left) == k_.attribute && m_.text(field(left, "attribute")) == "requires_grad" &&
      ts_node_symbol(right) == k_.true_) {
    mark_uses_autograd();
  }
  if (ts_node_symbol(left) == k_.attribute && m_.text(field(left, "attribute")) == "requires_grad" &&
      ts_node_symbol(right) == k_.false_)
    freeze_through_parameter_loop(n, field(left, "object"));
  record_target(left, right, ts_node_end_byte(n), augmented, false, false);
}

// `for p in model.parameters(): p.requires_grad = False` (also `named_parameters()`,
// `p.requires_grad_(False)`), unconditionally in the loop body: every parameter of `model` is
// frozen, like `model.requires_grad_(False)`.
void ModelBuilder::freeze_through_parameter_loop(TSNode at, TSNode param) {
  if (ts_node_symbol(param) != k_.identifier) return;
  std::string_view name = m_.text(param);
  for (TSNode p = ts_node_parent(at); !ts_node_is_null(p); p = ts_node_parent(p)) {
    TSSymbol s = ts_node_symbol(p);
    if (s == k_.function_definition || s == k_.class_definition || s == k_.lambda) return;
    // `if "head" not in name: p.requires_grad = False` freezes some parameters only.
    if (s == k_.if_statement || s == k_.elif_clause || s == k_.else_clause || s == k_.conditional_expression)
      return;
    if (s != k_.for_statement) continue;
    TSNode target = field(p, "left"), iter = field(p, "right");
    if (ts_node_is_null(target) || ts_node_is_null(iter)) return;  // broken code
    // The parameter is the loop's target (`p`, or `v` of `k, v`).
    bool binds = m_.text(target) == name;
    if (!binds && (ts_node_symbol(target) == k_.pattern_list || ts_node_symbol(target) == k_.tuple_pattern)) {
      uint32_t n = ts_node_named_child_count(target);
      binds = n == 2 && m_.text(ts_node_named_child(target, 1)) == name;
    }
    if (!binds) continue;
    if (ts_node_symbol(iter) != k_.call || ts_node_symbol(field(iter, "function")) != k_.attribute) return;
    TSNode fn = field(iter, "function");
    std::string_view method = m_.text(field(fn, "attribute"));
    if (method == "parameters" || method == "named_parameters")
      m_.frozen_receivers_.emplace(SemanticModel::frozen_key(current_function(), m_.text(field(fn, "object"))));
    return;
  }
}

void ModelBuilder::on_return(TSNode n) {
  if (FunctionInfo* f = fn_info()) {
    TSNode value = ts_node_named_child(n, 0);
    if (!ts_node_is_null(value)) f->returns.push_back(value);
  }
}

void ModelBuilder::record_target(TSNode target, TSNode value, uint32_t pos, bool augmented, bool loop_target,
                                 bool from_loader, bool int_counter, bool element, int element_index, TSNode iterable) {
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
      record_target(targets[i], paired ? values[i] : value, pos, augmented, loop_target, from_loader, int_counter,
                    element || !paired, paired ? -1 : static_cast<int>(i), iterable);
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
  a.int_counter = int_counter;
  a.element = element;
  a.element_index = element_index;
  a.iterable = iterable;
  int fn = current_function();
  a.fn = fn;
  // `self.X = ...` in a method: the class's attribute, seen by every method.
  if (fn >= 0 && a.name.starts_with("self.") && m_.functions_[fn].class_index >= 0 && !ts_node_is_null(value))
    m_.classes_[m_.functions_[fn].class_index].attributes[a.name].push_back(a);
  m_.assignments_[fn + 1][a.name].push_back(std::move(a));
}

void ModelBuilder::finish() {
  // Names both imported and assigned: only their uses need the binding looked up.
  for (const auto& table : m_.assignments_)
    for (const auto& [name, list] : table)
      if (m_.imports_.imported(name)) m_.reassigned_imports_.insert(name);
  // A body that runs inside `with torch.no_grad():` / `inference_mode()` from start to end
  // (`ModelWithIntermediateLayers.forward` of a frozen backbone) is, to its callers, a no-grad
  // function like a decorated one: a docstring before and a `return` of what it computed after
  // change nothing.
  auto contains_call = [&](TSNode n) {
    bool found = false;
    walk(n, [&](TSNode c) {
      found = found || ts_node_symbol(c) == k_.call;
      return !found;
    }, [](TSNode) {});
    return found;
  };
  for (FunctionInfo& f : m_.functions_) {
    if (f.no_grad_decorated) continue;
    TSNode body = field(f.node, "body");
    if (ts_node_is_null(body)) continue;
    bool wrapped = false, other = false;
    for_each_named_child(body, [&](TSNode st) {
      TSSymbol s = ts_node_symbol(st);
      if (s == k_.comment) return;
      if (s == k_.with_statement && m_.no_grad_withs_.count(node_key(st))) wrapped = true;
      else if (s == k_.expression_statement && !wrapped && ts_node_symbol(ts_node_named_child(st, 0)) == k_.string) return;
      else if (s == k_.return_statement && wrapped && !contains_call(st)) return;
      else other = true;
    });
    f.body_under_no_grad = wrapped && !other;
  }
  // What each call refers to, now that every top-level name of the file is known.
  for (uint32_t i = 0; i < m_.calls_.size(); ++i) m_.calls_[i].target = m_.target_of(callees_[i], m_.calls_[i].fn);
  for (auto& [loop, call] : optimizer_passing_calls_) loop->optimizer_targets.push_back(m_.calls_[call].target);
}

SemanticModel::SemanticModel(TSNode root, std::string_view src, ModelOptions options)
    : src_(src), options_(std::move(options)) {
  ModelBuilder(*this).run(root);
}

}  // namespace torchlint::py
