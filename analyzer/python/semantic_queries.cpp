// Queries over a built SemanticModel: contexts (where a node sits) and provenance (where a
// value comes from). Parent walks stop at function boundaries: a def inside a loop is not
// the loop.
#include <algorithm>

#include "python/kinds.h"
#include "python/names.h"
#include "python/semantic_model.h"

namespace torchlint::py {

namespace {

bool is_loop(const Kinds& k, TSSymbol s) { return s == k.for_statement || s == k.while_statement; }
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
    return imports_.canonical(compact);
  }
  return imports_.canonical(t);
}

SemanticModel::Ancestors SemanticModel::ancestors(TSNode n) const {
  Ancestors out;
  out.model_ = this;
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

bool SemanticModel::function_no_grad(int fn) const {
  return fn >= 0 && (functions_[fn].no_grad_decorated || functions_[fn].called_only_under_no_grad);
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
      // torch.set_grad_enabled(False) as a statement earlier in the function.
      uint32_t pos = ts_node_start_byte(n);
      uint32_t off = 0, on = 0;
      for (uint32_t q : functions_[fn].set_grad_enabled_false) if (q < pos) off = std::max(off, q + 1);
      for (uint32_t q : functions_[fn].set_grad_enabled_true) if (q < pos) on = std::max(on, q + 1);
      return off > on;
    }
  }
  return false;
}

namespace {
// `step % N == 0`, `i == len(loader) - 1`, `if should_log:` ... : not every iteration.
bool is_periodic_condition(const SemanticModel& m, TSNode cond) {
  const Kinds& k = kinds();
  bool periodic = false;
  walk(cond, [&](TSNode c) {
    if (periodic) return false;
    TSSymbol s = ts_node_symbol(c);
    if (s == k.binary_operator) {
      TSNode op = field(c, "operator");
      if (m.text(op) == "%") periodic = true;
    } else if (s == k.comparison_operator) {
      bool eq = false, constant = false;
      for_each_child(c, [&](TSNode ch) {
        if (!ts_node_is_named(ch) && m.text(ch) == "==") eq = true;
        if (ts_node_symbol(ch) == k.integer) constant = true;
        if (ts_node_symbol(ch) == k.binary_operator || ts_node_symbol(ch) == k.call) {
          if (m.text(ch).find("len(") != std::string_view::npos) constant = true;
        }
      });
      if (eq && constant) periodic = true;
    } else if (s == k.identifier) {
      if (is_periodic_flag_name(m.text(c))) periodic = true;
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

bool SemanticModel::every_iteration(TSNode n) const {
  const Kinds& k = kinds();
  TSNode child = n;
  for (TSNode p : ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (s == k.function_definition || s == k.lambda || s == k.class_definition) return false;
    if (s == k.except_clause) return false;
    if ((s == k.if_statement || s == k.elif_clause) && same_node(child, field(p, "consequence")) &&
        is_periodic_condition(*this, field(p, "condition"))) {
      return false;
    }
    if (is_loop(k, s)) {
      const LoopInfo* l = loop(p);
      if (l && l->training) return true;
    }
    child = p;
  }
  return false;
}

bool SemanticModel::in_eval_code(TSNode n) const {
  const Kinds& k = kinds();
  for (TSNode p : ancestors(n)) {
    TSSymbol s = ts_node_symbol(p);
    if (is_loop(k, s)) {
      const LoopInfo* l = loop(p);
      if (l && l->eval_loop) return true;
      if (l && l->reaches_backward) return false;
    }
    if (s == k.function_definition) {
      auto it = function_by_node_.find(node_key(p));
      return it != function_by_node_.end() && functions_[it->second].is_eval;
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

bool SemanticModel::callee_is_model_by_assignment(std::string_view name, uint32_t pos, int fn) const {
  for (int scope : {fn, -1}) {
    const auto* list = assignments(scope, name);
    if (!list) continue;
    const Assignment* last = nullptr;
    for (const Assignment& a : *list)
      if (a.pos <= pos || scope != fn) last = &a;
    if (!last || ts_node_is_null(last->value) || ts_node_symbol(last->value) != kinds().call) return false;
    TSNode ctor = last->value;
    // Net(...).to(device) / .cuda() / .train(): the model is the inner construction.
    for (TSNode f = field(ctor, "function"); ts_node_symbol(f) == kinds().attribute &&
                                             ts_node_symbol(field(f, "object")) == kinds().call;
         f = field(ctor, "function"))
      ctor = field(f, "object");
    std::string c = canonical(field(ctor, "function"));
    if (c.empty()) return false;
    std::string_view seg = last_segment(c);
    for (const ClassInfo& cls : classes_)
      if (cls.is_module && cls.name == c) return true;
    if (is_loss_name(seg)) return false;
    if (c.starts_with("torch.nn.") && !seg.empty() && std::isupper(static_cast<unsigned char>(seg[0])))
      return !is_torch_loss_function(c);
    if (c.starts_with("torchvision.models.") || c == "timm.create_model" || seg == "from_pretrained" ||
        c == "torch.compile" || seg == "DistributedDataParallel" || seg == "FullyShardedDataParallel" ||
        seg == "DataParallel")
      return true;
    return false;
  }
  return false;
}

bool SemanticModel::is_model_callee(TSNode callee) const {
  const Kinds& k = kinds();
  TSSymbol s = ts_node_symbol(callee);
  if (s == k.subscript) return is_model_callee(field(callee, "value"));
  if (s == k.identifier) {
    std::string_view name = text(callee);
    if (name == "self") {
      int fn = function_of(callee);
      int cls = fn < 0 ? -1 : functions_[fn].class_index;
      return cls >= 0 && classes_[cls].is_module;
    }
    if (imports_.canonical(name) != name) return false;  // an imported function or class
    if (std::isupper(static_cast<unsigned char>(name[0]))) return false;  // a constructor: Net(...)
    if (defined_function_names_.count(std::string(name))) return false;  // a local helper
    if (is_model_name(name)) return true;
    return callee_is_model_by_assignment(name, ts_node_start_byte(callee), function_of(callee));
  }
  if (s == k.attribute) {
    std::string_view attr = text(field(callee, "attribute"));
    if (attr == "forward") return is_model_callee(field(callee, "object"));
    TSNode root = callee;
    while (ts_node_symbol(root) == k.attribute) root = field(root, "object");
    // onnx.checker.check_model(...), torch.nn.Module(...): library code, not a forward pass.
    if (ts_node_symbol(root) == k.identifier && imports_.canonical(text(root)) != text(root)) return false;
    if (ts_node_symbol(root) == k.identifier && text(root) == "torch") return false;
    return is_model_name(attr);
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
  if (is_optimizer_name(last_segment(text(expr)))) return true;
  const auto* list = assignments(function_of(expr), text(expr));
  if (!list) return false;
  for (const Assignment& a : *list) {
    if (ts_node_is_null(a.value) || ts_node_symbol(a.value) != k.call) continue;
    std::string c = lower(canonical(field(a.value, "function")));
    if (c.find("optim") != std::string::npos && c.find("sched") == std::string::npos) return true;
  }
  return false;
}

bool SemanticModel::is_grad_scaler(TSNode expr) const {
  const Kinds& k = kinds();
  TSSymbol s = ts_node_symbol(expr);
  if (s != k.identifier && s != k.attribute) return false;
  if (is_grad_scaler_name(last_segment(text(expr)))) return true;
  const auto* list = assignments(function_of(expr), text(expr));
  if (!list) return false;
  for (const Assignment& a : *list)
    if (!ts_node_is_null(a.value) && ts_node_symbol(a.value) == k.call &&
        canonical(field(a.value, "function")).ends_with("GradScaler"))
      return true;
  return false;
}

Provenance SemanticModel::provenance(TSNode expr) const { return provenance_at(expr, function_of(expr), 0); }

}  // namespace torchlint::py
