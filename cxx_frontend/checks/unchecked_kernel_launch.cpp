// TL811: a kernel launch whose launch error is never read. A bad configuration (too many
// threads, too much shared memory) fails silently and the op returns garbage; PyTorch's own
// kernels follow every launch with C10_CUDA_KERNEL_LAUNCH_CHECK().
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <set>

#include "checks/check.h"

namespace torchlint::cxx {
namespace {

bool is_error_read(const clang::FunctionDecl* f) {
  if (!f) return false;
  std::string n = f->getNameAsString();
  return n == "cudaGetLastError" || n == "cudaPeekAtLastError" || n == "c10_cuda_check_implementation";
}

// Functions of this file that read the launch error, directly or through each other.
std::set<const clang::FunctionDecl*> error_readers(clang::ASTContext& ast) {
  std::map<const clang::FunctionDecl*, std::set<const clang::FunctionDecl*>> callees;
  struct Collect : clang::RecursiveASTVisitor<Collect> {
    std::map<const clang::FunctionDecl*, std::set<const clang::FunctionDecl*>>& out;
    const clang::FunctionDecl* current = nullptr;
    explicit Collect(decltype(out) o) : out(o) {}
    bool TraverseFunctionDecl(clang::FunctionDecl* f) {
      auto* saved = current;
      if (f->doesThisDeclarationHaveABody()) current = f->getCanonicalDecl();
      clang::RecursiveASTVisitor<Collect>::TraverseFunctionDecl(f);
      current = saved;
      return true;
    }
    bool VisitCallExpr(clang::CallExpr* call) {
      if (current && call->getDirectCallee()) out[current].insert(call->getDirectCallee()->getCanonicalDecl());
      return true;
    }
  } collect(callees);
  collect.TraverseDecl(ast.getTranslationUnitDecl());
  std::set<const clang::FunctionDecl*> readers;
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto& [f, cs] : callees) {
      if (readers.count(f)) continue;
      for (const auto* c : cs)
        if (is_error_read(c) || readers.count(c)) {
          readers.insert(f);
          changed = true;
          break;
        }
    }
  }
  return readers;
}

}  // namespace

void check_unchecked_kernel_launch(CheckContext& c, const std::string& rule) {
  std::set<const clang::FunctionDecl*> readers = error_readers(c.ast);
  struct Launches : clang::RecursiveASTVisitor<Launches> {
    std::vector<const clang::CUDAKernelCallExpr*> launches;
    std::vector<const clang::CallExpr*> calls;
    bool VisitCUDAKernelCallExpr(clang::CUDAKernelCallExpr* e) {
      launches.push_back(e);
      return true;
    }
    bool VisitCallExpr(clang::CallExpr* e) {
      if (!llvm::isa<clang::CUDAKernelCallExpr>(e)) calls.push_back(e);
      return true;
    }
  } all;
  all.TraverseDecl(c.ast.getTranslationUnitDecl());
  // Whether the launch error is read after `offset` in the function `op`.
  auto read_after = [&](const clang::FunctionDecl* op, unsigned offset) {
    for (const auto* call : all.calls) {
      const auto* f = call->getDirectCallee();
      if (!f || !(is_error_read(f) || readers.count(f->getCanonicalDecl()))) continue;
      if (!c.in_main_file(call->getBeginLoc()) || c.offset(call->getBeginLoc()) < offset) continue;
      if (outermost_function(c.ast, call) == op) return true;
    }
    return false;
  };
  // A launch in a helper that is not itself an op is the op's to check: it is unchecked only if
  // an op of this file calls the helper and reads no error after the call. A helper called only
  // through templates or function pointers (a dispatch table) cannot be judged: not reported.
  auto unchecked_by_callers = [&](const clang::FunctionDecl* helper) {
    const clang::FunctionDecl* pattern = helper->getCanonicalDecl();
    for (const auto* call : all.calls) {
      const auto* f = call->getDirectCallee();
      if (!f || !c.in_main_file(call->getBeginLoc())) continue;
      const clang::FunctionDecl* target = f;
      if (const auto* t = f->getPrimaryTemplate()) target = t->getTemplatedDecl();
      else if (const auto* m = f->getInstantiatedFromMemberFunction()) target = m;
      if (target->getCanonicalDecl() != pattern) continue;
      const clang::FunctionDecl* caller = outermost_function(c.ast, call);
      if (caller && is_tensor_op(caller) && !read_after(caller, c.range(call->getSourceRange()).second)) return true;
    }
    return false;
  };
  std::set<unsigned> reported;
  for (const auto* launch : all.launches) {
    if (!c.in_main_file(launch->getBeginLoc())) continue;
    const clang::FunctionDecl* op = outermost_function(c.ast, launch);
    if (!op) continue;
    unsigned after = c.range(launch->getSourceRange()).second;
    if (read_after(op, after)) continue;
    // An op of a PyTorch extension, or any function of a plain CUDA program.
    bool judged_here = is_tensor_op(op) || op->isMain() || !c.includes_torch;
    if (!judged_here && !unchecked_by_callers(op)) continue;
    if (!reported.insert(c.range(launch->getSourceRange()).first).second) continue;  // one macro, several expansions
    std::vector<Edit> fix;
    llvm::StringRef buf = c.sm.getBufferData(c.sm.getMainFileID());
    size_t semi = buf.find(';', after);
    if (c.includes_torch && semi != llvm::StringRef::npos && buf.substr(after, semi - after).trim().empty()) {
      // On a line of its own after the launch's line (its comment stays with the launch).
      size_t line_start = buf.rfind('\n', c.range(launch->getSourceRange()).first);
      line_start = line_start == llvm::StringRef::npos ? 0 : line_start + 1;
      size_t indent_end = buf.find_first_not_of(" \t", line_start);
      std::string indent = buf.substr(line_start, indent_end - line_start).str();
      size_t line_end = buf.find('\n', semi);
      unsigned at = static_cast<unsigned>(line_end == llvm::StringRef::npos ? buf.size() : line_end);
      fix.push_back({at, at, "\n" + indent + "C10_CUDA_KERNEL_LAUNCH_CHECK();"});
    }
    c.report(rule, launch->getSourceRange(), {{"KERNEL", kernel_name(c, launch)}}, fix);
  }
}

}  // namespace torchlint::cxx
