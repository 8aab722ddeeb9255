// TL802: a loss (a tensor `backward()` is called on in a loop, or a plain copy of it) handed to
// a standard container that outlives the loop's iteration. Each element keeps its step's autograd
// graph alive, so memory grows every step. A container declared in the iteration, or emptied in
// it (`clear()`, `erase`, `pop_*`, assigned, handed to a function that may change it), is not
// kept across iterations.
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <set>

#include "checks/per_function.h"

namespace torchlint::cxx {
namespace {

bool named(const clang::NamedDecl* d, std::initializer_list<llvm::StringRef> names) {
  if (!d || !d->getIdentifier()) return false;
  for (auto n : names)
    if (d->getName() == n) return true;
  return false;
}

// The variable an expression names, through parentheses, implicit conversions, copies and
// `std::move`.
const clang::VarDecl* named_var(const clang::Expr* e) {
  for (int i = 0; e && i < 16; ++i) {
    e = e->IgnoreUnlessSpelledInSource()->IgnoreParens();
    if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) return llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
    const auto* call = llvm::dyn_cast<clang::CallExpr>(e);
    const auto* callee = call ? call->getDirectCallee() : nullptr;
    if (callee && callee->isInStdNamespace() && named(callee, {"move"}) && call->getNumArgs() == 1) {
      e = call->getArg(0);
      continue;
    }
    const auto* ctor = llvm::dyn_cast<clang::CXXConstructExpr>(e);
    if (ctor && ctor->getNumArgs() == 1 && ctor->getConstructor()->isCopyOrMoveConstructor()) {
      e = ctor->getArg(0);
      continue;
    }
    return nullptr;
  }
  return nullptr;
}

// The variable or member a container expression names (`losses`, `this->history_`, `s.log`).
const clang::ValueDecl* container_of(const clang::Expr* e) {
  e = e->IgnoreParenImpCasts();
  if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) return ref->getDecl();
  if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e)) return m->getMemberDecl();
  if (const auto* op = llvm::dyn_cast<clang::UnaryOperator>(e); op && op->getOpcode() == clang::UO_AddrOf)
    return container_of(op->getSubExpr());
  return nullptr;
}

const clang::CXXRecordDecl* std_container(const clang::CXXMemberCallExpr* call) {
  const auto* rd = call->getRecordDecl();
  return rd && rd->isInStdNamespace() ? rd : nullptr;
}

bool appends(const clang::CXXMemberCallExpr* call) {
  return std_container(call) &&
         named(call->getMethodDecl(), {"push_back", "emplace_back", "push_front", "emplace_front", "insert", "emplace", "push"});
}

bool empties(const clang::CXXMemberCallExpr* call) {
  return std_container(call) &&
         named(call->getMethodDecl(), {"clear", "erase", "pop_back", "pop_front", "pop", "resize", "assign", "swap"});
}

// A call that may change a container passed to it by non-const reference or by pointer (or, for
// an operator that is a member, a non-const operator of the container itself).
bool may_change_argument(const clang::CallExpr* call, const clang::ValueDecl* container) {
  const auto* f = call->getDirectCallee();
  const auto* method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(f);
  unsigned shift = method && llvm::isa<clang::CXXOperatorCallExpr>(call) ? 1 : 0;
  for (unsigned i = 0; i < call->getNumArgs(); ++i) {
    if (container_of(call->getArg(i)) != container) continue;
    if (shift && i == 0) {
      if (!method->isConst()) return true;
      continue;
    }
    if (!f || i - shift >= f->getNumParams()) return true;  // unknown callee, variadic
    clang::QualType t = f->getParamDecl(i - shift)->getType();
    if (t->isPointerType() || (t->isReferenceType() && !t.getNonReferenceType().isConstQualified())) return true;
  }
  return false;
}

struct Append {
  const clang::CXXMemberCallExpr* call;
  const clang::Expr* arg;
  const clang::VarDecl* value;
  const clang::ValueDecl* container;
};

class Visitor : public PerFunctionVisitor<Visitor> {
 public:
  Visitor(CheckContext& c, const std::string& rule) : PerFunctionVisitor(c), rule_(rule) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  void enter(const clang::FunctionDecl*) {
    same_.clear();
    backwards_.clear();
    appends_.clear();
    changes_.clear();
  }
  void leave(const clang::FunctionDecl*);

  bool VisitVarDecl(clang::VarDecl* v) {
    if (function_ && v->getInit() && is_tensor_type(v->getType())) copy(v, named_var(v->getInit()));
    return true;
  }
  bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr* op) {
    if (!function_ || op->getOperator() != clang::OO_Equal || op->getNumArgs() != 2) return true;
    if (is_tensor_type(op->getArg(0)->getType())) copy(named_var(op->getArg(0)), named_var(op->getArg(1)));
    if (const auto* container = container_of(op->getArg(0))) changes_.push_back({op, container});
    return true;
  }
  bool VisitCallExpr(clang::CallExpr* call) {
    if (!function_) return true;
    const auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call);
    if (member && is_backward_call(member)) {
      if (const auto* v = named_var(member->getImplicitObjectArgument())) backwards_.push_back({member, v});
    } else if (member && appends(member)) {
      add_appends(member);
    } else if (member && empties(member)) {
      if (const auto* container = container_of(member->getImplicitObjectArgument())) changes_.push_back({call, container});
    }
    for (const auto* arg : call->arguments())
      if (const auto* container = container_of(arg); container && may_change_argument(call, container))
        changes_.push_back({call, container});
    return true;
  }

 private:
  // Copies (`auto l = loss;`, `l = loss;`) join one class of variables: one graph.
  void copy(const clang::VarDecl* to, const clang::VarDecl* from) {
    if (to && from && to != from) same_.insert({to, from}), same_.insert({from, to});
  }
  std::set<const clang::VarDecl*> copies_of(const clang::VarDecl* v) const {
    std::set<const clang::VarDecl*> out = {v};
    for (bool grew = true; grew;) {
      grew = false;
      for (const auto& [a, b] : same_)
        if (out.count(a)) grew |= out.insert(b).second;
    }
    return out;
  }
  void add_appends(const clang::CXXMemberCallExpr* call) {
    const auto* container = container_of(call->getImplicitObjectArgument());
    if (!container) return;
    for (const auto* arg : call->arguments())
      if (const auto* v = named_var(arg); v && is_tensor_type(v->getType())) appends_.push_back({call, arg, v, container});
  }
  // Whether the container lives only as long as one pass of the loop, or is emptied in it.
  bool per_iteration(const clang::Stmt* loop, const clang::ValueDecl* container) const {
    if (c_.sm.isPointWithin(container->getLocation(), loop->getBeginLoc(), loop->getEndLoc())) return true;
    for (const auto& [at, changed] : changes_)
      if (changed == container && encloses(c_.ast, loop, at)) return true;
    return false;
  }
  void report(const Append& a) {
    std::vector<Edit> fix;
    // Only a plain name gets the mechanical fix (`std::move(loss)` is left to the author).
    if (llvm::isa<clang::DeclRefExpr>(a.arg->IgnoreUnlessSpelledInSource()) && !a.arg->getBeginLoc().isMacroID()) {
      unsigned end = c_.range(a.arg->getSourceRange()).second;
      fix.push_back({end, end, ".detach()"});
    }
    c_.report(rule_, a.call->getSourceRange(),
              {{"VAR", a.value->getNameAsString()}, {"CONTAINER", c_.text(a.call->getImplicitObjectArgument()->getSourceRange())}},
              std::move(fix));
  }

  const std::string& rule_;
  std::set<std::pair<const clang::VarDecl*, const clang::VarDecl*>> same_;
  std::vector<std::pair<const clang::CXXMemberCallExpr*, const clang::VarDecl*>> backwards_;
  std::vector<Append> appends_;
  std::vector<std::pair<const clang::Stmt*, const clang::ValueDecl*>> changes_;
};

void Visitor::leave(const clang::FunctionDecl*) {
  for (const auto& [backward, loss] : backwards_) {
    const clang::Stmt* loop = innermost_loop(c_.ast, backward);
    if (!loop) continue;
    auto losses = copies_of(loss);
    for (const Append& a : appends_)
      if (losses.count(a.value) && c_.in_main_file(a.call->getBeginLoc()) && encloses(c_.ast, loop, a.call) &&
          !per_iteration(loop, a.container))
        report(a);
  }
}

}  // namespace

void check_cxx_loss_kept_with_graph(CheckContext& c, const std::string& rule) {
  Visitor(c, rule).TraverseDecl(c.ast.getTranslationUnitDecl());
}

}  // namespace torchlint::cxx
