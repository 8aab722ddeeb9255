// JSON-RPC 2.0 as LSP uses it: a message body is parsed and its shape checked once, here, so
// that the server reads only well-typed fields.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <variant>

namespace torchlint {

// Error codes of JSON-RPC, and LSP's own.
namespace rpc_error {
inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;
inline constexpr int kServerNotInitialized = -32002;
}  // namespace rpc_error

// Bodies nested deeper than this are refused before they are built: real messages nest a
// few levels, and depth costs memory while parsing.
inline constexpr int kMaxJsonDepth = 64;

struct RpcMessage {
  enum class Kind { Request, Notification, Response };
  Kind kind = Kind::Notification;
  nlohmann::json id;      // Request: an integer or a string
  std::string method;     // Request, Notification
  nlohmann::json params;  // an object or an array; an empty object when the message has none
};

// An error to answer with; `id` is null where the message's id could not be read.
struct RpcError {
  int code = rpc_error::kInvalidRequest;
  std::string message;
  nlohmann::json id;
};

std::variant<RpcMessage, RpcError> parse_rpc_message(std::string_view body);

nlohmann::json rpc_result(const nlohmann::json& id, const nlohmann::json& result);
nlohmann::json rpc_error_response(const RpcError& error);
nlohmann::json rpc_notification(const std::string& method, const nlohmann::json& params);

}  // namespace torchlint
