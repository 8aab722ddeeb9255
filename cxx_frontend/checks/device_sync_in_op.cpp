// TL814: a whole-device (or whole-stream) synchronisation inside a PyTorch op. The op blocks the
// host until all queued GPU work is done, every time it is called; PyTorch's stream semantics
// already order the op's kernels with what follows.
#include <clang/AST/RecursiveASTVisitor.h>

#include "checks/check.h"

namespace torchlint::cxx {

void check_device_sync_in_op(CheckContext& c, const std::string& rule) {
  struct Visitor : clang::RecursiveASTVisitor<Visitor> {
    CheckContext& c;
    const std::string& rule;
    Visitor(CheckContext& cc, const std::string& r) : c(cc), rule(r) {}
    bool VisitCallExpr(clang::CallExpr* call) {
      const auto* f = call->getDirectCallee();
      if (!f || !c.in_main_file(call->getBeginLoc())) return true;
      std::string name = f->getNameAsString();
      if (name != "cudaDeviceSynchronize" && name != "cudaStreamSynchronize") return true;
      const clang::FunctionDecl* op = outermost_function(c.ast, call);
      if (!is_tensor_op(op) || is_main_function(op)) return true;
      c.report(rule, call->getSourceRange(), {{"CALL", name}, {"OP", op->getNameAsString()}});
      return true;
    }
  } v(c, rule);
  v.TraverseDecl(c.ast.getTranslationUnitDecl());
}

}  // namespace torchlint::cxx
