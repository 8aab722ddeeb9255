// torchlint-cxx: reads a request (files, rules, options) as JSON on stdin, parses each file with
// Clang, runs the requested named checks and matcher rules on it, and writes findings and
// per-function facts as JSON on stdout. torchlint turns them into diagnostics, joins facts across
// files, and applies suppressions, configuration, caching and output formats.
#include <clang/ASTMatchers/ASTMatchFinder.h>
#include <clang/ASTMatchers/Dynamic/Parser.h>
#include <clang/Basic/Version.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendActions.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>

#include <llvm/Support/ErrorHandling.h>
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "checks/check.h"
#include "compile_args.h"
#include "launch_spelling.h"
#include "shim.h"
#include "shim_fs.h"

namespace fs = std::filesystem;
using json = nlohmann::json;
namespace am = clang::ast_matchers;

namespace torchlint::cxx {
namespace {

struct MatcherRule {
  std::string rule;
  am::internal::DynTypedMatcher matcher;
  std::string member_fix;  // replace the called member's name with this ("" = no fix)
};

struct Request {
  std::vector<std::string> files;
  std::vector<std::pair<std::string, const CheckFunction*>> checks;  // rule id, check
  std::vector<MatcherRule> matchers;
  json rule_errors = json::array();
  ArgsOptions args;
};

// Errors are counted (a file that does not compile is still checked as far as it parsed);
// warnings are not ours to report. The first error is kept for a note, quoted only when it is
// about the analysed file itself: an error in another file (an `-include`d one, a header, a file
// the command line names) can quote that file, which may be anything on the machine.
class CountingConsumer : public clang::DiagnosticConsumer {
 public:
  explicit CountingConsumer(FileReport& r) : report_(r) {}
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override {
    if (level < clang::DiagnosticsEngine::Error) return;
    ++report_.errors;
    if (std::getenv("TORCHLINT_CXX_ERRORS")) {  // every error in full, for whoever extends the shim
      llvm::SmallString<160> message;
      info.FormatDiagnostic(message);
      std::cerr << "error: " << where(info) << message.str().str() << "\n";
    }
    if (report_.first_error.empty()) report_.first_error = describe(info);
  }

 private:
  static std::string describe(const clang::Diagnostic& info) {
    if (!info.hasSourceManager() || !info.getLocation().isValid())
      return "an error in the compile command (not shown: it may quote files outside the analysed sources)";
    const clang::SourceManager& sm = info.getSourceManager();
    bool in_analysed_file = sm.isWrittenInMainFile(sm.getSpellingLoc(info.getLocation())) &&
                            sm.isWrittenInMainFile(sm.getExpansionLoc(info.getLocation()));
    if (!in_analysed_file) return where(info) + "an error in an included file (not shown: it may quote files outside the analysed sources)";
    llvm::SmallString<160> message;
    info.FormatDiagnostic(message);
    return where(info) + message.str().str();
  }

  static std::string where(const clang::Diagnostic& info) {
    if (!info.hasSourceManager() || !info.getLocation().isValid()) return "";
    clang::PresumedLoc p = info.getSourceManager().getPresumedLoc(info.getLocation());
    return p.isValid() ? std::string(p.getFilename()) + ":" + std::to_string(p.getLine()) + ":" + std::to_string(p.getColumn()) + ": " : "";
  }

  FileReport& report_;
};

class MatchReporter : public am::MatchFinder::MatchCallback {
 public:
  MatchReporter(CheckContext& c, const MatcherRule& r) : c_(c), r_(r) {}
  void run(const am::MatchFinder::MatchResult& result) override {
    const auto& nodes = result.Nodes.getMap();
    auto it = nodes.find("root");
    if (it == nodes.end()) return;
    clang::SourceRange where = it->second.getSourceRange();
    if (!c_.in_main_file(where.getBegin())) return;
    // Written in the body of a macro this file defines (`#define CHECK_CUDA(x)
    // TORCH_CHECK(x.type().is_cuda(), ...)`): one finding at the definition, not one per use.
    if (const auto* e = it->second.get<clang::Expr>(); e && where.getBegin().isMacroID()) {
      clang::SourceRange body(in_macro_body(where.getBegin()), in_macro_body(where.getEnd()));
      clang::SourceLocation name = c_.sm.getSpellingLoc(e->getExprLoc());  // `type` of `x.type()`
      if (body.getBegin().isFileID() && body.getEnd().isFileID() && c_.sm.isWrittenInMainFile(body.getBegin()) &&
          c_.sm.getFileID(body.getBegin()) == c_.sm.getFileID(body.getEnd()) &&
          c_.sm.getFileID(name) == c_.sm.getFileID(body.getBegin()) &&
          !c_.sm.isBeforeInTranslationUnit(name, body.getBegin()) && !c_.sm.isBeforeInTranslationUnit(body.getEnd(), name))
        where = body;
    }
    std::vector<Edit> fix;
    if (!r_.member_fix.empty())
      if (const auto* call = it->second.get<clang::CXXMemberCallExpr>())
        if (const auto* member = llvm::dyn_cast<clang::MemberExpr>(call->getCallee()->IgnoreParenImpCasts()))
          if (!member->getMemberLoc().isMacroID()) {
            auto [b, e] = c_.range(member->getMemberLoc());
            fix.push_back({b, e, r_.member_fix});
          }
    c_.report(r_.rule, where, {{"CALL", c_.text(where)}}, fix);
  }

 private:
  // Where a token of a macro expansion is written in a macro definition of this file: a token of
  // the body where the body has it, a macro argument at the parameter's use in such a body
  // (`x` of `x.type()` in `#define CHECK_CUDA(x) ...`), otherwise where the argument is written.
  clang::SourceLocation in_macro_body(clang::SourceLocation loc) const {
    for (int depth = 0; loc.isMacroID() && depth < 32; ++depth) {
      if (c_.sm.isMacroArgExpansion(loc)) {
        clang::SourceLocation parameter = c_.sm.getImmediateExpansionRange(loc).getBegin();
        if (c_.sm.isWrittenInMainFile(c_.sm.getSpellingLoc(parameter))) {
          loc = parameter;
          continue;
        }
      }
      loc = c_.sm.getImmediateSpellingLoc(loc);
    }
    return loc;
  }

  CheckContext& c_;
  const MatcherRule& r_;
};

// The name of a file the source manager read: a FileEntry pointer before LLVM 17, a
// FileEntryRef after.
template <typename Key>
llvm::StringRef name_of(const Key& key) {
  if constexpr (std::is_pointer_v<Key>) return key->getName();
  else return key.getName();
}

bool includes_torch_headers(const clang::SourceManager& sm) {
  for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it) {
    llvm::StringRef name = name_of(it->first);
    if (name.contains("/torch/") || name.contains("/ATen/") || name.contains("/c10/")) return true;
  }
  return false;
}

// Which headers stood for torch's and CUDA's: "shim" when the parse read any of torchlint's, else
// "real" when it read torch's own, else "" (neither was included).
std::string header_source(const clang::SourceManager& sm) {
  std::string shim_prefix = std::string(kShimRoot) + "/";
  bool real = false;
  for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it) {
    llvm::StringRef name = name_of(it->first);
    if (name.starts_with(shim_prefix)) return "shim";
    real = real || name.contains("/torch/") || name.contains("/ATen/") || name.contains("/c10/");
  }
  return real ? "real" : "";
}

// The files a parse read that the report depends on and a cache must watch: the project's own,
// not the toolchain's (system folders, Clang's resource folder, the shim).
std::vector<std::string> project_inputs(const clang::SourceManager& sm) {
  std::vector<std::string> out;
  for (auto it = sm.fileinfo_begin(); it != sm.fileinfo_end(); ++it) {
    std::string name = name_of(it->first).str();
    if (name.empty() || name.starts_with("<") || name.starts_with("/torchlint-shim/")) continue;
    std::error_code ec;
    std::string path = fs::weakly_canonical(fs::absolute(name, ec), ec).string();
    if (ec || path.starts_with("/usr/") || path.starts_with("/opt/") || !fs::is_regular_file(path, ec)) continue;
    out.push_back(path);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

class Consumer : public clang::ASTConsumer {
 public:
  Consumer(const Request& r, FileReport& out) : request_(r), out_(out) {}
  void HandleTranslationUnit(clang::ASTContext& ast) override {
    CheckContext c{ast, ast.getSourceManager(), includes_torch_headers(ast.getSourceManager()), out_};
    out_.parsed = true;
    out_.inputs = project_inputs(ast.getSourceManager());
    out_.headers = header_source(ast.getSourceManager());
    for (const auto& [rule, check] : request_.checks) (*check)(c, rule);
    if (request_.matchers.empty()) return;
    am::MatchFinder finder;
    std::vector<std::unique_ptr<MatchReporter>> reporters;
    for (const auto& m : request_.matchers) {
      reporters.push_back(std::make_unique<MatchReporter>(c, m));
      finder.addDynamicMatcher(m.matcher, reporters.back().get());
    }
    finder.matchAST(ast);
  }

 private:
  const Request& request_;
  FileReport& out_;
};

class Action : public clang::ASTFrontendAction {
 public:
  Action(const Request& r, FileReport& out) : request_(r), out_(out) {}
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& ci, llvm::StringRef) override {
    ci.getDiagnostics().setClient(new CountingConsumer(out_), /*ShouldOwnClient=*/true);
    return std::make_unique<Consumer>(request_, out_);
  }

 private:
  const Request& request_;
  FileReport& out_;
};

class OneFileDatabase : public clang::tooling::CompilationDatabase {
 public:
  OneFileDatabase(std::string file, std::vector<std::string> args, std::string dir)
      : file_(std::move(file)), args_(std::move(args)), dir_(std::move(dir)) {}
  std::vector<clang::tooling::CompileCommand> getCompileCommands(llvm::StringRef) const override {
    std::vector<std::string> argv = args_;
    argv.push_back(file_);
    return {clang::tooling::CompileCommand(dir_, file_, argv, "")};
  }

 private:
  std::string file_;
  std::vector<std::string> args_;
  std::string dir_;
};

json place_json(const Place& p) { return {{"kind", p.kind}, {"index", p.index}, {"var", p.var}}; }
json arg_json(const ArgFact& a) {
  return {{"value", place_json(a.value)}, {"pointee", place_json(a.pointee)}, {"start", a.start}, {"end", a.end}};
}

json holder_json(const Holder& h) { return {{"place", place_json(h.place)}, {"fresh_at", h.fresh_at}}; }

json tape_json(const TapeFact& t) {
  json grows = json::array(), empties = json::array(), loops = json::array(), calls = json::array();
  for (const auto& g : t.grows) grows.push_back({{"counter", g.counter}, {"at", g.at}, {"holder", holder_json(g.holder)}});
  for (const auto& e : t.empties) empties.push_back({{"counter", e.counter}, {"at", e.at}});
  for (const auto& l : t.loops)
    loops.push_back({{"start", l.start}, {"end", l.end}, {"report_start", l.report_start}, {"report_end", l.report_end}, {"header", l.header}});
  for (const auto& c : t.calls) {
    json args = json::array();
    for (const auto& a : c.args) args.push_back(holder_json(a));
    calls.push_back({{"callee", c.callee}, {"at", c.at}, {"receiver", holder_json(c.receiver)}, {"args", args}});
  }
  return {{"name", t.name}, {"grows", grows}, {"empties", empties}, {"loops", loops}, {"calls", calls}};
}

// Only calls that pass a parameter or a local's address matter to the join.
bool passes_pointer(const CallFact& c) {
  auto matters = [](const ArgFact& a) { return a.value.kind == "param" || a.value.kind == "stack"; };
  return matters(c.receiver) || std::any_of(c.args.begin(), c.args.end(), matters);
}

json report_json(const FileReport& r) {
  json findings = json::array(), functions = json::array();
  for (const auto& f : r.findings) {
    json edits = json::array();
    for (const auto& e : f.edits) edits.push_back({{"start", e.start}, {"end", e.end}, {"text", e.text}});
    findings.push_back({{"rule", f.rule}, {"start", f.start}, {"end", f.end}, {"args", f.args}, {"edits", edits}});
  }
  for (const auto& fn : r.functions) {
    json stores = json::array(), calls = json::array();
    for (const auto& s : fn.stores) stores.push_back({{"param", s.param}, {"into", place_json(s.into)}});
    for (const auto& c : fn.calls) {
      if (!passes_pointer(c)) continue;
      json args = json::array();
      for (const auto& a : c.args) args.push_back(arg_json(a));
      calls.push_back({{"callee", c.callee}, {"start", c.start}, {"end", c.end}, {"receiver", arg_json(c.receiver)}, {"args", args}});
    }
    if (stores.empty() && calls.empty()) continue;
    functions.push_back({{"name", fn.name}, {"main", fn.is_main}, {"params", fn.params}, {"stores", stores}, {"calls", calls}});
  }
  json devices = json::array(), registrations = json::array();
  for (const auto& d : r.devices)
    devices.push_back({{"name", d.name}, {"start", d.start}, {"end", d.end}, {"launches", d.launches}, {"guards", d.guards}, {"callees", d.callees}});
  for (const auto& g : r.registrations) registrations.push_back({{"function", g.function}, {"start", g.start}, {"end", g.end}});
  json raw = json::array(), tapes = json::array();
  for (const auto& p : r.raw_pointers) raw.push_back({{"function", p.function}, {"param", p.param}, {"start", p.start}, {"end", p.end}});
  for (const auto& t : r.tapes) tapes.push_back(tape_json(t));
  return {{"path", r.path}, {"inputs", r.inputs}, {"devices", devices}, {"registrations", registrations}, {"raw_pointers", raw},
          {"tapes", tapes}, {"parsed", r.parsed}, {"errors", r.errors}, {"first_error", r.first_error},
          {"findings", findings}, {"functions", functions}, {"headers", r.headers}, {"dropped", r.dropped}};
}

Request read_request(const json& in) {
  Request r;
  r.files = in.value("files", std::vector<std::string>{});
  r.args.database_dir = in.value("compile_db", "");
  r.args.fast_headers = in.value("fast_headers", false);
  r.args.cuda_path = in.value("cuda_path", "/usr/local/cuda");
  std::error_code ec;
  // Clang 16's CUDA wrapper includes texture_fetch_functions.h, which CUDA 12 removed: with an
  // older Clang the shim stands in for the CUDA runtime headers.
  r.args.cuda_headers = CLANG_VERSION_MAJOR >= 17 && fs::exists(r.args.cuda_path + "/include/cuda_runtime.h", ec);
  for (const auto& rule : in.value("rules", json::array())) {
    std::string id = rule.value("id", "");
    if (rule.contains("check")) {
      std::string name = rule.value("check", "");
      if (const CheckFunction* f = find_check(name)) r.checks.emplace_back(id, f);
      else r.rule_errors.push_back({{"rule", id}, {"index", -1}, {"message", "no check named `" + name + "`"}});
    }
    int index = 0;
    for (const auto& m : rule.value("matchers", json::array())) {
      std::string expr = m.value("expr", "");
      clang::ast_matchers::dynamic::Diagnostics diag;
      llvm::StringRef code(expr);
      auto matcher = clang::ast_matchers::dynamic::Parser::parseMatcherExpression(code, &diag);
      std::optional<am::internal::DynTypedMatcher> bound;
      if (matcher)
        if (auto b = matcher->tryBind("root")) bound = *b;  // llvm::Optional before Clang 16, std::optional after
      if (!bound) {
        std::string message = matcher ? "the matcher cannot be bound (match a node, not a type)" : diag.toStringFull();
        r.rule_errors.push_back({{"rule", id}, {"index", index}, {"message", message}});
      } else {
        r.matchers.push_back({id, *bound, m.value("member_fix", "")});
      }
      ++index;
    }
  }
  return r;
}

}  // namespace
}  // namespace torchlint::cxx

int main(int argc, char** argv) {
  using namespace torchlint::cxx;
  if (argc > 1 && std::string(argv[1]) == "--version") {
    std::cout << "torchlint-cxx on " << clang::getClangFullVersion() << "\n";
    return 0;
  }
  if (argc > 1 && std::string(argv[1]) == "--checks") {
    for (const auto& n : check_names()) std::cout << n << "\n";
    return 0;
  }
  // Clang's fatal errors (a malformed file a flag names) quote the file: only that they happened
  // is shown; torchlint reports the file as not checked.
  llvm::install_fatal_error_handler([](void*, const char*, bool) {
    static const char kMessage[] = "torchlint-cxx: Clang stopped on a fatal error (not shown: it may quote files outside the analysed sources)\n";
    (void)!::write(2, kMessage, sizeof kMessage - 1);
    ::_exit(70);
  });
  json in;
  try {
    in = json::parse(std::cin);
  } catch (const std::exception& e) {
    std::cerr << "torchlint-cxx: the request is not JSON: " << e.what() << "\n";
    return 2;
  }
  Request request = read_request(in);
  const json texts = in.value("texts", json::object());
  CompileArgs args(request.args);
  auto files_with_shim = file_system_with_shim();
  json files = json::array();
  for (const auto& file : request.files) {
    FileReport report;
    report.path = file;
    auto [argv_for, dir] = args.for_file(file);
    if (std::getenv("TORCHLINT_CXX_ARGS")) {  // show the command line each file is parsed with
      for (const auto& a : argv_for) std::cerr << a << " ";
      std::cerr << file << "\n";
    }
    // By absolute path: a file given by its contents alone (staged, stdin) may not exist on disk.
    std::error_code ec;
    std::string absolute = fs::absolute(file, ec).lexically_normal().string();
    OneFileDatabase db(absolute, argv_for, dir);
    clang::tooling::ClangTool tool(db, {absolute}, std::make_shared<clang::PCHContainerOperations>(), files_with_shim);
    // Staged or piped contents stand in for the file on disk (its includes still resolve there).
    std::string given;  // the tool keeps a reference to it until the parse ends
    if (auto it = texts.find(file); it != texts.end() && it->is_string()) {
      given = it->get<std::string>();
      respell_spaced_launches(given);
      tool.mapVirtualFile(absolute, given);
    }
    tool.setPrintErrorMessage(false);
    // The driver's errors too (a bad command line, a missing input) go to the report, not stderr.
    CountingConsumer driver_errors(report);
    tool.setDiagnosticConsumer(&driver_errors);
    struct Factory : clang::tooling::FrontendActionFactory {
      const Request& r;
      FileReport& out;
      Factory(const Request& rr, FileReport& o) : r(rr), out(o) {}
      std::unique_ptr<clang::FrontendAction> create() override { return std::make_unique<Action>(r, out); }
    } factory(request, report);
    tool.run(&factory);
    // The parse read these files; its flags came from this database.
    if (std::string db = args.database_file(file); !db.empty()) report.inputs.push_back(db);
    report.dropped = args.dropped(file);
    files.push_back(report_json(report));
  }
  json out = {{"files", files}, {"rule_errors", request.rule_errors}, {"clang", clang::getClangFullVersion()}};
  std::cout << out.dump() << "\n";
  return 0;
}
