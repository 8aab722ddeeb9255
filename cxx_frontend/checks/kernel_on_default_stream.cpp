// TL810: a kernel launched on the legacy default stream from a PyTorch op. PyTorch runs the op
// on the current stream (which may be a side stream); a launch without a stream argument, or
// with stream 0, races with or serialises against the caller's work.
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include "checks/check.h"

namespace torchlint::cxx {
namespace {

// Whether the launch's stream argument is absent or names the default stream.
bool on_default_stream(const clang::CUDAKernelCallExpr* call, bool& given) {
  const auto* config = call->getConfig();
  given = false;
  if (!config || config->getNumArgs() < 4) return true;
  const clang::Expr* stream = config->getArg(3);
  if (llvm::isa<clang::CXXDefaultArgExpr>(stream)) return true;
  given = true;
  stream = stream->IgnoreParenImpCasts();
  if (const auto* cast = llvm::dyn_cast<clang::ExplicitCastExpr>(stream)) stream = cast->getSubExpr()->IgnoreParenImpCasts();
  if (llvm::isa<clang::CXXNullPtrLiteralExpr, clang::GNUNullExpr>(stream)) return true;
  if (const auto* lit = llvm::dyn_cast<clang::IntegerLiteral>(stream)) return lit->getValue() == 0;
  return false;
}

class Visitor : public clang::RecursiveASTVisitor<Visitor> {
 public:
  Visitor(CheckContext& c, const std::string& rule) : c_(c), rule_(rule) {}
  bool VisitCUDAKernelCallExpr(clang::CUDAKernelCallExpr* call) {
    if (!c_.in_main_file(call->getBeginLoc())) return true;
    bool given = false;
    if (!on_default_stream(call, given)) return true;
    std::string launch = c_.text(call->getSourceRange());
    size_t open = launch.find("<<<"), close = launch.find(">>>");
    std::vector<Edit> fix;
    unsigned begin = c_.range(call->getSourceRange()).first;
    if (open != std::string::npos && close != std::string::npos && close > open) {
      std::string config = launch.substr(open + 3, close - open - 3);
      int commas = 0, depth = 0;
      size_t last_comma = std::string::npos;
      for (size_t i = 0; i < config.size(); ++i) {
        char ch = config[i];
        if (ch == '(' || ch == '{' || ch == '[' || ch == '<') ++depth;
        else if (ch == ')' || ch == '}' || ch == ']' || ch == '>') --depth;
        else if (ch == ',' && depth == 0) ++commas, last_comma = i;
      }
      const std::string stream = "at::cuda::getCurrentCUDAStream()";
      unsigned at = begin + static_cast<unsigned>(open + 3);
      if (commas == 1) fix.push_back({at + static_cast<unsigned>(config.size()), at + static_cast<unsigned>(config.size()), ", 0, " + stream});
      else if (commas == 2) fix.push_back({at + static_cast<unsigned>(config.size()), at + static_cast<unsigned>(config.size()), ", " + stream});
      else if (commas == 3 && given) {
        size_t b = last_comma + 1;
        while (b < config.size() && config[b] == ' ') ++b;
        size_t e = config.size();
        while (e > b && config[e - 1] == ' ') --e;
        fix.push_back({at + static_cast<unsigned>(b), at + static_cast<unsigned>(e), stream});
      }
    }
    c_.report(rule_, call->getSourceRange(), {{"KERNEL", kernel_name(c_, call)}}, fix);
    return true;
  }

 private:
  CheckContext& c_;
  const std::string& rule_;
};

}  // namespace

void check_kernel_on_default_stream(CheckContext& c, const std::string& rule) {
  if (!c.includes_torch) return;  // a plain CUDA program owns its streams
  Visitor(c, rule).TraverseDecl(c.ast.getTranslationUnitDecl());
}

}  // namespace torchlint::cxx
