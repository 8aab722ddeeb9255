#include "lsp/server.h"

#include <fmt/format.h>

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>

#include "cli/buffer_check.h"
#include "cli/config.h"
#include "cli/terminal.h"
#include "core/version.h"
#include "lsp/framing.h"
#include "lsp/jsonrpc.h"
#include "lsp/protocol.h"
#include "python/rule_compiler.h"
#include "rulepack/loader.h"

namespace torchlint {

using json = nlohmann::json;

namespace {

struct Document {
  std::unique_ptr<SourceFile> file;  // path and text, with its line index
  std::vector<Diagnostic> findings;
};

constexpr int kError = 1, kInformation = 3;  // LSP's DiagnosticSeverity
constexpr int kLogWarning = 2;               // LSP's MessageType

// A diagnostic about the whole document, shown on its first line.
json document_notice(int severity, const std::string& message) {
  return {{"range", {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", 0}, {"character", 0}}}}},
          {"severity", severity},
          {"source", "torchlint"},
          {"message", message}};
}

class Server {
 public:
  Server(std::ostream& out, std::ostream& log) : out_(out), log_(log) {}

  // LSP's lifecycle: before `initialize` requests are refused and notifications dropped;
  // after `shutdown` requests are refused; `exit` ends, with 0 only after `shutdown`.
  // Returns the exit code once the client asks to exit.
  std::optional<int> handle(const RpcMessage& m) {
    if (m.method == "exit") return state_ == State::ShutDown ? 0 : 1;
    if (m.kind == RpcMessage::Kind::Response) return std::nullopt;  // torchlint sends no requests
    bool request = m.kind == RpcMessage::Kind::Request;
    if (state_ == State::Uninitialized && !(request && m.method == "initialize")) {
      if (request) reply_error(m.id, rpc_error::kServerNotInitialized, "the server has not been initialized");
      return std::nullopt;
    }
    if (state_ == State::ShutDown) {
      if (request) reply_error(m.id, rpc_error::kInvalidRequest, "the server has been shut down");
      return std::nullopt;
    }
    try {
      if (request) answer(m);
      else take_notice(m);
    } catch (const json::exception& e) {  // params of the wrong shape
      if (request) reply_error(m.id, rpc_error::kInvalidParams, e.what());
      else log("ignored a " + m.method + " notification: " + e.what());
    } catch (const std::exception& e) {
      if (request) reply_error(m.id, rpc_error::kInternalError, e.what());
      else log(m.method + " failed: " + e.what());
    }
    return std::nullopt;
  }

  // A message over the size limit, skipped unread: a whole document may have been lost with
  // it, so the editor's log hears of it too (once initialized, as LSP allows).
  void refuse_too_large(const std::string& problem) {
    if (state_ != State::Uninitialized)
      notify("window/logMessage", {{"type", kLogWarning}, {"message", "torchlint server: " + problem}});
    refuse({rpc_error::kInvalidRequest, problem, nullptr});
  }

  // A frame or message that is not JSON-RPC: logged, and answered with its id where it could
  // be read (null otherwise), as JSON-RPC asks.
  void refuse(const RpcError& error) {
    log(error.message);
    write_message(out_, rpc_error_response(error));
  }

 private:
  enum class State { Uninitialized, Running, ShutDown };

  void answer(const RpcMessage& m) {
    const json& params = m.params;
    if (m.method == "initialize") {
      if (state_ != State::Uninitialized) return reply_error(m.id, rpc_error::kInvalidRequest, "initialize was already received");
      state_ = State::Running;
      return reply(m.id, initialize_result());
    }
    if (m.method == "shutdown") {
      state_ = State::ShutDown;
      return reply(m.id, nullptr);
    }
    if (m.method == "textDocument/codeAction") return reply(m.id, code_actions(params));
    reply_error(m.id, rpc_error::kMethodNotFound, "method not supported: " + m.method);
  }

  void take_notice(const RpcMessage& m) {
    const json& params = m.params;
    if (m.method == "textDocument/didOpen") {
      const json& doc = params.at("textDocument");
      open(doc.at("uri").get<std::string>(), doc.at("text").get<std::string>());
    } else if (m.method == "textDocument/didChange") {
      const auto& changes = params.at("contentChanges").get_ref<const json::array_t&>();
      if (!changes.empty())  // full sync: the last change holds the whole text
        open(params.at("textDocument").at("uri").get<std::string>(), changes.back().at("text").get<std::string>());
    } else if (m.method == "textDocument/didSave") {
      std::string uri = params.at("textDocument").at("uri").get<std::string>();
      if (params.contains("text")) open(uri, params.at("text").get<std::string>());
      else if (docs_.count(uri)) publish(uri);
    } else if (m.method == "textDocument/didClose") {
      std::string uri = params.at("textDocument").at("uri").get<std::string>();
      docs_.erase(uri);
      notify("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", json::array()}});
    } else if (m.method == "workspace/didChangeWatchedFiles" || m.method == "workspace/didChangeConfiguration") {
      checker_.reload();  // a configuration may have changed: check every open document again
      for (auto& [uri, d] : docs_) publish(uri);
    }
  }

  json initialize_result() const {
    return {{"capabilities",
             {{"textDocumentSync", {{"openClose", true}, {"change", 1}, {"save", {{"includeText", true}}}}},
              {"codeActionProvider", {{"codeActionKinds", {"quickfix"}}}}}},
            {"serverInfo", {{"name", "torchlint"}, {"version", version()}}}};
  }

  void open(const std::string& uri, std::string text) {
    docs_[uri].file = std::make_unique<SourceFile>(path_of_uri(uri), std::move(text));
    publish(uri);
  }

  void publish(const std::string& uri) {
    Document& d = docs_[uri];
    json diagnostics = json::array();
    d.findings.clear();
    try {
      if (std::string skipped = checker_.too_large(d.file->path, d.file->text.size()); !skipped.empty())
        diagnostics.push_back(document_notice(kInformation, "torchlint did not analyse this file: " + skipped));
      else
        d.findings = checker_.check(d.file->path, d.file->text);
    } catch (const std::exception& e) {  // a broken configuration: say so once, at the top
      diagnostics.push_back(document_notice(kError, std::string("torchlint cannot check this file: ") + e.what()));
    }
    for (const auto& f : d.findings) diagnostics.push_back(to_lsp_diagnostic(*d.file, f));
    notify("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", diagnostics}});
  }

  json code_actions(const json& params) const {
    json actions = json::array();
    std::string uri = params.at("textDocument").at("uri").get<std::string>();
    uint32_t first = params.at("range").at("start").at("line").get<uint32_t>();
    uint32_t last = params.at("range").at("end").at("line").get<uint32_t>();
    auto it = docs_.find(uri);
    if (it == docs_.end()) return actions;
    const Document& d = it->second;
    for (const auto& f : d.findings) {
      json diag = to_lsp_diagnostic(*d.file, f);
      uint32_t line = diag["range"]["start"]["line"];
      if (line < first || line > last) continue;
      if (f.fix && !f.fix->edits.empty()) {
        json edits = json::array();
        for (const auto& e : f.fix->edits) edits.push_back({{"range", lsp_range(*d.file, e.range)}, {"newText", e.replacement}});
        actions.push_back({{"title", f.rule_id + ": " + f.fix->title},
                           {"kind", "quickfix"},
                           {"diagnostics", json::array({diag})},
                           {"isPreferred", f.fix->applicability == Applicability::Safe},
                           {"edit", {{"changes", {{uri, edits}}}}}});
      }
      if (json noqa = suppression_edit(*d.file, f); !noqa.is_null())
        actions.push_back({{"title", "Disable " + f.rule_id + " for this line"},
                           {"kind", "quickfix"},
                           {"diagnostics", json::array({diag})},
                           {"edit", {{"changes", {{uri, json::array({noqa})}}}}}});
    }
    return actions;
  }

  void reply(const json& id, const json& result) { write_message(out_, rpc_result(id, result)); }
  void reply_error(const json& id, int code, const std::string& message) {
    write_message(out_, rpc_error_response({code, message, id}));
  }
  void notify(const std::string& method, const json& params) { write_message(out_, rpc_notification(method, params)); }
  // Exceptions may quote the client's text: escaped, it cannot drive the terminal showing the log.
  void log(const std::string& line) { log_ << "torchlint server: " << printable(line) << "\n"; }

  std::ostream& out_;
  std::ostream& log_;
  BufferChecker checker_;
  std::map<std::string, Document> docs_;
  State state_ = State::Uninitialized;
};

}  // namespace

int run_language_server(std::istream& in, std::ostream& out, std::ostream& log) {
  Server server(out, log);
  FrameReader frames(in);
  while (true) {
    Frame frame = frames.next();
    switch (frame.kind) {
      case Frame::Kind::End:
        return 1;  // the client went away without `exit`
      case Frame::Kind::BrokenHeader:
        server.refuse({rpc_error::kParseError, frame.problem + "; skipping to the next Content-Length header", nullptr});
        continue;
      case Frame::Kind::TooLarge:
        server.refuse_too_large(frame.problem);
        continue;
      case Frame::Kind::Message:
        break;
    }
    std::variant<RpcMessage, RpcError> parsed = parse_rpc_message(frame.body);
    if (const auto* error = std::get_if<RpcError>(&parsed)) server.refuse(*error);
    else if (auto code = server.handle(std::get<RpcMessage>(parsed))) return *code;
  }
}

}  // namespace torchlint
