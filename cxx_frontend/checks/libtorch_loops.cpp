// TL801 and TL804: libtorch training loops. A training loop is a `for`/`while` loop whose body
// calls `backward()` on a tensor and `step()` on an optimizer (through `->` or `.`), directly
// or in lambdas written in it.
//   TL801: `.item<T>()` / `.item()` every step, outside a periodic guard (`if (i % n == 0)`).
//   TL804: no `zero_grad()` on any optimizer or module anywhere in the loop.
#include <clang/AST/ExprCXX.h>
#include <clang/AST/ParentMapContext.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include "checks/check.h"

namespace torchlint::cxx {
namespace {

struct LoopFacts {
  const clang::Stmt* loop = nullptr;
  bool backward = false, step = false, zero_grad = false;
  std::vector<const clang::CXXMemberCallExpr*> items;
};

LoopFacts facts_of(clang::ASTContext& ast, const clang::Stmt* loop, const clang::Stmt* body) {
  LoopFacts f;
  f.loop = loop;
  struct Calls : clang::RecursiveASTVisitor<Calls> {
    LoopFacts& f;
    explicit Calls(LoopFacts& ff) : f(ff) {}
    bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr* call) {
      const auto* m = call->getMethodDecl();
      if (!m) return true;
      std::string n = m->getNameAsString();
      if (is_backward_call(call)) f.backward = true;
      else if (n == "step" && is_optimizer(m)) f.step = true;
      else if (n == "zero_grad") f.zero_grad = true;
      else if (n == "item" && is_tensor_type(call->getObjectType())) f.items.push_back(call);
      return true;
    }
  } calls(f);
  calls.TraverseStmt(const_cast<clang::Stmt*>(body));
  return f;
}

// Whether `s` sits under an `if` whose condition takes a remainder (`step % log_every == 0`)
// inside `loop`: periodic logging, not every step.
bool under_periodic_guard(clang::ASTContext& ast, const clang::Stmt* s, const clang::Stmt* loop) {
  clang::DynTypedNode node = clang::DynTypedNode::create(*s);
  for (int depth = 0; depth < 256; ++depth) {
    auto parents = ast.getParents(node);
    if (parents.empty()) return false;
    node = parents[0];
    const auto* st = node.get<clang::Stmt>();
    if (st == loop) return false;
    if (const auto* branch = node.get<clang::IfStmt>()) {
      struct Rem : clang::RecursiveASTVisitor<Rem> {
        bool found = false;
        bool VisitBinaryOperator(clang::BinaryOperator* op) {
          found = found || op->getOpcode() == clang::BO_Rem;
          return true;
        }
      } rem;
      rem.TraverseStmt(const_cast<clang::Expr*>(branch->getCond()));
      if (rem.found) return true;
    }
  }
  return false;
}

std::vector<LoopFacts> training_loops(CheckContext& c) {
  struct Loops : clang::RecursiveASTVisitor<Loops> {
    CheckContext& c;
    std::vector<LoopFacts> out;
    explicit Loops(CheckContext& cc) : c(cc) {}
    void add(const clang::Stmt* loop, const clang::Stmt* body) {
      if (!body || !c.in_main_file(loop->getBeginLoc())) return;
      LoopFacts f = facts_of(c.ast, loop, body);
      if (f.backward && f.step) out.push_back(std::move(f));
    }
    bool VisitForStmt(clang::ForStmt* s) { return add(s, s->getBody()), true; }
    bool VisitCXXForRangeStmt(clang::CXXForRangeStmt* s) { return add(s, s->getBody()), true; }
    bool VisitWhileStmt(clang::WhileStmt* s) { return add(s, s->getBody()), true; }
    bool VisitDoStmt(clang::DoStmt* s) { return add(s, s->getBody()), true; }
  } loops(c);
  loops.TraverseDecl(c.ast.getTranslationUnitDecl());
  // The innermost training loop owns its findings (an epoch loop contains the step loop).
  std::vector<LoopFacts> innermost;
  for (const auto& f : loops.out) {
    bool has_inner = false;
    for (const auto& g : loops.out)
      if (g.loop != f.loop && f.loop->getSourceRange().fullyContains(g.loop->getSourceRange())) has_inner = true;
    if (!has_inner) innermost.push_back(f);
  }
  return innermost;
}

}  // namespace

void check_cxx_item_in_loop(CheckContext& c, const std::string& rule) {
  for (const auto& loop : training_loops(c))
    for (const auto* item : loop.items)
      if (c.in_main_file(item->getBeginLoc()) && !under_periodic_guard(c.ast, item, loop.loop))
        c.report(rule, item->getSourceRange(), {{"CALL", c.text(item->getSourceRange())}});
}

void check_cxx_missing_zero_grad(CheckContext& c, const std::string& rule) {
  for (const auto& loop : training_loops(c))
    if (!loop.zero_grad) c.report(rule, loop.loop->getSourceRange().getBegin(), {});
}

}  // namespace torchlint::cxx
