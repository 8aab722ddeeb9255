#include "checks/check.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/StmtCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/Lex/Lexer.h>

namespace torchlint::cxx {

bool CheckContext::in_main_file(clang::SourceLocation loc) const {
  return loc.isValid() && sm.isWrittenInMainFile(sm.getExpansionLoc(loc));
}

// Code written as a macro argument (the lambda of AT_DISPATCH_*) is reported where it is written;
// code from a macro's body, at the macro's use.
unsigned CheckContext::offset(clang::SourceLocation loc) const { return sm.getFileOffset(sm.getFileLoc(loc)); }

std::pair<unsigned, unsigned> CheckContext::range(clang::SourceRange r) const {
  clang::SourceLocation begin = sm.getFileLoc(r.getBegin()), last = sm.getFileLoc(r.getEnd());
  if (sm.getFileID(begin) != sm.getFileID(last) || sm.isBeforeInTranslationUnit(last, begin)) {
    clang::SourceRange whole = sm.getExpansionRange(r).getAsRange();
    begin = whole.getBegin();
    last = whole.getEnd();
  }
  clang::SourceLocation end = clang::Lexer::getLocForEndOfToken(last, 0, sm, ast.getLangOpts());
  unsigned b = offset(begin);
  unsigned e = end.isValid() ? sm.getFileOffset(end) : b;
  return {b, std::max(b, e)};
}

std::string CheckContext::text(clang::SourceRange r) const {
  auto [b, e] = range(r);
  llvm::StringRef buf = sm.getBufferData(sm.getMainFileID());
  return e <= buf.size() ? buf.substr(b, e - b).str() : std::string();
}

void CheckContext::report(const std::string& rule, clang::SourceRange where, std::map<std::string, std::string> args,
                          std::vector<Edit> edits) {
  auto [b, e] = range(where);
  // A macro that expands its argument twice (BOOL_SWITCH, dispatch on two types) is one place.
  for (const auto& f : out.findings)
    if (f.rule == rule && f.start == b && f.end == e) return;
  out.findings.push_back({rule, b, e, std::move(args), std::move(edits)});
}

bool is_main_function(const clang::FunctionDecl* f) { return f && f->isMain(); }

namespace {
std::string in_file(const clang::SourceManager& sm, const clang::NamedDecl* d) {
  return "static " + sm.getFilename(sm.getExpansionLoc(d->getLocation())).str() + " " + d->getQualifiedNameAsString();
}
}  // namespace

std::string fact_name(const clang::SourceManager& sm, const clang::FunctionDecl* f) {
  f = f->getCanonicalDecl();
  if (f->getStorageClass() == clang::SC_Static && !llvm::isa<clang::CXXMethodDecl>(f)) return in_file(sm, f);
  return f->getQualifiedNameAsString();
}

std::string fact_name(const clang::SourceManager& sm, const clang::VarDecl* v) {
  v = v->getCanonicalDecl();
  return v->getStorageClass() == clang::SC_Static ? in_file(sm, v) : v->getQualifiedNameAsString();
}

const clang::FunctionDecl* outermost_function(clang::ASTContext& ast, const clang::Stmt* s) {
  const clang::FunctionDecl* found = nullptr;
  clang::DynTypedNode node = clang::DynTypedNode::create(*s);
  for (int depth = 0; depth < 512; ++depth) {
    auto parents = ast.getParents(node);
    if (parents.empty()) break;
    node = parents[0];
    if (const auto* f = node.get<clang::FunctionDecl>()) {
      const auto* method = llvm::dyn_cast<clang::CXXMethodDecl>(f);
      if (!(method && method->getParent()->isLambda())) found = f;
    }
  }
  return found;
}

std::string kernel_name(CheckContext& c, const clang::CallExpr* launch) {
  if (const auto* f = launch->getDirectCallee()) return f->getNameAsString();
  std::string text = c.text(launch->getSourceRange());
  size_t open = text.find("<<<");
  std::string name = llvm::StringRef(text.substr(0, open)).trim().str();
  return name.empty() || open == std::string::npos ? "the kernel" : name;
}

bool is_tensor_type(clang::QualType t) {
  t = t.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  const auto* rd = t->getAsCXXRecordDecl();
  if (!rd) return false;
  std::string name = rd->getQualifiedNameAsString();
  return name == "at::Tensor" || name == "at::TensorBase";
}

bool is_tensor_op(const clang::FunctionDecl* f) {
  if (!f) return false;
  if (is_tensor_type(f->getReturnType())) return true;
  for (const auto* p : f->parameters())
    if (is_tensor_type(p->getType())) return true;
  return false;
}

bool derives_from(const clang::CXXRecordDecl* rd, llvm::function_ref<bool(llvm::StringRef)> is) {
  if (!rd || !rd->hasDefinition()) return false;
  rd = rd->getDefinition();
  if (is(rd->getQualifiedNameAsString())) return true;
  for (const auto& base : rd->bases())
    if (derives_from(base.getType()->getAsCXXRecordDecl(), is)) return true;
  return false;
}

bool is_optimizer(const clang::CXXMethodDecl* m) {
  return derives_from(m->getParent(), [](llvm::StringRef n) { return std::string_view(n).starts_with("torch::optim::"); });
}

bool is_module(const clang::CXXRecordDecl* rd) {
  return derives_from(rd, [](llvm::StringRef n) { return n == "torch::nn::Module"; });
}

bool is_backward_call(const clang::CXXMemberCallExpr* call) {
  const auto* m = call->getMethodDecl();
  return m && m->getIdentifier() && m->getName() == "backward" && is_tensor_type(call->getObjectType());
}

namespace {
bool is_loop(const clang::Stmt* s) {
  return llvm::isa<clang::ForStmt, clang::CXXForRangeStmt, clang::WhileStmt, clang::DoStmt>(s);
}
}  // namespace

const clang::Stmt* innermost_loop(clang::ASTContext& ast, const clang::Stmt* s) {
  clang::DynTypedNode node = clang::DynTypedNode::create(*s);
  for (int depth = 0; depth < 512; ++depth) {
    auto parents = ast.getParents(node);
    if (parents.empty() || parents[0].get<clang::FunctionDecl>() || parents[0].get<clang::LambdaExpr>()) return nullptr;
    node = parents[0];
    if (const auto* st = node.get<clang::Stmt>(); st && is_loop(st)) return st;
  }
  return nullptr;
}

bool encloses(clang::ASTContext& ast, const clang::Stmt* outer, const clang::Stmt* inner) {
  clang::DynTypedNode node = clang::DynTypedNode::create(*inner);
  for (int depth = 0; depth < 512; ++depth) {
    if (node.get<clang::Stmt>() == outer) return true;
    auto parents = ast.getParents(node);
    if (parents.empty()) return false;
    node = parents[0];
  }
  return false;
}

}  // namespace torchlint::cxx
