// TL812: an op registered with Python or the dispatcher (pybind11 `m.def`, `TORCH_LIBRARY` /
// `TORCH_LIBRARY_IMPL` `def`/`impl`, `torch::RegisterOperators().op(...)`) that
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

// The device guards of c10 and ATen (spelled `at::cuda::...`, `at::...` through aliases): the
// CUDA ones, the device-generic ones, the stream guards (they set the device too), their
// `Inline...` templates and HIP's, whatever holds one (`std::optional<CUDAGuard>`, a
// `unique_ptr` to one).
bool is_guard_record(llvm::StringRef n) {
  if (!(n.starts_with("c10::") || n.starts_with("at::"))) return false;
  llvm::StringRef last = n.substr(n.rfind("::") + 2);
  return last.ends_with("CUDAGuard") || last.ends_with("DeviceGuard") || last.ends_with("StreamGuard") ||
         last.ends_with("HIPGuard") || last.ends_with("MasqueradingAsCUDA");
}

bool is_guard_type(clang::QualType t, int depth = 0) {
  const auto* rd = t.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  if (!rd || depth > 2) return false;
  if (is_guard_record(rd->getQualifiedNameAsString())) return true;
  if (const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(rd))
    for (const auto& arg : spec->getTemplateArgs().asArray())
      if (arg.getKind() == clang::TemplateArgument::Type && is_guard_type(arg.getAsType(), depth + 1)) return true;
  return false;
}

// `cudaSetDevice`, c10's `set_device`/`SetDevice`/`MaybeSetDevice`/`ExchangeDevice`/
// `MaybeExchangeDevice` (and HIP's): the op picks its device itself.
bool sets_device(const clang::FunctionDecl* f) {
  std::string n = f->getQualifiedNameAsString();
  if (n == "cudaSetDevice" || n == "hipSetDevice") return true;
  for (const char* ns : {"c10::cuda::", "at::cuda::", "c10::hip::", "at::hip::"})
    if (llvm::StringRef(n).starts_with(ns)) {
      llvm::StringRef last = llvm::StringRef(n).substr(std::string_view(ns).size());
      return last == "set_device" || last == "SetDevice" || last == "MaybeSetDevice" || last == "ExchangeDevice" ||
             last == "MaybeExchangeDevice";
    }
  return false;
}

// A call that registers an op: pybind11 `m.def`, `torch::Library` `def`/`impl` (TORCH_LIBRARY,
// TORCH_LIBRARY_IMPL), `c10::RegisterOperators` (also `torch::RegisterOperators`) `op`, and the
// kernel setters of its options (`options().kernel<decltype(f), &f>(key)`, `catchAllKernel(&f)`).
bool is_registration(const clang::FunctionDecl* f) {
  const auto* m = llvm::dyn_cast<clang::CXXMethodDecl>(f);
  if (!m) return false;
  std::string cls = m->getParent()->getQualifiedNameAsString(), n = m->getNameAsString();
  if ((cls == "pybind11::module_" || cls == "pybind11::module" || cls == "torch::Library") && (n == "def" || n == "impl"))
    return true;
  if (cls == "c10::RegisterOperators") return n == "op" || llvm::isa<clang::CXXConstructorDecl>(m);
  return cls == "c10::RegisterOperators::Options" && (n == "kernel" || n == "catchAllKernel");
}

// The function a template argument names (`&f` of `kernel<decltype(f), &f>`, `TORCH_FN(f)`), or
// the call operator of a functor class it names (`kernel<MyKernel>(key)`).
const clang::FunctionDecl* function_of(const clang::TemplateArgument& arg) {
  if (arg.getKind() == clang::TemplateArgument::Declaration) return llvm::dyn_cast<clang::FunctionDecl>(arg.getAsDecl());
  if (arg.getKind() == clang::TemplateArgument::Type)
    if (const auto* rd = arg.getAsType()->getAsCXXRecordDecl(); rd && rd->hasDefinition() && !rd->isLambda())
      if (derives_from(rd, [](llvm::StringRef b) { return b == "c10::OperatorKernel"; }))
        for (const auto* m : rd->getDefinition()->methods())
          if (m->getOverloadedOperator() == clang::OO_Call && m->hasBody()) return m;
  return nullptr;
}

const clang::FunctionDecl* function_in_type(clang::QualType t) {
  const auto* rd = t.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  if (const auto* spec = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(rd))
    for (const auto& arg : spec->getTemplateArgs().asArray())
      if (arg.getKind() == clang::TemplateArgument::Declaration)
        if (const auto* f = function_of(arg)) return f;
  return nullptr;
}

// The function an argument of a registration names: `f`, `&f`, `TORCH_FN(f)`,
// `torch::dispatch(key, &f)`, `torch::CppFunction(&f)`.
const clang::FunctionDecl* function_named_by(const clang::Expr* e, int depth = 0) {
  if (!e || depth > 8) return nullptr;
  e = e->IgnoreParenImpCasts();
  if (const auto* tmp = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(e)) return function_named_by(tmp->getSubExpr(), depth + 1);
  if (const auto* bind = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(e)) return function_named_by(bind->getSubExpr(), depth + 1);
  if (const auto* cast = llvm::dyn_cast<clang::ExplicitCastExpr>(e)) return function_named_by(cast->getSubExpr(), depth + 1);
  if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) return llvm::dyn_cast<clang::FunctionDecl>(ref->getDecl());
  if (const auto* un = llvm::dyn_cast<clang::UnaryOperator>(e); un && un->getOpcode() == clang::UO_AddrOf)
    return function_named_by(un->getSubExpr(), depth + 1);
  if (const auto* f = function_in_type(e->getType())) return f;  // TORCH_FN(f): a type that names f
  if (const auto* call = llvm::dyn_cast<clang::CallExpr>(e)) {     // torch::dispatch(key, &f)
    for (const auto* arg : call->arguments())
      if (const auto* f = function_named_by(arg, depth + 1)) return f;
    return nullptr;
  }
  if (const auto* construct = llvm::dyn_cast<clang::CXXConstructExpr>(e))  // CppFunction(&f)
    for (const auto* arg : construct->arguments())
      if (const auto* f = function_named_by(arg, depth + 1)) return f;
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
    // Only where the file has errors: a guard that parsed is judged by its declaration (an
    // unnamed temporary `at::cuda::CUDAGuard(x.device());` guards nothing).
    if (!fact_.guards && c_.out.errors > 0 && f->getBody()) {
      const std::string text = c_.text(f->getBody()->getSourceRange());
      llvm::StringRef body(text);
      fact_.guards = body.contains("CUDAGuard") || body.contains("DeviceGuard") || body.contains("StreamGuard") ||
                     body.contains("HIPGuard") || body.contains("SetDevice") || body.contains("set_device") ||
                     body.contains("ExchangeDevice");
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
    void add(const clang::FunctionDecl* target, clang::SourceRange where) {
      auto [b, e] = c.range(where);
      c.out.registrations.push_back({fact_name(c.sm, target), b, e});
    }
    void registration(const clang::FunctionDecl* f, llvm::ArrayRef<const clang::Expr*> args, clang::SourceRange where) {
      if (!f || !is_registration(f) || !c.in_main_file(where.getBegin())) return;
      for (const auto* arg : args)
        if (const auto* target = function_named_by(arg)) add(target, arg->getSourceRange());
      // `kernel<decltype(f), &f>(key)`, `catchAllKernel<MyKernel>()`: named by a template argument.
      if (const auto* targs = f->getTemplateSpecializationArgs())
        for (const auto& arg : targs->asArray())
          if (const auto* target = function_of(arg)) add(target, where);
    }
    bool VisitCallExpr(clang::CallExpr* call) {
      registration(call->getDirectCallee(), llvm::ArrayRef(call->getArgs(), call->getNumArgs()), call->getSourceRange());
      return true;
    }
    // `torch::RegisterOperators("ns::op", &f)`.
    bool VisitCXXConstructExpr(clang::CXXConstructExpr* construct) {
      registration(construct->getConstructor(), llvm::ArrayRef(construct->getArgs(), construct->getNumArgs()),
                   construct->getSourceRange());
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
