#include "lsp/jsonrpc.h"

#include <fmt/format.h>

namespace torchlint {

using json = nlohmann::json;

namespace {

// A first pass that builds nothing: it finds syntax errors and nesting past kMaxJsonDepth,
// so that the parse that builds the document runs only on a body known to be bounded.
class ShapeCheck : public json::json_sax_t {
 public:
  std::string problem;

  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool key(string_t&) override { return true; }
  bool start_object(std::size_t) override { return enter(); }
  bool start_array(std::size_t) override { return enter(); }
  bool end_object() override { return leave(); }
  bool end_array() override { return leave(); }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception&) override {
    problem = fmt::format("the message is not valid JSON (at byte {})", position);
    return false;
  }

 private:
  bool enter() {
    if (++depth_ <= kMaxJsonDepth) return true;
    problem = fmt::format("the message nests deeper than {} levels", kMaxJsonDepth);
    return false;
  }
  bool leave() {
    --depth_;
    return true;
  }
  int depth_ = 0;
};

bool is_valid_id(const json& id) { return id.is_number_integer() || id.is_string(); }

}  // namespace

std::variant<RpcMessage, RpcError> parse_rpc_message(std::string_view body) {
  ShapeCheck check;
  if (!json::sax_parse(body, &check) || !check.problem.empty())
    return RpcError{rpc_error::kParseError, check.problem.empty() ? "the message is not valid JSON" : check.problem, nullptr};
  json msg = json::parse(body);
  if (!msg.is_object()) return RpcError{rpc_error::kInvalidRequest, "a message must be a JSON object", nullptr};

  RpcMessage m;
  if (!msg.contains("method") && (msg.contains("result") || msg.contains("error"))) {
    m.kind = RpcMessage::Kind::Response;  // to a request of the server's: never answered, whatever its shape
    return m;
  }
  json id = msg.contains("id") && is_valid_id(msg["id"]) ? msg["id"] : json(nullptr);
  auto invalid = [&](std::string why) { return RpcError{rpc_error::kInvalidRequest, std::move(why), id}; };
  if (msg.contains("id") && !is_valid_id(msg["id"])) return invalid("`id` must be an integer or a string");
  if (msg.value("jsonrpc", json()) != "2.0") return invalid("`jsonrpc` must be \"2.0\"");
  if (!msg.contains("method") || !msg["method"].is_string()) return invalid("`method` must be a string");
  if (msg.contains("params") && !msg["params"].is_structured()) return invalid("`params` must be an object or an array");
  m.id = id;
  m.kind = id.is_null() ? RpcMessage::Kind::Notification : RpcMessage::Kind::Request;
  m.method = msg["method"].get<std::string>();
  m.params = msg.contains("params") ? std::move(msg["params"]) : json::object();
  return m;
}

json rpc_result(const json& id, const json& result) { return {{"jsonrpc", "2.0"}, {"id", id}, {"result", result}}; }

json rpc_error_response(const RpcError& error) {
  return {{"jsonrpc", "2.0"}, {"id", error.id}, {"error", {{"code", error.code}, {"message", error.message}}}};
}

json rpc_notification(const std::string& method, const json& params) {
  return {{"jsonrpc", "2.0"}, {"method", method}, {"params", params}};
}

}  // namespace torchlint
