// TL902's facts: per function, where it grows a counter-indexed store (`tape->num_ops++`,
// `g_nodes[g_num_nodes++] = n`, `arena->used += size`), where it empties one (`tape->num_ops = 0`,
// `n--`, `memset`/`free` of the object, a new object stored in a global or a field), which loops
// it runs and which counters their headers read (a loop over the tape: the backward pass), and
// the calls it makes with whose objects. A loop that only copies a store into a new buffer the
// function then installs in the store (a hand-written realloc) is not a walk: a list built to a
// known size copies itself as it grows. Only a counter the file uses as an index (`ops[n]`,
// `data + used`) is a store's size: a mere count of events (`n_hits += 1`) grows nothing.
// torchlint joins the facts across the project's files (analyzer/cxx/tape_join.cpp): a loop that
// grows a store every pass and walks it, with nothing in the loop that empties it, is the finding.
#include <clang/AST/ExprCXX.h>
#include <clang/AST/StmtCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <set>

#include "checks/per_function.h"

namespace torchlint::cxx {
namespace {

std::string record_name(const clang::RecordDecl* rd) {
  if (rd->getIdentifier()) return rd->getQualifiedNameAsString();
  if (const auto* td = rd->getTypedefNameForAnonDecl()) return td->getQualifiedNameAsString();
  return "";
}

// The counter an expression names: an integer field (`Tape::num_ops`) or an integer global.
std::string counter_of(const clang::SourceManager& sm, const clang::Expr* e) {
  e = e->IgnoreParenImpCasts();
  if (!e->getType()->isIntegerType()) return "";
  if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e)) {
    const auto* field = llvm::dyn_cast<clang::FieldDecl>(m->getMemberDecl());
    std::string record = field ? record_name(field->getParent()) : "";
    return record.empty() ? "" : record + "::" + field->getNameAsString();
  }
  const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e);
  const auto* v = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
  return v && v->hasGlobalStorage() && !v->isStaticLocal() ? fact_name(sm, v) : "";
}

// Every counter of the record an object or pointer expression refers to: `Tape::*`.
std::string all_counters_of(const clang::Expr* e) {
  clang::QualType t = e->IgnoreParenCasts()->getType();
  if (t->isPointerType()) t = t->getPointeeType();
  const auto* rd = t->getAsRecordDecl();
  std::string record = rd ? record_name(rd) : "";
  return record.empty() ? "" : record + "::*";
}

// The counters an expression reads.
std::vector<std::string> counters_read(const clang::SourceManager& sm, const clang::Stmt* s) {
  struct Reads : clang::RecursiveASTVisitor<Reads> {
    const clang::SourceManager& sm;
    std::vector<std::string> out;
    explicit Reads(const clang::SourceManager& m) : sm(m) {}
    bool VisitExpr(clang::Expr* e) {
      if (llvm::isa<clang::MemberExpr, clang::DeclRefExpr>(e))
        if (std::string c = counter_of(sm, e); !c.empty()) out.push_back(c);
      return true;
    }
  } reads(sm);
  if (s) reads.TraverseStmt(const_cast<clang::Stmt*>(s));
  return reads.out;
}

// `Tape` of `Tape::num_ops`; "" for a global counter.
std::string record_of(const std::string& counter) {
  size_t sep = counter.rfind("::");
  return sep == std::string::npos ? "" : counter.substr(0, sep);
}

// The counters a loop header walks a whole store by: read alone of their record. A header that
// reads two counters of one record (`for (i = q->head; i < q->tail; ++i)`) walks a window.
std::vector<std::string> whole_store_bounds(const clang::SourceManager& sm, std::initializer_list<const clang::Stmt*> header) {
  std::set<std::string> all;
  for (const auto* part : header)
    for (auto& counter : counters_read(sm, part)) all.insert(std::move(counter));
  std::vector<std::string> out;
  for (const auto& c : all) {
    auto same_record = [&](const std::string& other) { return other != c && record_of(other) == record_of(c); };
    if (record_of(c).empty() || std::none_of(all.begin(), all.end(), same_record)) out.push_back(c);
  }
  return out;
}

// Whether a loop body can leave the loop before its end (`break`, `return`, `goto`): a search,
// not a walk over the whole store.
bool exits_early(const clang::Stmt* s, bool nested) {
  if (!s || llvm::isa<clang::LambdaExpr>(s)) return false;
  if (llvm::isa<clang::ReturnStmt, clang::GotoStmt>(s)) return true;
  if (llvm::isa<clang::BreakStmt>(s)) return !nested;  // a nested loop's or switch's own break
  nested = nested || llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt, clang::CXXForRangeStmt, clang::SwitchStmt>(s);
  for (const auto* child : s->children())
    if (exits_early(child, nested)) return true;
  return false;
}

bool reads(const clang::SourceManager& sm, const clang::Expr* e, const std::string& counter) {
  auto all = counters_read(sm, e);
  return std::find(all.begin(), all.end(), counter) != all.end();
}

bool is_c_library(const clang::FunctionDecl* f, std::initializer_list<llvm::StringRef> names) {
  if (!f || !f->getIdentifier() || !f->getDeclContext()->getRedeclContext()->isTranslationUnit()) return false;
  return std::find(names.begin(), names.end(), f->getName()) != names.end();
}

// The local buffer a loop body only copies elements into (`items[i] = l->items[i];`, several
// such assignments, a `while` loop's `++i`), or nullptr: the copy of a hand-written realloc.
const clang::VarDecl* copy_destination(const clang::Stmt* body) {
  std::vector<const clang::Stmt*> statements;
  if (const auto* block = llvm::dyn_cast_or_null<clang::CompoundStmt>(body)) statements.assign(block->body_begin(), block->body_end());
  else if (body) statements.push_back(body);
  const clang::VarDecl* dest = nullptr;
  for (const auto* st : statements) {
    // The index of a `while` loop stepping along.
    if (const auto* step = llvm::dyn_cast<clang::UnaryOperator>(st); step && step->isIncrementDecrementOp())
      if (const auto* i = llvm::dyn_cast<clang::DeclRefExpr>(step->getSubExpr()->IgnoreParenImpCasts());
          i && llvm::isa<clang::VarDecl>(i->getDecl()) && llvm::cast<clang::VarDecl>(i->getDecl())->hasLocalStorage())
        continue;
    const auto* assign = llvm::dyn_cast<clang::BinaryOperator>(st);
    if (!assign || assign->getOpcode() != clang::BO_Assign) return nullptr;
    const clang::Expr* target = assign->getLHS()->IgnoreParenImpCasts();
    for (const auto* m = llvm::dyn_cast<clang::MemberExpr>(target); m && !m->isArrow(); m = llvm::dyn_cast<clang::MemberExpr>(target))
      target = m->getBase()->IgnoreParenImpCasts();
    const auto* element = llvm::dyn_cast<clang::ArraySubscriptExpr>(target);
    const auto* ref = element ? llvm::dyn_cast<clang::DeclRefExpr>(element->getBase()->IgnoreParenImpCasts()) : nullptr;
    const auto* v = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
    if (!v || !v->hasLocalStorage() || !v->getType()->isPointerType() || (dest && dest != v)) return nullptr;
    dest = v;
  }
  return dest;
}

class Visitor : public PerFunctionVisitor<Visitor> {
 public:
  explicit Visitor(CheckContext& c) : PerFunctionVisitor(c) {}
  bool shouldVisitTemplateInstantiations() const { return false; }

  void enter(const clang::FunctionDecl* f) {
    fact_ = {};
    grows_.clear();
    calls_.clear();
    assigned_.clear();
    params_.clear();
    copies_.clear();
    installed_.clear();
    for (unsigned i = 0; i < f->getNumParams(); ++i) params_[f->getParamDecl(i)] = static_cast<int>(i);
  }
  void leave(const clang::FunctionDecl* f);

  bool VisitUnaryOperator(clang::UnaryOperator* op) {
    if (!function_ || !op->isIncrementDecrementOp()) return true;
    if (std::string c = counter_of(c_.sm, op->getSubExpr()); !c.empty()) change(c, op, op->getSubExpr(), op->isIncrementOp());
    return true;
  }
  bool VisitBinaryOperator(clang::BinaryOperator* op);
  bool VisitCallExpr(clang::CallExpr* call);
  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr* e) {
    for (auto& counter : counters_read(c_.sm, e->getIdx())) indexes_.insert(std::move(counter));
    return true;
  }
  // Growths of counters that index nothing in the file are dropped.
  void keep_indexes(size_t first) {
    for (size_t i = first; i < c_.out.tapes.size(); ++i)
      std::erase_if(c_.out.tapes[i].grows, [&](const CounterUse& g) { return !indexes_.count(g.counter); });
  }
  bool VisitForStmt(clang::ForStmt* s) { return loop(s, s->getBody(), {s->getInit(), s->getCond(), s->getInc()}); }
  bool VisitWhileStmt(clang::WhileStmt* s) { return loop(s, s->getBody(), {s->getCond()}); }
  bool VisitDoStmt(clang::DoStmt* s) { return loop(s, s->getBody(), {s->getCond()}); }

 private:
  unsigned at(const clang::Stmt* s) const { return c_.offset(s->getBeginLoc()); }

  // A growth is resolved when the function is left (a local's later assignments count).
  void change(const std::string& counter, const clang::Stmt* where, const clang::Expr* lvalue, bool grows) {
    if (!grows) {
      fact_.empties.push_back({counter, at(where), {}});
      return;
    }
    const auto* member = llvm::dyn_cast<clang::MemberExpr>(lvalue->IgnoreParenImpCasts());
    grows_.push_back({counter, at(where), member ? member->getBase() : nullptr});
  }

  bool loop(const clang::Stmt* s, const clang::Stmt* body, std::initializer_list<const clang::Stmt*> header) {
    if (!function_ || !c_.in_main_file(s->getBeginLoc())) return true;
    TapeLoop l;
    std::tie(l.start, l.end) = c_.range(s->getSourceRange());
    std::tie(l.report_start, l.report_end) = c_.range(s->getBeginLoc());
    if (!exits_early(body, false)) l.header = whole_store_bounds(c_.sm, header);
    if (!l.header.empty())
      if (const auto* dest = copy_destination(body)) copies_.push_back({fact_.loops.size(), dest});
    fact_.loops.push_back(std::move(l));
    return true;
  }

  // A loop that copies a store into a new buffer which the function then installs in a field of
  // the store's record (`l->items = items;`) is a hand-written realloc: the list is copied to
  // its new size, not walked.
  void drop_resize_copies() {
    for (const auto& copy : copies_) {
      const auto& dest = copy.second;  // a named copy: lambdas cannot capture bindings in C++20
      auto& header = fact_.loops[copy.first].header;
      std::erase_if(header, [&](const std::string& counter) {
        size_t sep = counter.rfind("::");
        return sep != std::string::npos && installed_.count({dest, counter.substr(0, sep)});
      });
    }
  }

  // A local variable that takes a new value here (or may: its address is handed to a call).
  void assigned(const clang::Expr* e, const clang::Stmt* where) {
    const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenCasts());
    const auto* v = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
    if (v && v->hasLocalStorage()) assigned_[v].push_back(at(where));
  }

  Holder holder_of(const clang::Expr* e, int depth = 0) const;
  TapeCall call_fact(const clang::CallExpr* call) const;

  struct Growth {
    std::string counter;
    unsigned at;
    const clang::Expr* object;  // whose field; nullptr for a global counter
  };
  TapeFact fact_;
  std::vector<Growth> grows_;
  std::vector<const clang::CallExpr*> calls_;
  std::map<const clang::VarDecl*, std::vector<unsigned>> assigned_;
  std::map<const clang::VarDecl*, int> params_;
  std::set<std::string> indexes_;  // counters used as an index or a pointer offset, file-wide
  std::vector<std::pair<size_t, const clang::VarDecl*>> copies_;      // copy loops: (loop, buffer)
  std::set<std::pair<const clang::VarDecl*, std::string>> installed_;  // (buffer, record it is stored in)
};

bool Visitor::VisitBinaryOperator(clang::BinaryOperator* op) {
  if (op->isAdditiveOp() && (op->getLHS()->getType()->isPointerType() || op->getRHS()->getType()->isPointerType())) {
    const clang::Expr* offset = op->getLHS()->getType()->isPointerType() ? op->getRHS() : op->getLHS();
    for (auto& counter : counters_read(c_.sm, offset)) indexes_.insert(std::move(counter));
  }
  if (!function_) return true;
  const clang::Expr* lhs = op->getLHS();
  std::string counter = counter_of(c_.sm, lhs);
  if (op->getOpcode() == clang::BO_AddAssign || op->getOpcode() == clang::BO_SubAssign) {
    if (!counter.empty()) change(counter, op, lhs, op->getOpcode() == clang::BO_AddAssign);
    return true;
  }
  if (op->getOpcode() != clang::BO_Assign) return true;
  // `l->items = items;`: a local buffer installed in a field of `List`.
  if (const auto* field = llvm::dyn_cast<clang::MemberExpr>(lhs->IgnoreParenImpCasts()))
    if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(op->getRHS()->IgnoreParenCasts()))
      if (const auto* v = llvm::dyn_cast<clang::VarDecl>(ref->getDecl()); v && v->hasLocalStorage())
        if (const auto* fd = llvm::dyn_cast<clang::FieldDecl>(field->getMemberDecl()))
          if (std::string record = record_name(fd->getParent()); !record.empty()) installed_.insert({v, record});
  if (!counter.empty()) {
    // `n = n + k` grows it; `n = 0`, `n = mark`, `n = n - 1` empty it.
    const auto* sum = llvm::dyn_cast<clang::BinaryOperator>(op->getRHS()->IgnoreParenImpCasts());
    bool grows = reads(c_.sm, op->getRHS(), counter) && sum && sum->getOpcode() == clang::BO_Add;
    change(counter, op, lhs, grows);
  }
  assigned(lhs, op);
  // A new object stored in a global or a field (`g_tape = tape_new()`, `*tape = (Tape){0}`)
  // replaces every counter of the old one.
  const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(lhs->IgnoreParenCasts());
  bool local = ref && llvm::isa<clang::VarDecl>(ref->getDecl()) && llvm::cast<clang::VarDecl>(ref->getDecl())->hasLocalStorage();
  if (std::string all = all_counters_of(lhs); !local && !all.empty()) fact_.empties.push_back({all, at(op), {}});
  return true;
}

bool Visitor::VisitCallExpr(clang::CallExpr* call) {
  if (!function_) return true;
  const auto* callee = call->getDirectCallee();
  // `free(tape)`, `memset(tape, 0, ...)`: the object's counters are gone.
  if (is_c_library(callee, {"free", "memset", "bzero"}) && call->getNumArgs() > 0)
    if (std::string all = all_counters_of(call->getArg(0)); !all.empty()) fact_.empties.push_back({all, at(call), {}});
  // Only the project's functions can grow a tape, and their facts say what they empty; a local
  // whose address goes to any other function may be made anew there.
  if (callee && c_.in_main_file(call->getBeginLoc()) && !c_.sm.isInSystemHeader(callee->getLocation()) &&
      !std::string_view(c_.sm.getFilename(c_.sm.getExpansionLoc(callee->getLocation()))).starts_with("/torchlint-shim/")) {
    calls_.push_back(call);
    return true;
  }
  for (const auto* arg : call->arguments())
    if (const auto* addr = llvm::dyn_cast<clang::UnaryOperator>(arg->IgnoreParenCasts()); addr && addr->getOpcode() == clang::UO_AddrOf)
      assigned(addr->getSubExpr(), call);
  return true;
}

// Whose object an expression reaches: a parameter's, a global's, or a local's (with where the
// local takes a new value). A local pointer that only aliases a parameter or a global is theirs.
Holder Visitor::holder_of(const clang::Expr* e, int depth) const {
  e = e->IgnoreParenCasts();
  if (depth > 8) return {};
  if (llvm::isa<clang::CXXThisExpr>(e)) return {{"param", -1, "this"}, {}};
  if (const auto* m = llvm::dyn_cast<clang::MemberExpr>(e)) return holder_of(m->getBase(), depth + 1);
  if (const auto* s = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) return holder_of(s->getBase(), depth + 1);
  if (const auto* u = llvm::dyn_cast<clang::UnaryOperator>(e);
      u && (u->getOpcode() == clang::UO_AddrOf || u->getOpcode() == clang::UO_Deref))
    return holder_of(u->getSubExpr(), depth + 1);
  const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e);
  const auto* v = ref ? llvm::dyn_cast<clang::VarDecl>(ref->getDecl()) : nullptr;
  if (!v) return {};
  std::string name = v->getNameAsString();
  if (auto it = params_.find(v); it != params_.end()) return {{"param", it->second, name}, {}};
  if (v->hasGlobalStorage()) return {{"escapes", 0, name}, {}};
  auto it = assigned_.find(v);
  bool reassigned = it != assigned_.end();
  if ((v->getType()->isPointerType() || v->getType()->isReferenceType()) && v->getInit() && !reassigned) {
    Holder aliased = holder_of(v->getInit(), depth + 1);
    if (aliased.place.kind == "param" || aliased.place.kind == "escapes") return aliased;
  }
  Holder local{{"local", 0, name}, {c_.offset(v->getLocation())}};
  if (reassigned) local.fresh_at.insert(local.fresh_at.end(), it->second.begin(), it->second.end());
  return local;
}

TapeCall Visitor::call_fact(const clang::CallExpr* call) const {
  TapeCall t;
  t.callee = fact_name(c_.sm, call->getDirectCallee());
  t.at = at(call);
  unsigned first = 0;
  if (const auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call)) {
    if (const auto* object = member->getImplicitObjectArgument()) t.receiver = holder_of(object);
  } else if (llvm::isa<clang::CXXOperatorCallExpr>(call) && llvm::isa<clang::CXXMethodDecl>(call->getDirectCallee()) &&
             call->getNumArgs() > 0) {
    t.receiver = holder_of(call->getArg(0));
    first = 1;
  }
  for (unsigned i = first; i < call->getNumArgs(); ++i) t.args.push_back(holder_of(call->getArg(i)));
  return t;
}

void Visitor::leave(const clang::FunctionDecl* f) {
  drop_resize_copies();
  for (const Growth& g : grows_)
    fact_.grows.push_back({g.counter, g.at, g.object ? holder_of(g.object) : Holder{{"escapes", 0, g.counter}, {}}});
  for (const auto* call : calls_) fact_.calls.push_back(call_fact(call));
  bool walks = std::any_of(fact_.loops.begin(), fact_.loops.end(), [](const TapeLoop& l) { return !l.header.empty(); });
  if (fact_.grows.empty() && fact_.empties.empty() && fact_.calls.empty() && !walks) return;
  fact_.name = fact_name(c_.sm, f);
  c_.out.tapes.push_back(std::move(fact_));
}

}  // namespace

void check_tape_grows_unbounded(CheckContext& c, const std::string&) {
  size_t first = c.out.tapes.size();
  Visitor v(c);
  v.TraverseDecl(c.ast.getTranslationUnitDecl());
  v.keep_indexes(first);
}

}  // namespace torchlint::cxx
