// TL803: evaluation with autograd on. After `model->eval()` (or `train(false)`), the first forward
// of that model (`model->forward(x)`, `model(x)`) that runs with no grad-disabling guard in scope
// (`torch::NoGradGuard`, `c10::InferenceMode`, `AutoGradMode(false)`, `GradMode::set_enabled(false)`),
// neither in its function nor around any call of that function in the file.
//
// The evaluation region of an `eval()` call runs to the next `train()` of the model, or, with
// none after it, to the end of the function and around the loops it sits in (their next pass
// starts in eval mode too). A region that trains (backward, an optimizer's step or zero_grad, a
// function of the file that does) is fine-tuning with frozen batch-norm or dropout, not
// evaluation; nor is a function that picks the mode on a flag (`if (train) m->train(); else
// m->eval();`): its caller decides.
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/StmtCXX.h>

#include <map>
#include <set>

#include "checks/per_function.h"

namespace torchlint::cxx {
namespace {

using Range = std::pair<unsigned, unsigned>;  // offsets, end exclusive

// The variable or member a model expression names: `model` of `model->eval()`,
// `(*model).eval()`, `model.get()->eval()`; `model_` of `this->model_->eval()`.
const clang::ValueDecl* model_of(const clang::Expr* e) {
  for (int i = 0; e && i < 16; ++i) {
    e = e->IgnoreParenImpCasts();
    if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) return ref->getDecl();
    if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e)) return m->getMemberDecl();
    if (const auto* op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e);
        op && (op->getOperator() == clang::OO_Arrow || op->getOperator() == clang::OO_Star) && op->getNumArgs() > 0)
      e = op->getArg(0);
    else if (const auto* un = llvm::dyn_cast<clang::UnaryOperator>(e); un && un->getOpcode() == clang::UO_Deref)
      e = un->getSubExpr();
    else if (const auto* get = llvm::dyn_cast<clang::CXXMemberCallExpr>(e); get && get->getNumArgs() == 0 &&
                                                                            get->getMethodDecl() &&
                                                                            get->getMethodDecl()->getNameAsString() == "get")
      e = get->getImplicitObjectArgument();
    else
      return nullptr;
  }
  return nullptr;
}

enum class Flag { kUnknown, kFalse, kTrue };

// The value of a boolean argument: unknown when it is not a constant, or absent (`nullptr`, a
// default argument).
Flag flag_of(const clang::Expr* e, clang::ASTContext& ast) {
  bool value = false;
  if (!e || llvm::isa<clang::CXXDefaultArgExpr>(e) || e->isValueDependent() || !e->EvaluateAsBooleanCondition(value, ast))
    return Flag::kUnknown;
  return value ? Flag::kTrue : Flag::kFalse;
}

// A local whose construction turns autograd off for the rest of its scope. A flag that is not a
// constant may turn it off: counted as a guard.
bool is_grad_off_guard(const clang::VarDecl* v, clang::ASTContext& ast) {
  const auto* rd = v->getType()->getAsCXXRecordDecl();
  if (!rd || !rd->getIdentifier() || !v->hasLocalStorage()) return false;
  std::string qualified = rd->getQualifiedNameAsString();
  if (!(qualified.starts_with("c10::") || qualified.starts_with("at::") || qualified.starts_with("torch::"))) return false;
  const auto* ctor = llvm::dyn_cast_or_null<clang::CXXConstructExpr>(v->getInit() ? v->getInit()->IgnoreImplicit() : nullptr);
  Flag flag = flag_of(ctor && ctor->getNumArgs() > 0 ? ctor->getArg(0) : nullptr, ast);
  llvm::StringRef name = rd->getName();
  if (name == "NoGradGuard") return true;
  if (name == "AutoGradMode") return flag != Flag::kTrue;  // AutoGradMode(enabled)
  return (name == "InferenceMode" || name == "AutoNonVariableTypeMode" || name == "AutoDispatchBelowAutograd" ||
          name == "AutoDispatchBelowADInplaceOrView") &&
         flag != Flag::kFalse;
}

// `GradMode::set_enabled(false)`.
bool turns_grad_off(const clang::CallExpr* call, clang::ASTContext& ast) {
  const auto* f = call->getDirectCallee();
  return f && f->getQualifiedNameAsString().ends_with("GradMode::set_enabled") && call->getNumArgs() == 1 &&
         flag_of(call->getArg(0), ast) != Flag::kTrue;
}

enum class Mode { kNone, kEval, kTrain };

// What a call does to a module's mode: `eval()` and `train(false)` switch to eval; `train()`,
// `train(true)` and `train(flag)` (which may train) to train.
Mode mode_switch(const clang::CXXMemberCallExpr* call, clang::ASTContext& ast) {
  const auto* m = call->getMethodDecl();
  if (!m || !m->getIdentifier() || !is_module(m->getParent())) return Mode::kNone;
  if (m->getName() == "eval") return Mode::kEval;
  if (m->getName() != "train") return Mode::kNone;
  bool off = flag_of(call->getNumArgs() > 0 ? call->getArg(0) : nullptr, ast) == Flag::kFalse;
  return off ? Mode::kEval : Mode::kTrain;
}

// The module a call runs forward on: `model->forward(x)`, `model(x)`; or nullptr.
// In a template, `model.forward(x)` with a dependent `x` is a plain call of a member.
const clang::ValueDecl* forward_of(const clang::CallExpr* call) {
  if (const auto* member = llvm::dyn_cast<clang::MemberExpr>(call->getCallee()->IgnoreParenImpCasts())) {
    const auto* m = llvm::dyn_cast<clang::CXXMethodDecl>(member->getMemberDecl());
    bool forward = m && m->getIdentifier() && m->getName() == "forward" && is_module(m->getParent());
    return forward ? model_of(member->getBase()) : nullptr;
  }
  const auto* op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(call);
  const auto* m = op ? llvm::dyn_cast_or_null<clang::CXXMethodDecl>(op->getDirectCallee()) : nullptr;
  if (!m || op->getOperator() != clang::OO_Call || op->getNumArgs() == 0) return nullptr;
  bool holder = derives_from(m->getParent(), [](llvm::StringRef n) { return n == "torch::nn::ModuleHolder"; });
  return holder || is_module(m->getParent()) ? model_of(op->getArg(0)) : nullptr;
}

// Whether the call trains: backward (`loss.backward()`, `torch::autograd::backward(...)`), or an
// optimizer's `step()` / `zero_grad()`. In a template, a call of a member of that name on an
// object of a dependent type may be one.
bool trains(const clang::CallExpr* call) {
  if (const auto* dependent = llvm::dyn_cast<clang::CXXDependentScopeMemberExpr>(call->getCallee()->IgnoreParenImpCasts())) {
    std::string n = dependent->getMember().getAsString();
    return n == "backward" || n == "step" || n == "zero_grad";
  }
  if (const auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call)) {
    const auto* m = member->getMethodDecl();
    return is_backward_call(member) ||
           (m && m->getIdentifier() && (m->getName() == "step" || m->getName() == "zero_grad") && is_optimizer(m));
  }
  const auto* f = call->getDirectCallee();
  return f && f->getQualifiedNameAsString().starts_with("torch::autograd::") && f->getIdentifier() &&
         (f->getName() == "backward" || f->getName() == "grad");
}

struct ModelCall {
  const clang::Expr* call;
  const clang::ValueDecl* model;
  unsigned at;
};

struct FunctionEvents {
  const clang::FunctionDecl* function;
  Range body;
  std::vector<ModelCall> evals, trains, forwards;
  std::vector<unsigned> training;  // offsets of calls that train
  std::vector<std::pair<const clang::FunctionDecl*, unsigned>> calls;
};

class Visitor : public PerFunctionVisitor<Visitor> {
 public:
  Visitor(CheckContext& c, const std::string& rule) : PerFunctionVisitor(c), rule_(rule) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  void enter(const clang::FunctionDecl* f) { functions_.push_back({f, c_.range(f->getBody()->getSourceRange()), {}, {}, {}, {}, {}}); }
  void leave(const clang::FunctionDecl*) {}

  bool VisitVarDecl(clang::VarDecl* v) {
    if (is_grad_off_guard(v, c_.ast)) guard(v, v->getLocation());
    return true;
  }
  bool VisitCallExpr(clang::CallExpr* call) {
    if (turns_grad_off(call, c_.ast)) guard(call, call->getBeginLoc());
    if (const auto* callee = call->getDirectCallee()) callers_[callee->getCanonicalDecl()].push_back(call);
    if (function_) record(call, functions_.back());
    return true;
  }

  void finish() {
    std::set<const clang::FunctionDecl*> training = training_functions();
    for (const FunctionEvents& f : functions_)
      for (const ModelCall& e : f.evals)
        if (const ModelCall* forward = unguarded_forward(f, e, training))
          c_.report(rule_, forward->call->getSourceRange(),
                    {{"CALL", c_.text(forward->call->getSourceRange())}, {"MODEL", forward->model->getNameAsString()}});
  }

 private:
  // Autograd is off from `at` to the end of the block that holds it.
  template <typename Node>
  void guard(const Node* node, clang::SourceLocation at) {
    auto parents = c_.ast.getParents(*node);
    for (int depth = 0; depth < 4 && !parents.empty(); ++depth) {
      if (const auto* block = parents[0].template get<clang::CompoundStmt>()) {
        guards_.push_back({block, c_.offset(at)});
        return;
      }
      parents = c_.ast.getParents(parents[0]);
    }
  }
  bool guarded(const clang::Stmt* s) const {
    unsigned at = c_.offset(s->getBeginLoc());
    for (const auto& [block, from] : guards_)
      if (from < at && encloses(c_.ast, block, s)) return true;
    return false;
  }

  void record(const clang::CallExpr* call, FunctionEvents& f) {
    unsigned at = c_.offset(call->getBeginLoc());
    if (const auto* callee = call->getDirectCallee()) f.calls.push_back({callee->getCanonicalDecl(), at});
    if (trains(call)) f.training.push_back(at);
    if (const auto* forward = forward_of(call)) f.forwards.push_back({call, forward, at});
    const auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call);
    Mode mode = member ? mode_switch(member, c_.ast) : Mode::kNone;
    const clang::ValueDecl* model = mode == Mode::kNone ? nullptr : model_of(member->getImplicitObjectArgument());
    if (model) (mode == Mode::kEval ? f.evals : f.trains).push_back({call, model, at});
  }

  // The file's functions that train, directly or through the file's functions they call.
  std::set<const clang::FunctionDecl*> training_functions() const {
    std::set<const clang::FunctionDecl*> out;
    for (bool grew = true; grew;) {
      grew = false;
      for (const FunctionEvents& f : functions_) {
        bool trains = !f.training.empty();
        for (const auto& [callee, at] : f.calls) trains = trains || out.count(callee);
        if (trains) grew |= out.insert(f.function->getCanonicalDecl()).second;
      }
    }
    return out;
  }

  // The code that runs in eval mode after `e`: see the file's comment.
  std::vector<Range> eval_region(const FunctionEvents& f, const ModelCall& e) const {
    unsigned end = f.body.second;
    for (const ModelCall& t : f.trains)
      if (t.model == e.model && t.at > e.at) end = std::min(end, t.at);
    std::vector<Range> region = {{e.at, end}};
    if (end != f.body.second) return region;
    for (const clang::Stmt* loop = innermost_loop(c_.ast, e.call); loop; loop = innermost_loop(c_.ast, loop)) {
      unsigned from = c_.offset(loop->getBeginLoc()), until = e.at;
      for (const ModelCall& t : f.trains)
        if (t.model == e.model && t.at >= from && t.at < e.at) until = std::min(until, t.at);
      region.push_back({from, until});
      if (until != e.at) break;  // the loop switches back to train before reaching `e` again
    }
    return region;
  }

  // Whether `e` and a `train()` of its model sit in the two branches of one `if`.
  bool switched_on_a_flag(const FunctionEvents& f, const ModelCall& e) const {
    clang::DynTypedNode node = clang::DynTypedNode::create(*e.call);
    for (int depth = 0; depth < 256; ++depth) {
      auto parents = c_.ast.getParents(node);
      if (parents.empty() || parents[0].get<clang::FunctionDecl>()) return false;
      node = parents[0];
      const auto* branch = node.get<clang::IfStmt>();
      if (!branch || !branch->getElse()) continue;
      const clang::Stmt* other = encloses(c_.ast, branch->getThen(), e.call) ? branch->getElse() : branch->getThen();
      for (const ModelCall& t : f.trains)
        if (t.model == e.model && encloses(c_.ast, other, t.call)) return true;
    }
    return false;
  }

  const ModelCall* unguarded_forward(const FunctionEvents& f, const ModelCall& e,
                                     const std::set<const clang::FunctionDecl*>& training) const {
    if (switched_on_a_flag(f, e)) return nullptr;
    auto region = eval_region(f, e);
    auto inside = [&](unsigned at) {
      return std::any_of(region.begin(), region.end(), [&](const Range& r) { return at >= r.first && at < r.second; });
    };
    if (std::any_of(f.training.begin(), f.training.end(), inside)) return nullptr;
    for (const auto& [callee, at] : f.calls)
      if (inside(at) && training.count(callee)) return nullptr;
    const ModelCall* first = nullptr;
    for (const ModelCall& forward : f.forwards)
      if (forward.model == e.model && forward.at > e.at && forward.at < region.front().second && (!first || forward.at < first->at))
        first = &forward;
    if (!first || guarded(first->call) || called_under_guard(f.function)) return nullptr;
    return first;
  }

  // Some call of the function in this file runs it with autograd off.
  bool called_under_guard(const clang::FunctionDecl* f) const {
    auto it = callers_.find(f->getCanonicalDecl());
    if (it == callers_.end()) return false;
    return std::any_of(it->second.begin(), it->second.end(), [&](const clang::CallExpr* call) { return guarded(call); });
  }

  const std::string& rule_;
  std::vector<FunctionEvents> functions_;
  std::vector<std::pair<const clang::CompoundStmt*, unsigned>> guards_;
  std::map<const clang::FunctionDecl*, std::vector<const clang::CallExpr*>> callers_;
};

}  // namespace

void check_cxx_eval_without_no_grad_guard(CheckContext& c, const std::string& rule) {
  Visitor v(c, rule);
  v.TraverseDecl(c.ast.getTranslationUnitDecl());
  v.finish();
}

}  // namespace torchlint::cxx
