// TL816: a tensor's element count, or a kernel's thread index over it, held in a 32-bit integer.
// Tensors past 2^31 elements (an 8 GB float tensor) overflow it: wrong sizes, negative indices,
// out-of-bounds writes.
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <set>

#include "checks/check.h"

namespace torchlint::cxx {
namespace {

bool is_32bit_int(clang::ASTContext& ast, clang::QualType t) {
  t = t.getCanonicalType();
  return t->isIntegerType() && !t->isBooleanType() && ast.getTypeSize(t) == 32;
}
bool is_64bit_int(clang::ASTContext& ast, clang::QualType t) {
  t = t.getCanonicalType();
  return t->isIntegerType() && ast.getTypeSize(t) == 64;
}

// `x.numel()` (or a product with it) on a tensor, the value an implicit conversion narrows.
const clang::CXXMemberCallExpr* numel_in(const clang::Expr* e, int depth = 0) {
  if (!e || depth > 6) return nullptr;
  e = e->IgnoreParenImpCasts();
  if (const auto* call = llvm::dyn_cast<clang::CXXMemberCallExpr>(e)) {
    const auto* m = call->getMethodDecl();
    if (m && m->getNameAsString() == "numel" && is_tensor_type(call->getObjectType())) return call;
    return nullptr;
  }
  if (const auto* op = llvm::dyn_cast<clang::BinaryOperator>(e); op && op->isMultiplicativeOp()) {
    if (const auto* found = numel_in(op->getLHS(), depth + 1)) return found;
    return numel_in(op->getRHS(), depth + 1);
  }
  return nullptr;
}

// Whether the function checks that the count fits (`TORCH_CHECK(x.numel() <= INT_MAX)`,
// `canUse32BitIndexMath(x)`, `std::numeric_limits<int>::max()`): then narrowing is deliberate.
bool checks_range(CheckContext& c, const clang::FunctionDecl* f) {
  if (!f || !f->getBody()) return false;
  const std::string text = c.text(f->getBody()->getSourceRange());
  llvm::StringRef body(text);
  return body.contains("INT_MAX") || body.contains("INT32_MAX") || body.contains("numeric_limits<int") ||
         body.contains("canUse32BitIndexMath") || body.contains("std::numeric_limits<int32_t>");
}

class Visitor : public clang::RecursiveASTVisitor<Visitor> {
 public:
  Visitor(CheckContext& c, const std::string& rule) : c_(c), rule_(rule) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  // Host side: `int n = x.numel();`, `n = x.numel();`, an int parameter given `x.numel()`.
  bool VisitImplicitCastExpr(clang::ImplicitCastExpr* cast) {
    if (collecting_launches) return true;
    if (cast->getCastKind() != clang::CK_IntegralCast || !c_.in_main_file(cast->getBeginLoc())) return true;
    if (!is_32bit_int(c_.ast, cast->getType()) || !is_64bit_int(c_.ast, cast->getSubExpr()->getType())) return true;
    const auto* numel = numel_in(cast->getSubExpr());
    if (!numel) return true;
    const clang::FunctionDecl* f = outermost_function(c_.ast, cast);
    if (checks_range(c_, f)) return true;
    c_.report(rule_, cast->getSourceRange(), {{"EXPR", c_.text(numel->getSourceRange())}, {"TYPE", cast->getType().getAsString()}});
    return true;
  }

  // Kernel parameters that some launch in this file fills with a tensor's element count.
  std::set<const clang::ParmVarDecl*> count_params;
  bool collecting_launches = false;
  bool VisitCUDAKernelCallExpr(clang::CUDAKernelCallExpr* launch) {
    const auto* kernel = launch->getDirectCallee();
    if (!collecting_launches || !kernel) return true;
    if (const auto* t = kernel->getPrimaryTemplate()) kernel = t->getTemplatedDecl();
    for (unsigned i = 0; i < launch->getNumArgs() && i < kernel->getNumParams(); ++i)
      if (numel_in(launch->getArg(i))) count_params.insert(kernel->getParamDecl(i));
    return true;
  }
  // A bound that counts elements: a product (P * D), or a parameter given `numel()`. A single
  // dimension (channels, a feature size) stays far below 2^31.
  bool is_element_count(const clang::Expr* bound) const {
    const clang::Expr* e = bound->IgnoreParenImpCasts();
    if (const auto* op = llvm::dyn_cast<clang::BinaryOperator>(e); op && op->getOpcode() == clang::BO_Mul) return true;
    if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e))
      if (const auto* p = llvm::dyn_cast<clang::ParmVarDecl>(ref->getDecl())) return count_params.count(p) > 0;
    return false;
  }

  // Device side: a 32-bit thread index (from blockIdx/threadIdx, directly or through another
  // index variable) compared with a 64-bit count: past 2^31 elements it wraps. An index that only
  // starts a wider loop variable, or is compared with 32-bit bounds (a channel count), is fine.
  bool VisitFunctionDecl(clang::FunctionDecl* f) {
    if (collecting_launches) return true;
    if (!f->hasAttr<clang::CUDAGlobalAttr>() || !f->doesThisDeclarationHaveABody() || !c_.in_main_file(f->getLocation())) return true;
    struct Scan : clang::RecursiveASTVisitor<Scan> {
      Visitor& v;
      std::set<const clang::VarDecl*> thread_index;  // any width: where an index comes from
      std::set<const clang::VarDecl*> reported;
      explicit Scan(Visitor& vv) : v(vv) {}
      bool derives_from_thread_index(const clang::Expr* e) {
        const std::string text = v.c_.text(e->getSourceRange());
        if (llvm::StringRef(text).contains("blockIdx") || llvm::StringRef(text).contains("threadIdx")) return true;
        if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts()))
          return thread_index.count(llvm::dyn_cast<clang::VarDecl>(ref->getDecl())) > 0;
        return false;
      }
      bool VisitVarDecl(clang::VarDecl* d) {
        if (d->getInit() && derives_from_thread_index(d->getInit())) thread_index.insert(d);
        return true;
      }
      bool VisitBinaryOperator(clang::BinaryOperator* op) {
        if (!op->isRelationalOp()) return true;
        for (auto [index_side, bound] : {std::pair{op->getLHS(), op->getRHS()}, std::pair{op->getRHS(), op->getLHS()}}) {
          const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(index_side->IgnoreParenImpCasts());
          const auto* var = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
          if (!var || !thread_index.count(var) || !is_32bit_int(v.c_.ast, var->getType())) continue;
          if (!is_64bit_int(v.c_.ast, bound->IgnoreParenImpCasts()->getType()) || !v.is_element_count(bound)) continue;
          if (!reported.insert(var).second) continue;
          v.c_.report(v.rule_, var->getSourceRange(),
                      {{"EXPR", var->getNameAsString()}, {"TYPE", var->getType().getAsString()}});
        }
        return true;
      }
    } scan(*this);
    scan.TraverseStmt(f->getBody());
    return true;
  }

 private:
  CheckContext& c_;
  const std::string& rule_;
};

}  // namespace

void check_int32_numel(CheckContext& c, const std::string& rule) {
  Visitor v(c, rule);
  v.collecting_launches = true;  // first which kernel parameters receive element counts
  v.TraverseDecl(c.ast.getTranslationUnitDecl());
  v.collecting_launches = false;
  v.TraverseDecl(c.ast.getTranslationUnitDecl());
}

}  // namespace torchlint::cxx
