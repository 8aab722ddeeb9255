// LSP's base protocol: messages framed by a `Content-Length` header, read from a byte stream
// in bounded memory whatever the stream holds.
#pragma once
#include <cstddef>
#include <cstdint>
#include <istream>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>

namespace torchlint {

// The largest message body read; a larger one is skipped unread (docs/editors.md).
inline constexpr size_t kMaxMessageBytes = size_t{64} << 20;
// The largest header section: real ones hold one or two short lines.
inline constexpr size_t kMaxHeaderBytes = 8192;

struct Frame {
  enum class Kind {
    Message,       // `body` holds the message, not yet parsed
    BrokenHeader,  // the header was malformed; the stream resynchronises on the next header
    TooLarge,      // the body was over the limit and has been skipped
    End,           // the input ended (between or inside messages)
  };
  Kind kind = Kind::End;
  std::string body;
  std::string problem;  // BrokenHeader, TooLarge: what was wrong, for the log and the reply
};

// Reads frames one at a time. Header lines are `Name: value` ended by `\r\n`; exactly one
// `Content-Length` of decimal digits is required, other fields are ignored (each at most
// once). The body is read as it arrives, never allocated ahead from what the header claims.
// After a broken header the body's length is unknown: the next frame starts at the next
// `Content-Length:` in the stream, whatever precedes it being skipped.
class FrameReader {
 public:
  explicit FrameReader(std::istream& in, size_t max_body = kMaxMessageBytes) : in_(in), max_body_(max_body) {}
  Frame next();

 private:
  struct Header {
    std::optional<uint64_t> content_length;
    std::string problem;  // empty when the header is well formed
    bool ended = false;   // the input ended inside it
  };
  Header read_header(std::string line);
  bool skip_to_next_header();
  bool skip_bytes(uint64_t count);
  std::optional<std::string> read_body(size_t length);

  std::istream& in_;
  size_t max_body_;
  bool resynchronising_ = false;
};

void write_message(std::ostream& out, const nlohmann::json& msg);

}  // namespace torchlint
