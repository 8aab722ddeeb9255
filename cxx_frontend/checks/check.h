// A named check: C++ code for what a matcher expression cannot say. Each check lives in its own
// file under checks/ and registers itself in the table of checks.cpp.
#pragma once
#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/Basic/SourceManager.h>

#include <functional>
#include <string>

#include "facts.h"

namespace torchlint::cxx {

struct CheckContext {
  clang::ASTContext& ast;
  clang::SourceManager& sm;
  bool includes_torch = false;  // the file includes torch/ATen/c10 headers: it is an extension
  FileReport& out;

  // Whether the node is written in the file being checked (never a header, never a macro body
  // defined elsewhere).
  bool in_main_file(clang::SourceLocation loc) const;
  unsigned offset(clang::SourceLocation loc) const;  // in the main file (expansion location)
  // The expression's range in the main file, end exclusive.
  std::pair<unsigned, unsigned> range(clang::SourceRange r) const;
  std::string text(clang::SourceRange r) const;
  void report(const std::string& rule, clang::SourceRange where, std::map<std::string, std::string> args = {},
              std::vector<Edit> edits = {});
};

using CheckFunction = std::function<void(CheckContext&, const std::string& rule)>;
// The check of this name, or nullptr.
const CheckFunction* find_check(const std::string& name);
std::vector<std::string> check_names();

// Shared helpers.
bool is_main_function(const clang::FunctionDecl* f);
// How facts name a function across files: its qualified name; a `static` function also by its
// file, so that two files' private helpers of one name stay apart.
std::string fact_name(const clang::SourceManager& sm, const clang::FunctionDecl* f);
// A global variable's name across files, in the same way.
std::string fact_name(const clang::SourceManager& sm, const clang::VarDecl* v);
// The outermost function around a node (lambdas and AT_DISPATCH bodies belong to the op that
// writes them), or nullptr.
const clang::FunctionDecl* outermost_function(clang::ASTContext& ast, const clang::Stmt* s);
// `at::Tensor` / `at::TensorBase`, through typedefs, references and const.
bool is_tensor_type(clang::QualType t);
// Functions registered as ops in this file (pybind11 `m.def`, TORCH_LIBRARY / TORCH_LIBRARY_IMPL
// `def`/`impl`, `torch::RegisterOperators` `op` and its options' kernels), into
// out.registrations, once per file whichever check asks first.
void collect_registrations(CheckContext& c);
// The kernel a launch names: its declaration's name, or, in a template (`k<scalar_t><<<...>>>`),
// the text before `<<<`.
std::string kernel_name(CheckContext& c, const clang::CallExpr* launch);
// A function that takes or returns a tensor: a PyTorch op.
bool is_tensor_op(const clang::FunctionDecl* f);
// Whether the class, or any of its bases at any depth, has a qualified name `is` accepts.
bool derives_from(const clang::CXXRecordDecl* rd, llvm::function_ref<bool(llvm::StringRef)> is);
// A method of a `torch::optim` optimizer.
bool is_optimizer(const clang::CXXMethodDecl* m);
// A `torch::nn::Module`, or a subclass.
bool is_module(const clang::CXXRecordDecl* rd);
// `t.backward()` on a tensor.
bool is_backward_call(const clang::CXXMemberCallExpr* call);
// The innermost `for` / `while` / `do` loop around `s` in its function (a lambda's body counts
// as a function of its own), or nullptr.
const clang::Stmt* innermost_loop(clang::ASTContext& ast, const clang::Stmt* s);
// Whether `inner` is `outer` or lies inside it.
bool encloses(clang::ASTContext& ast, const clang::Stmt* outer, const clang::Stmt* inner);

}  // namespace torchlint::cxx
