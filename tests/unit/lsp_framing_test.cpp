// The language server's input: FrameReader (lsp/framing.h) and parse_rpc_message
// (lsp/jsonrpc.h). tests/security/lsp_framing_test.sh drives the same through the binary.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "lsp/framing.h"
#include "lsp/jsonrpc.h"

using namespace torchlint;

namespace {

// Every frame of `input`, as "message:BODY", "broken", "too large" or "end".
std::vector<std::string> frames_of(const std::string& input, size_t max_body = kMaxMessageBytes) {
  std::istringstream in(input);
  FrameReader reader(in, max_body);
  std::vector<std::string> seen;
  for (;;) {
    Frame f = reader.next();
    switch (f.kind) {
      case Frame::Kind::Message: seen.push_back("message:" + f.body); break;
      case Frame::Kind::BrokenHeader: seen.push_back("broken"); break;
      case Frame::Kind::TooLarge: seen.push_back("too large"); break;
      case Frame::Kind::End: seen.push_back("end"); return seen;
    }
  }
}

using Seen = std::vector<std::string>;

int error_code(std::string_view body) {
  auto parsed = parse_rpc_message(body);
  const auto* error = std::get_if<RpcError>(&parsed);
  return error ? error->code : 0;
}

}  // namespace

TEST_CASE("lsp framing: well-formed frames, in a row") {
  CHECK(frames_of("Content-Length: 2\r\n\r\n{}content-length:1\r\nContent-Type: x\r\n\r\n7") ==
        Seen{"message:{}", "message:7", "end"});
  CHECK(frames_of("") == Seen{"end"});
  CHECK(frames_of("Content-Length: 10\r\n\r\n{}") == Seen{"end"});  // the client left mid-body
}

TEST_CASE("lsp framing: a broken header is reported, and the next Content-Length resynchronises") {
  const std::string next = "Content-Length: 2\r\n\r\n{}";
  for (const std::string& broken : std::vector<std::string>{"Content-Length: abc\r\n\r\n{}", "Content-Length: -5\r\n\r\n{}",
                             "Content-Length: +5\r\n\r\n{}", "Content-Length: 99999999999999999999999\r\n\r\n{}",
                             "Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}", "Content-Length: 2\n\n{}",
                             "Content-Type: x\r\n\r\n{}", "\r\n{}", "{\"id\":1}", "Bad Name: 1\r\n\r\n",
                             "X-Pad: " + std::string(kMaxHeaderBytes, 'a')}) {
    CAPTURE(broken);
    CHECK(frames_of(broken + next) == Seen{"broken", "message:{}", "end"});
  }
}

TEST_CASE("lsp framing: a body over the limit is skipped, and the stream stays in step") {
  CHECK(frames_of("Content-Length: 5\r\n\r\n{\"a\"}Content-Length: 2\r\n\r\n{}", 4) ==
        Seen{"too large", "message:{}", "end"});
  CHECK(frames_of("Content-Length: 2000000000\r\n\r\n{}") == Seen{"end"});
}

TEST_CASE("lsp jsonrpc: each malformed message gets JSON-RPC's error") {
  CHECK(error_code("{not json") == rpc_error::kParseError);
  CHECK(error_code(std::string(kMaxJsonDepth + 1, '[') + std::string(kMaxJsonDepth + 1, ']')) == rpc_error::kParseError);
  CHECK(error_code(std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']')) == rpc_error::kInvalidRequest);
  CHECK(error_code("42") == rpc_error::kInvalidRequest);
  CHECK(error_code(R"({"jsonrpc":"2.0","id":{},"method":"shutdown"})") == rpc_error::kInvalidRequest);
  CHECK(error_code(R"({"jsonrpc":"2.0","id":1.5,"method":"shutdown"})") == rpc_error::kInvalidRequest);
  CHECK(error_code(R"({"jsonrpc":"2.0","id":1,"method":"x","params":"s"})") == rpc_error::kInvalidRequest);
  CHECK(error_code(R"({"jsonrpc":"1.0","id":1,"method":"x"})") == rpc_error::kInvalidRequest);
  CHECK(error_code(R"({"jsonrpc":"2.0","id":1})") == rpc_error::kInvalidRequest);

  auto parsed = parse_rpc_message(R"({"jsonrpc":"2.0","id":"a","method":"x","params":"s"})");
  REQUIRE(std::holds_alternative<RpcError>(parsed));
  CHECK(std::get<RpcError>(parsed).id == "a");  // a readable id is answered
}

TEST_CASE("lsp jsonrpc: requests, notifications and responses") {
  auto request = std::get<RpcMessage>(parse_rpc_message(R"({"jsonrpc":"2.0","id":3,"method":"shutdown"})"));
  CHECK(request.kind == RpcMessage::Kind::Request);
  CHECK(request.id == 3);
  CHECK(request.params == nlohmann::json::object());
  auto notification = std::get<RpcMessage>(parse_rpc_message(R"({"jsonrpc":"2.0","method":"exit","params":[]})"));
  CHECK(notification.kind == RpcMessage::Kind::Notification);
  // A response is never answered, even a malformed one: two peers must not trade errors.
  auto response = std::get<RpcMessage>(parse_rpc_message(R"({"id":{},"error":{"code":1}})"));
  CHECK(response.kind == RpcMessage::Kind::Response);
}
