// A visitor that works function by function: Derived::enter(f) and Derived::leave(f) run around
// each function defined in the checked file. Lambdas (AT_DISPATCH bodies) and local classes stay
// part of the function that writes them; other files' functions are summarised when those files
// are checked.
#pragma once
#include <clang/AST/RecursiveASTVisitor.h>

#include "checks/check.h"

namespace torchlint::cxx {

template <typename Derived>
class PerFunctionVisitor : public clang::RecursiveASTVisitor<Derived> {
  using Base = clang::RecursiveASTVisitor<Derived>;

 public:
  explicit PerFunctionVisitor(CheckContext& c) : c_(c) {}
  bool TraverseFunctionDecl(clang::FunctionDecl* f) { return around(f, [&] { return Base::TraverseFunctionDecl(f); }); }
  bool TraverseCXXMethodDecl(clang::CXXMethodDecl* f) { return around(f, [&] { return Base::TraverseCXXMethodDecl(f); }); }
  bool TraverseCXXConstructorDecl(clang::CXXConstructorDecl* f) {
    return around(f, [&] { return Base::TraverseCXXConstructorDecl(f); });
  }

 protected:
  CheckContext& c_;
  const clang::FunctionDecl* function_ = nullptr;  // the one being visited, or nullptr

 private:
  template <typename F>
  bool around(clang::FunctionDecl* f, F&& base) {
    if (function_ || !f->doesThisDeclarationHaveABody() || !c_.in_main_file(f->getLocation())) return base();
    function_ = f;
    static_cast<Derived*>(this)->enter(f);
    bool ok = base();
    static_cast<Derived*>(this)->leave(f);
    function_ = nullptr;
    return ok;
  }
};

}  // namespace torchlint::cxx
