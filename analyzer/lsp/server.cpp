#include "lsp/server.h"

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "cli/buffer_check.h"
#include "cli/config.h"
#include "core/version.h"
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

class Server {
 public:
  explicit Server(std::ostream& out) : out_(out) {}

  // Returns the exit code once the client asks to exit.
  std::optional<int> handle(const json& msg) {
    std::string method = msg.value("method", "");
    const json params = msg.value("params", json::object());
    bool is_request = msg.contains("id");
    if (method == "initialize") return reply(msg, initialize_result());
    if (method == "shutdown") {
      shut_down_ = true;
      return reply(msg, nullptr);
    }
    if (method == "exit") return shut_down_ ? 0 : 1;
    if (method == "textDocument/didOpen") {
      const json& doc = params.at("textDocument");
      open(doc.at("uri"), doc.at("text"));
    } else if (method == "textDocument/didChange") {
      const json& changes = params.at("contentChanges");
      if (!changes.empty()) open(params.at("textDocument").at("uri"), changes.back().at("text"));  // full sync
    } else if (method == "textDocument/didSave") {
      std::string uri = params.at("textDocument").at("uri");
      if (params.contains("text")) open(uri, params.at("text"));
      else if (docs_.count(uri)) publish(uri);
    } else if (method == "textDocument/didClose") {
      std::string uri = params.at("textDocument").at("uri");
      docs_.erase(uri);
      notify("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", json::array()}});
    } else if (method == "workspace/didChangeWatchedFiles" || method == "workspace/didChangeConfiguration") {
      checker_.reload();  // a configuration may have changed: check every open document again
      for (auto& [uri, d] : docs_) publish(uri);
    } else if (method == "textDocument/codeAction") {
      return reply(msg, code_actions(params));
    } else if (is_request) {
      return reply_error(msg, -32601, "method not supported: " + method);
    }
    return std::nullopt;
  }

 private:
  json initialize_result() const {
    return {{"capabilities",
             {{"textDocumentSync", {{"openClose", true}, {"change", 1}, {"save", {{"includeText", true}}}}},
              {"codeActionProvider", {{"codeActionKinds", {"quickfix"}}}}}},
            {"serverInfo", {{"name", "torchlint"}, {"version", version()}}}};
  }

  void open(const std::string& uri, const std::string& text) {
    docs_[uri].file = std::make_unique<SourceFile>(path_of_uri(uri), text);
    publish(uri);
  }

  void publish(const std::string& uri) {
    Document& d = docs_[uri];
    json diagnostics = json::array();
    d.findings.clear();
    try {
      d.findings = checker_.check(d.file->path, d.file->text);
    } catch (const std::exception& e) {  // a broken configuration: say so once, at the top
      diagnostics.push_back({{"range", {{"start", {{"line", 0}, {"character", 0}}}, {"end", {{"line", 0}, {"character", 0}}}}},
                             {"severity", 1},
                             {"source", "torchlint"},
                             {"message", std::string("torchlint cannot check this file: ") + e.what()}});
    }
    for (const auto& f : d.findings) diagnostics.push_back(to_lsp_diagnostic(*d.file, f));
    notify("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", diagnostics}});
  }

  json code_actions(const json& params) const {
    json actions = json::array();
    std::string uri = params.at("textDocument").at("uri");
    auto it = docs_.find(uri);
    if (it == docs_.end()) return actions;
    const Document& d = it->second;
    uint32_t first = params.at("range").at("start").at("line"), last = params.at("range").at("end").at("line");
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

  std::optional<int> reply(const json& request, const json& result) {
    write_message(out_, {{"jsonrpc", "2.0"}, {"id", request.at("id")}, {"result", result}});
    return std::nullopt;
  }

  std::optional<int> reply_error(const json& request, int code, const std::string& message) {
    write_message(out_, {{"jsonrpc", "2.0"}, {"id", request.at("id")}, {"error", {{"code", code}, {"message", message}}}});
    return std::nullopt;
  }

  void notify(const std::string& method, const json& params) {
    write_message(out_, {{"jsonrpc", "2.0"}, {"method", method}, {"params", params}});
  }

  std::ostream& out_;
  BufferChecker checker_;
  std::map<std::string, Document> docs_;
  bool shut_down_ = false;
};

}  // namespace

int run_language_server(std::istream& in, std::ostream& out) {
  Server server(out);
  while (true) {
    std::optional<json> msg = read_message(in);
    if (!msg) return 1;  // the client went away without `exit`
    try {
      if (auto code = server.handle(*msg)) return *code;
    } catch (const json::exception& e) {  // a malformed message: answer it, keep serving
      if (msg->contains("id"))
        write_message(out, {{"jsonrpc", "2.0"}, {"id", (*msg)["id"]}, {"error", {{"code", -32602}, {"message", e.what()}}}});
    }
  }
}

}  // namespace torchlint
