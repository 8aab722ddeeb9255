// TL901: the address of a local (stack) variable stored where it outlives the frame: a global,
// heap memory, the object of a method, or memory the caller handed in. The seed bug of a
// hand-written autograd tape: `VariableV2 *inputs[] = {a, b}; tape_add_op(g_tape, inputs, 2, ...)`
// with `op->inputs = inputs` inside tape_add_op.
//
// Within a function this check reports direct stores. It also writes each function's facts
// (which parameters it stores and where; the pointers its calls pass), which torchlint joins
// across the project's files to find the stores that happen in a callee (escape_join.cpp).
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <memory>
#include <set>

#include "checks/per_function.h"

namespace torchlint::cxx {
namespace {

const clang::Expr* strip(const clang::Expr* e) {
  for (int i = 0; e && i < 64; ++i) {
    const clang::Expr* next = e->IgnoreParenImpCasts();
    if (const auto* cast = llvm::dyn_cast<clang::ExplicitCastExpr>(next)) next = cast->getSubExpr();
    else if (const auto* tmp = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(next)) next = tmp->getSubExpr();
    if (next == e) break;
    e = next;
  }
  return e;
}

bool is_local(const clang::VarDecl* v) { return v && v->hasLocalStorage() && !llvm::isa<clang::ParmVarDecl>(v); }

class FunctionScan {
 public:
  FunctionScan(CheckContext& c, const clang::FunctionDecl* f) : c_(c), f_(f) {
    for (unsigned i = 0; i < f->getNumParams(); ++i) params_[f->getParamDecl(i)] = static_cast<int>(i);
  }

  // Where a pointer value comes from.
  Place value_of(const clang::Expr* e, int depth = 0) const {
    e = strip(e);
    if (!e || depth > 8) return {};
    if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
      const auto* v = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
      if (!v) return {};
      if (auto it = params_.find(v); it != params_.end()) return {"param", it->second, v->getNameAsString()};
      if (is_local(v) && v->getType()->isArrayType()) return {"stack", 0, v->getNameAsString()};  // decays
      if (is_local(v) && v->getType()->isPointerType() && v->getInit()) return value_of(v->getInit(), depth + 1);
      return {};
    }
    if (const auto* un = llvm::dyn_cast<clang::UnaryOperator>(e); un && un->getOpcode() == clang::UO_AddrOf) {
      Place where = memory_of(un->getSubExpr(), depth + 1);
      if (where.kind == "local") return {"stack", 0, where.var};
      return {};
    }
    if (const auto* op = llvm::dyn_cast<clang::BinaryOperator>(e); op && op->isAdditiveOp())
      return value_of(op->getLHS()->getType()->isPointerType() ? op->getLHS() : op->getRHS(), depth + 1);
    return {};
  }

  // Where the memory behind a pointer lives.
  Place pointee_of(const clang::Expr* e, int depth = 0) const {
    e = strip(e);
    if (!e || depth > 8) return {};
    if (llvm::isa<clang::CXXThisExpr>(e)) return {"param", -1, "this"};
    if (llvm::isa<clang::CXXNewExpr>(e)) return {"escapes", 0, ""};
    if (const auto* call = llvm::dyn_cast<clang::CallExpr>(e)) {
      // A pointer a call hands back (malloc, an arena, a factory) is heap memory.
      return call->getType()->isPointerType() ? Place{"escapes", 0, ""} : Place{};
    }
    if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
      const auto* v = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
      if (!v) return {};
      if (auto it = params_.find(v); it != params_.end()) return {"param", it->second, v->getNameAsString()};
      if (!v->hasLocalStorage()) return {"escapes", 0, v->getNameAsString()};
      if (v->getType()->isArrayType()) return {"local", 0, v->getNameAsString()};
      if (v->getInit()) return pointee_of(v->getInit(), depth + 1);
      return {};
    }
    if (const auto* un = llvm::dyn_cast<clang::UnaryOperator>(e); un && un->getOpcode() == clang::UO_AddrOf)
      return memory_of(un->getSubExpr(), depth + 1);
    // A pointer read out of memory points where that memory's owner keeps things.
    if (llvm::isa<clang::MemberExpr, clang::ArraySubscriptExpr>(e)) return memory_of(e, depth + 1);
    if (const auto* op = llvm::dyn_cast<clang::BinaryOperator>(e); op && op->isAdditiveOp())
      return pointee_of(op->getLHS()->getType()->isPointerType() ? op->getLHS() : op->getRHS(), depth + 1);
    return {};
  }

  // Where an lvalue lives.
  Place memory_of(const clang::Expr* e, int depth = 0) const {
    e = strip(e);
    if (!e || depth > 8) return {};
    if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e))
      return m->isArrow() ? pointee_of(m->getBase(), depth + 1) : memory_of(m->getBase(), depth + 1);
    if (const auto* s = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
      const clang::Expr* base = strip(s->getBase());
      return base->getType()->isArrayType() ? memory_of(base, depth + 1) : pointee_of(base, depth + 1);
    }
    if (const auto* un = llvm::dyn_cast<clang::UnaryOperator>(e); un && un->getOpcode() == clang::UO_Deref)
      return pointee_of(un->getSubExpr(), depth + 1);
    if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
      const auto* v = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
      if (!v) return {};
      if (!v->hasLocalStorage()) return {"escapes", 0, v->getNameAsString()};
      if (v->getType()->isReferenceType()) {
        if (auto it = params_.find(v); it != params_.end()) return {"param", it->second, v->getNameAsString()};
        return v->getInit() ? memory_of(v->getInit(), depth + 1) : Place{};
      }
      return {"local", 0, v->getNameAsString()};  // a local or a by-value parameter
    }
    return {};
  }

  void store(const clang::Expr* target, const clang::Expr* value, const clang::Stmt* at) {
    Place v = value_of(value);
    if (v.kind != "stack" && v.kind != "param") return;
    Place into = target ? memory_of(target) : Place{"escapes", 0, ""};
    if (into.kind != "escapes" && into.kind != "param") return;
    if (v.kind == "param") {
      fact_.stores.push_back({v.index, into});
      return;
    }
    if (is_main_function(f_) || !c_.in_main_file(at->getBeginLoc())) return;
    std::string where = target ? c_.text(target->getSourceRange()) : "memory that outlives the call";
    c_.report(rule_, at->getSourceRange(),
              {{"VAR", v.var}, {"FUNC", f_->getNameAsString()}, {"TARGET", "`" + where + "`"}});
  }

  ArgFact arg_fact(const clang::Expr* e) const {
    ArgFact a;
    a.value = value_of(e);
    a.pointee = pointee_of(e);
    auto [b, en] = c_.range(e->getSourceRange());
    a.start = b;
    a.end = en;
    a.text = c_.text(e->getSourceRange());
    return a;
  }

  void call(const clang::CallExpr* call) {
    const auto* callee = call->getDirectCallee();
    if (!callee || !c_.in_main_file(call->getBeginLoc())) return;
    CallFact cf;
    cf.callee = fact_name(c_.sm, callee);
    auto [b, e] = c_.range(call->getSourceRange());
    cf.start = b;
    cf.end = e;
    unsigned first = 0;
    if (const auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call)) {
      const clang::Expr* object = member->getImplicitObjectArgument();
      if (object) {
        cf.receiver = arg_fact(object);
        // `obj.m()` on an object: where the object itself lives.
        if (!object->getType()->isPointerType()) cf.receiver.pointee = memory_of(object);
      }
      // Standard containers keep what they are given.
      const auto* rd = member->getRecordDecl();
      std::string n = callee->getNameAsString();
      if (rd && rd->isInStdNamespace() &&
          (n == "push_back" || n == "emplace_back" || n == "push" || n == "insert" || n == "emplace" || n == "push_front"))
        for (const auto* arg : call->arguments()) store_into_receiver(cf.receiver, arg, call);
    } else if (llvm::isa<clang::CXXOperatorCallExpr>(call) && llvm::isa<clang::CXXMethodDecl>(callee) && call->getNumArgs() > 0) {
      cf.receiver = arg_fact(call->getArg(0));
      first = 1;
    }
    for (unsigned i = first; i < call->getNumArgs(); ++i) cf.args.push_back(arg_fact(call->getArg(i)));
    fact_.calls.push_back(std::move(cf));
  }

  void store_into_receiver(const ArgFact& receiver, const clang::Expr* arg, const clang::Stmt* at) {
    Place v = value_of(arg);
    const Place& into = receiver.pointee;
    if (into.kind != "escapes" && into.kind != "param") return;
    if (v.kind == "param") fact_.stores.push_back({v.index, into});
    else if (v.kind == "stack" && !is_main_function(f_))
      c_.report(rule_, at->getSourceRange(),
                {{"VAR", v.var}, {"FUNC", f_->getNameAsString()}, {"TARGET", "`" + receiver.text + "`"}});
  }

  FunctionFact& fact() { return fact_; }
  std::string rule_;

 private:
  CheckContext& c_;
  const clang::FunctionDecl* f_;
  std::map<const clang::VarDecl*, int> params_;
  FunctionFact fact_;
};

class Visitor : public PerFunctionVisitor<Visitor> {
 public:
  Visitor(CheckContext& c, const std::string& rule) : PerFunctionVisitor(c), rule_(rule) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  void enter(const clang::FunctionDecl* f) {
    scan_ = std::make_unique<FunctionScan>(c_, f);
    scan_->rule_ = rule_;
  }
  void leave(const clang::FunctionDecl* f) {
    FunctionFact fact = std::move(scan_->fact());
    scan_.reset();
    fact.name = fact_name(c_.sm, f);
    fact.is_main = f->isMain();
    for (const auto* p : f->parameters()) fact.params.push_back(p->getNameAsString());
    c_.out.functions.push_back(std::move(fact));
  }
  bool VisitBinaryOperator(clang::BinaryOperator* op) {
    if (scan_ && op->getOpcode() == clang::BO_Assign && op->getLHS()->getType()->isPointerType())
      scan_->store(op->getLHS(), op->getRHS(), op);
    return true;
  }
  bool VisitCallExpr(clang::CallExpr* call) {
    if (!scan_) return true;
    // `p = arr` through an overloaded operator= (smart pointers, spans) is the same store.
    if (const auto* op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(call);
        op && op->getOperator() == clang::OO_Equal && op->getNumArgs() == 2)
      scan_->store(op->getArg(0), op->getArg(1), op);
    scan_->call(call);
    return true;
  }

 private:
  const std::string& rule_;
  std::unique_ptr<FunctionScan> scan_;
};

}  // namespace

void check_stack_address_escapes(CheckContext& c, const std::string& rule) {
  Visitor(c, rule).TraverseDecl(c.ast.getTranslationUnitDecl());
}

}  // namespace torchlint::cxx
