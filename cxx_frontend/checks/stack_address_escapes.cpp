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

bool is_std_call(const clang::CallExpr* call, std::initializer_list<llvm::StringRef> names) {
  const auto* f = call->getDirectCallee();
  if (!f || !f->isInStdNamespace() || !f->getIdentifier() || call->getNumArgs() != 1) return false;
  return std::find(names.begin(), names.end(), f->getName()) != names.end();
}

bool is_closure(clang::QualType t) {
  const auto* rd = t.getNonReferenceType()->getAsCXXRecordDecl();
  return rd && rd->isLambda();
}

// Through casts, temporaries, `std::move`/`std::forward`, and the conversion of a lambda into
// whatever holds it (`std::function<void()>(lambda)`): the holder keeps the lambda's captures.
const clang::Expr* strip(const clang::Expr* e) {
  for (int i = 0; e && i < 64; ++i) {
    const clang::Expr* next = e->IgnoreParenImpCasts();
    if (const auto* cast = llvm::dyn_cast<clang::ExplicitCastExpr>(next)) next = cast->getSubExpr();
    else if (const auto* tmp = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(next)) next = tmp->getSubExpr();
    else if (const auto* bind = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(next)) next = bind->getSubExpr();
    else if (const auto* full = llvm::dyn_cast<clang::FullExpr>(next)) next = full->getSubExpr();
    else if (const auto* call = llvm::dyn_cast<clang::CallExpr>(next); call && is_std_call(call, {"move", "forward"}))
      next = call->getArg(0);
    else if (const auto* construct = llvm::dyn_cast<clang::CXXConstructExpr>(next);
             construct && construct->getNumArgs() == 1 && is_closure(construct->getArg(0)->getType()))
      next = construct->getArg(0);
    if (next == e) break;
    e = next;
  }
  return e;
}

bool is_local(const clang::VarDecl* v) { return v && v->hasLocalStorage() && !llvm::isa<clang::ParmVarDecl>(v); }

// `alloca(n)`, `__builtin_alloca(n)` (glibc's `alloca` macro), its aligned and uninitialized
// forms, `_alloca`: memory of this frame. (By name: the builtins' IDs vary across Clang versions.)
bool is_alloca(const clang::Expr* e) {
  const auto* call = llvm::dyn_cast<clang::CallExpr>(e);
  const auto* f = call ? call->getDirectCallee() : nullptr;
  if (!f || !f->getIdentifier() || !f->getDeclContext()->getRedeclContext()->isTranslationUnit()) return false;
  llvm::StringRef n = f->getName();
  return n == "alloca" || n == "_alloca" || n.starts_with("__builtin_alloca");
}

bool is_free_call(const clang::CallExpr* call) {
  const auto* f = call->getDirectCallee();
  return f && f->getIdentifier() && f->getName() == "free" && f->getDeclContext()->getRedeclContext()->isTranslationUnit() &&
         call->getNumArgs() == 1;
}

// A fresh heap block: `new`, malloc and its kin. (A factory's pointer may be anyone's.)
bool is_allocation(const clang::Expr* e) {
  if (llvm::isa<clang::CXXNewExpr>(e)) return true;
  const auto* call = llvm::dyn_cast<clang::CallExpr>(e);
  const auto* f = call ? call->getDirectCallee() : nullptr;
  if (!f || !f->getIdentifier() || !f->getDeclContext()->getRedeclContext()->isTranslationUnit()) return false;
  llvm::StringRef n = f->getName();
  return n == "malloc" || n == "calloc" || n == "realloc" || n == "aligned_alloc" || n == "reallocarray";
}

const clang::VarDecl* var_of(const clang::Expr* e) {
  const auto* ref = e ? llvm::dyn_cast<clang::DeclRefExpr>(strip(e)) : nullptr;
  return ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
}

// Whether a function of this translation unit frees its parameter `index` (`free(p)`,
// `delete p`): `scratch_free(s)`.
bool frees_param(const clang::FunctionDecl* f, unsigned index) {
  const clang::FunctionDecl* def = nullptr;
  if (!f || !f->hasBody(def) || index >= def->getNumParams()) return false;
  struct Frees : clang::RecursiveASTVisitor<Frees> {
    const clang::ParmVarDecl* p;
    bool found = false;
    bool VisitCallExpr(clang::CallExpr* call) {
      found = found || (is_free_call(call) && var_of(call->getArg(0)) == p);
      return !found;
    }
    bool VisitCXXDeleteExpr(clang::CXXDeleteExpr* d) {
      found = found || var_of(d->getArgument()) == p;
      return !found;
    }
  } frees;
  frees.p = def->getParamDecl(index);
  frees.TraverseStmt(def->getBody());
  return frees.found;
}

// Standard owners whose memory dies with them: a local `std::vector`, `std::array`,
// `std::unique_ptr`, `std::string`.
bool is_owning_std(const clang::CXXRecordDecl* rd) {
  if (!rd || !rd->isInStdNamespace() || !rd->getIdentifier()) return false;
  llvm::StringRef n = rd->getName();
  return n == "vector" || n == "array" || n == "unique_ptr" || n == "basic_string";
}

class FunctionScan {
 public:
  FunctionScan(CheckContext& c, const clang::FunctionDecl* f) : c_(c), f_(f) {
    for (unsigned i = 0; i < f->getNumParams(); ++i) params_[f->getParamDecl(i)] = static_cast<int>(i);
    scan_owners(f->getBody());
  }

  // A name for memory that has none (a compound literal, alloca's block), as written.
  std::string shown(const clang::Expr* e) const {
    clang::SourceRange r = e->getSourceRange();
    // `alloca(n)` is glibc's macro around `__builtin_alloca`: show the macro's use.
    if (r.getBegin().isMacroID() || r.getEnd().isMacroID()) r = c_.sm.getExpansionRange(r).getAsRange();
    std::string t = c_.text(r);
    return t.size() > 48 ? t.substr(0, 45) + "..." : t;
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
      // A lambda kept in a local (`auto fn = [&] {...};`, a `std::function`) carries its captures.
      if (is_local(v) && v->getInit() && (is_closure(v->getType()) || is_closure(strip(v->getInit())->getType())))
        return value_of(v->getInit(), depth + 1);
      return {};
    }
    if (const auto* un = llvm::dyn_cast<clang::UnaryOperator>(e); un && un->getOpcode() == clang::UO_AddrOf) {
      Place where = memory_of(un->getSubExpr(), depth + 1);
      if (where.kind == "local") return {"stack", 0, where.var};
      return {};
    }
    if (const auto* op = llvm::dyn_cast<clang::BinaryOperator>(e); op && op->isAdditiveOp())
      return value_of(op->getLHS()->getType()->isPointerType() ? op->getLHS() : op->getRHS(), depth + 1);
    // `(Var *[]){a, b}` in a function: an unnamed array of this frame.
    if (const auto* lit = llvm::dyn_cast<clang::CompoundLiteralExpr>(e))
      return !lit->isFileScope() && lit->getType()->isArrayType() ? Place{"stack", 0, shown(lit)} : Place{};
    if (is_alloca(e)) return {"stack", 0, shown(e)};
    // An array that is a member of a local structure (`args.inputs`), or a row of a local 2-D
    // array, decays to a pointer into this frame.
    if (llvm::isa<clang::MemberExpr, clang::ArraySubscriptExpr>(e) && e->getType()->isArrayType()) {
      Place where = memory_of(e, depth + 1);
      return where.kind == "local" ? Place{"stack", 0, shown(e)} : Place{};
    }
    // `in.data()` of a local `std::array`.
    if (const auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(e)) {
      const auto* rd = member->getRecordDecl();
      const auto* m = member->getMethodDecl();
      if (rd && m && rd->isInStdNamespace() && rd->getIdentifier() && m->getIdentifier() && rd->getName() == "array" &&
          m->getName() == "data" &&
          member->getImplicitObjectArgument() && !member->getImplicitObjectArgument()->getType()->isPointerType() &&
          memory_of(member->getImplicitObjectArgument(), depth + 1).kind == "local")
        return {"stack", 0, shown(member->getImplicitObjectArgument())};
    }
    // A lambda that captures a variable of this frame by reference (`[&]`, `[&x]`, `[p = &x]`)
    // holds its address; a reference captured by reference refers to the referent instead.
    if (const auto* lambda = llvm::dyn_cast<clang::LambdaExpr>(e)) {
      for (const auto& capture : lambda->captures()) {
        if (!capture.capturesVariable()) continue;
        const auto* v = llvm::dyn_cast<clang::VarDecl>(capture.getCapturedVar());
        if (!v) continue;
        if (v->isInitCapture()) {
          if (!v->getInit()) continue;
          Place init = v->getType()->isReferenceType() ? memory_of(v->getInit(), depth + 1) : value_of(v->getInit(), depth + 1);
          if (init.kind == "local" || init.kind == "stack") return {"stack", 0, init.var};
          continue;
        }
        if (capture.getCaptureKind() == clang::LCK_ByRef && v->hasLocalStorage() && !v->getType()->isReferenceType())
          return {"stack", 0, v->getNameAsString()};
      }
      return {};
    }
    return {};
  }

  // Where the memory behind a pointer lives.
  Place pointee_of(const clang::Expr* e, int depth = 0) const {
    e = strip(e);
    if (!e || depth > 8) return {};
    if (llvm::isa<clang::CXXThisExpr>(e)) return {"param", -1, "this"};
    if (llvm::isa<clang::CXXNewExpr>(e)) return {"escapes", 0, ""};
    if (is_alloca(e)) return {"local", 0, shown(e)};
    if (const auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(e)) {
      // `v.data()`, `buf.get()` of a local vector, array, unique_ptr or string: memory it owns
      // and frees when the frame ends.
      const clang::Expr* object = member->getImplicitObjectArgument();
      if (object && !object->getType()->isPointerType() && is_owning_std(member->getRecordDecl()) &&
          memory_of(object, depth + 1).kind == "local")
        return {"local", 0, shown(object)};
    }
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
      if (v->getInit()) {
        Place init = pointee_of(v->getInit(), depth + 1);
        const clang::Expr* made = strip(v->getInit());
        if (init.kind == "escapes" && (llvm::isa<clang::CXXNewExpr>(made) || llvm::isa<clang::CallExpr>(made)))
          return heap_owner(v, is_allocation(made), depth + 1);
        return init;
      }
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
    if (const auto* lit = llvm::dyn_cast<clang::CompoundLiteralExpr>(e))
      return lit->isFileScope() ? Place{"escapes", 0, ""} : Place{"local", 0, shown(lit)};
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

  // Heap memory a local pointer was given (`Var ***slots = malloc(...)`) lives as long as its
  // owner: where the function stores a fresh block (`s->slots = slots`: the object of `s`; a
  // local structure: this frame), or this frame when the function frees it (`free(slots)`,
  // `delete[] slots`, a function of the file that frees its parameter). Returned, stored in a
  // global, or neither stored nor freed: it outlives the call.
  Place heap_owner(const clang::VarDecl* v, bool fresh, int depth) const {
    const Place heap{"escapes", 0, ""};
    auto owned = owners_.find(v);
    if (returned_.count(v) || depth > 8) return heap;
    if (owned != owners_.end()) {
      if (!fresh) return heap;
      Place widest{"local", 0, v->getNameAsString()};
      for (const clang::Expr* into : owned->second) {
        Place p = memory_of(into, depth + 1);
        if (p.kind == "escapes" || p.kind == "unknown") return heap;
        if (p.kind == "param") widest = p;
      }
      return widest;
    }
    return freed_.count(v) ? Place{"local", 0, v->getNameAsString()} : heap;
  }

  bool frees(const clang::FunctionDecl* f, unsigned index) {
    auto key = std::make_pair(f, index);
    auto it = frees_.find(key);
    return it != frees_.end() ? it->second : (frees_[key] = frees_param(f, index));
  }

  // Which local pointers the function frees, returns, or stores into memory.
  void scan_owners(const clang::Stmt* body) {
    struct Owners : clang::RecursiveASTVisitor<Owners> {
      FunctionScan& s;
      explicit Owners(FunctionScan& scan) : s(scan) {}
      bool TraverseLambdaExpr(clang::LambdaExpr*) { return true; }  // its own frame
      bool VisitCallExpr(clang::CallExpr* call) {
        if (is_free_call(call)) {
          if (const auto* v = var_of(call->getArg(0))) s.freed_.insert(v);
          return true;
        }
        for (unsigned i = 0; i < call->getNumArgs(); ++i)
          if (const auto* v = var_of(call->getArg(i)); v && v->getType()->isPointerType() && s.frees(call->getDirectCallee(), i))
            s.freed_.insert(v);
        return true;
      }
      bool VisitCXXDeleteExpr(clang::CXXDeleteExpr* d) {
        if (const auto* v = var_of(d->getArgument())) s.freed_.insert(v);
        return true;
      }
      bool VisitReturnStmt(clang::ReturnStmt* r) {
        if (const auto* v = var_of(r->getRetValue())) s.returned_.insert(v);
        return true;
      }
      bool VisitBinaryOperator(clang::BinaryOperator* op) {
        if (op->getOpcode() != clang::BO_Assign) return true;
        const auto* v = var_of(op->getRHS());
        if (!v || !is_local(v) || !v->getType()->isPointerType()) return true;
        // Into another local pointer: an alias, not an owner.
        if (const auto* to = var_of(op->getLHS()); to && to->hasLocalStorage() && !to->getType()->isReferenceType()) return true;
        s.owners_[v].push_back(op->getLHS());
        return true;
      }
    } owners(*this);
    if (body) owners.TraverseStmt(const_cast<clang::Stmt*>(body));
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
  std::set<const clang::VarDecl*> freed_, returned_;
  std::map<std::pair<const clang::FunctionDecl*, unsigned>, bool> frees_;
  std::map<const clang::VarDecl*, std::vector<const clang::Expr*>> owners_;
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
