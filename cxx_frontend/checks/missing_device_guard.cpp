// TL812: an op registered with Python (pybind11 `m.def`, `TORCH_LIBRARY` `def`/`impl`) that
// reaches a kernel launch, through any chain of calls in any file, with no CUDA device guard on
// the way. This check only writes facts; torchlint joins them across the project's files
// (analyzer/cxx/guard_join.cpp), because the binding and the launch are usually in two files.
#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <algorithm>
#include <set>

#include "checks/per_function.h"

namespace torchlint::cxx {
namespace {

bool is_guard_type(clang::QualType t) {
  const auto* rd = t.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  if (!rd) return false;
  std::string n = rd->getQualifiedNameAsString();
  return n == "c10::cuda::CUDAGuard" || n == "c10::cuda::OptionalCUDAGuard" || n == "c10::DeviceGuard" ||
         n == "c10::OptionalDeviceGuard" || n == "c10::cuda::CUDAStreamGuard" || n == "c10::cuda::OptionalCUDAStreamGuard";
}

bool sets_device(const clang::FunctionDecl* f) {
  std::string n = f->getQualifiedNameAsString();
  return n == "cudaSetDevice" || n == "c10::cuda::set_device" || n == "at::cuda::set_device" || n == "c10::cuda::SetDevice";
}

bool is_registration(const clang::FunctionDecl* f) {
  const auto* m = llvm::dyn_cast<clang::CXXMethodDecl>(f);
  if (!m) return false;
  std::string cls = m->getParent()->getQualifiedNameAsString(), n = m->getNameAsString();
  return (cls == "pybind11::module_" || cls == "pybind11::module" || cls == "torch::Library") && (n == "def" || n == "impl");
}

const clang::FunctionDecl* function_named_by(const clang::Expr* e) {
  for (int i = 0; e && i < 8; ++i) {
    e = e->IgnoreParenImpCasts();
    if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) return llvm::dyn_cast<clang::FunctionDecl>(ref->getDecl());
    if (const auto* un = llvm::dyn_cast<clang::UnaryOperator>(e); un && un->getOpcode() == clang::UO_AddrOf) {
      e = un->getSubExpr();
      continue;
    }
    if (const auto* call = llvm::dyn_cast<clang::CallExpr>(e); call && call->getNumArgs() == 1) {  // TORCH_FN(f)
      e = call->getArg(0);
      continue;
    }
    break;
  }
  return nullptr;
}

class Visitor : public PerFunctionVisitor<Visitor> {
 public:
  using PerFunctionVisitor::PerFunctionVisitor;
  void enter(const clang::FunctionDecl* f) {
    fact_ = DeviceFact{};
    fact_.name = fact_name(c_.sm, f);
    auto [b, e] = c_.range(f->getLocation());
    fact_.start = b;
    fact_.end = e;
    current_ = &fact_;
  }
  void leave(const clang::FunctionDecl* f) {
    current_ = nullptr;
    // A guard whose header is missing may leave no declaration at all: its spelling in the body
    // still says what it is (this only ever removes findings).
    if (!fact_.guards && f->getBody()) {
      const std::string text = c_.text(f->getBody()->getSourceRange());
      llvm::StringRef body(text);
      fact_.guards = body.contains("CUDAGuard") || body.contains("DeviceGuard") || body.contains("cudaSetDevice");
    }
    std::sort(fact_.callees.begin(), fact_.callees.end());
    fact_.callees.erase(std::unique(fact_.callees.begin(), fact_.callees.end()), fact_.callees.end());
    if (fact_.launches || fact_.guards || !fact_.callees.empty()) c_.out.devices.push_back(std::move(fact_));
  }
  bool VisitCUDAKernelCallExpr(clang::CUDAKernelCallExpr*) {
    if (current_) current_->launches = true;
    return true;
  }
  bool VisitVarDecl(clang::VarDecl* v) {
    if (current_ && is_guard_type(v->getType())) current_->guards = true;
    return true;
  }
  bool VisitCallExpr(clang::CallExpr* call) {
    const auto* f = call->getDirectCallee();
    // A call inside a template or generic lambda (a dispatch macro's body) names its callee
    // without resolving it: the first candidate stands for it.
    if (!f && current_)
      if (const auto* ule = llvm::dyn_cast<clang::UnresolvedLookupExpr>(call->getCallee()->IgnoreParenImpCasts()))
        for (const auto* d : ule->decls()) {
          const auto* candidate = llvm::dyn_cast<clang::FunctionDecl>(d->getUnderlyingDecl());
          if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d->getUnderlyingDecl())) candidate = t->getTemplatedDecl();
          if (candidate) {
            current_->callees.push_back(fact_name(c_.sm, candidate));
            break;
          }
        }
    if (!f) return true;
    if (!current_ || llvm::isa<clang::CUDAKernelCallExpr>(call)) return true;
    if (f->getNameAsString() == "cudaLaunchKernel") current_->launches = true;
    else if (sets_device(f)) current_->guards = true;
    else if (!f->isInStdNamespace()) {
      const clang::FunctionDecl* target = f;
      if (const auto* t = f->getPrimaryTemplate()) target = t->getTemplatedDecl();
      current_->callees.push_back(fact_name(c_.sm, target));
    }
    return true;
  }

 private:
  DeviceFact fact_;
  DeviceFact* current_ = nullptr;
};

}  // namespace

void collect_registrations(CheckContext& c) {
  if (c.out.registrations_collected) return;
  c.out.registrations_collected = true;
  struct Calls : clang::RecursiveASTVisitor<Calls> {
    CheckContext& c;
    explicit Calls(CheckContext& cc) : c(cc) {}
    bool VisitCallExpr(clang::CallExpr* call) {
      const auto* f = call->getDirectCallee();
      if (!f || !is_registration(f) || !c.in_main_file(call->getBeginLoc())) return true;
      for (const auto* arg : call->arguments())
        if (const auto* target = function_named_by(arg)) {
          auto [b, e] = c.range(arg->getSourceRange());
          c.out.registrations.push_back({fact_name(c.sm, target), b, e});
        }
      return true;
    }
  } calls(c);
  calls.TraverseDecl(c.ast.getTranslationUnitDecl());
}

void check_missing_device_guard(CheckContext& c, const std::string&) {
  collect_registrations(c);
  Visitor(c).TraverseDecl(c.ast.getTranslationUnitDecl());
}

}  // namespace torchlint::cxx
