// TL813: an op that hands a kernel the raw pointer of a tensor argument it never checks for
// contiguity (`TORCH_CHECK(x.is_contiguous())`) nor makes contiguous (`x.contiguous()`): a
// transposed or sliced input is then read as if it were dense. Facts only; the finding is made
// on registered ops by the driver (analyzer/cxx/guard_join.cpp), which knows the registrations
// of every file.
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <set>

#include "checks/per_function.h"

namespace torchlint::cxx {
namespace {

const clang::ParmVarDecl* tensor_param(const clang::Expr* e) {
  const auto* ref = e ? llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts()) : nullptr;
  const auto* p = ref ? llvm::dyn_cast<clang::ParmVarDecl>(ref->getDecl()) : nullptr;
  return p && is_tensor_type(p->getType()) ? p : nullptr;
}

class Visitor : public PerFunctionVisitor<Visitor> {
 public:
  using PerFunctionVisitor::PerFunctionVisitor;
  void enter(const clang::FunctionDecl*) {
    checked_.clear();
    first_.clear();
  }
  void leave(const clang::FunctionDecl* f) {
    for (const auto& [p, call] : first_) {
      if (checked_.count(p)) continue;
      auto [b, e] = c_.range(call->getSourceRange());
      c_.out.raw_pointers.push_back({fact_name(c_.sm, f), p->getNameAsString(), b, e});
    }
  }
  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr* call) {
    if (!function_) return true;
    const auto* m = call->getMethodDecl();
    const auto* p = tensor_param(call->getImplicitObjectArgument());
    if (!m || !p) return true;
    std::string n = m->getNameAsString();
    if (n == "is_contiguous" || n == "contiguous" || n == "expect_contiguous") checked_.insert(p);
    else if ((n == "data_ptr" || n == "const_data_ptr" || n == "mutable_data_ptr" || n == "data") && !first_.count(p))
      first_[p] = call;
    return true;
  }

 private:
  std::set<const clang::ParmVarDecl*> checked_;
  std::map<const clang::ParmVarDecl*, const clang::CXXMemberCallExpr*> first_;
};
}  // namespace

void check_data_ptr_contiguity(CheckContext& c, const std::string&) {
  collect_registrations(c);
  Visitor(c).TraverseDecl(c.ast.getTranslationUnitDecl());
}

}  // namespace torchlint::cxx
