#include "lsp/framing.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <set>
#include <string_view>

namespace torchlint {

namespace {

// Bodies are read in pieces of this size, so memory follows the bytes that arrived.
constexpr size_t kReadChunk = size_t{1} << 20;
constexpr std::string_view kContentLengthLower = "content-length";

bool is_token_char(char c) {  // RFC 9110's tchar: what a header field name is made of
  return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

std::string_view trim_blanks(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// One `Name: value` line (without its `\r\n`) into `content_length`; the problem, or "".
std::string add_field(std::string_view line, std::set<std::string>& seen, std::optional<uint64_t>& content_length) {
  size_t colon = line.find(':');
  if (colon == std::string_view::npos) return "a header line has no ':'";
  std::string_view name = line.substr(0, colon);
  if (name.empty() || !std::all_of(name.begin(), name.end(), is_token_char)) return "a header field name is not a token";
  std::string key(name);
  std::transform(key.begin(), key.end(), key.begin(), lower);
  if (!seen.insert(key).second) return fmt::format("the header has two {} fields", name);  // token characters only
  if (key != kContentLengthLower) return "";  // Content-Type and fields unknown to LSP: nothing to check
  std::string_view value = trim_blanks(line.substr(colon + 1));
  uint64_t length = 0;
  bool digits = !value.empty() && std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; });
  auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), length);
  if (!digits || error != std::errc() || end != value.data() + value.size())
    return "Content-Length is not a decimal number of bytes";
  content_length = length;
  return "";
}

}  // namespace

Frame FrameReader::next() {
  std::string line;  // what resynchronising consumed of the first header line
  if (resynchronising_) {
    if (!skip_to_next_header()) return {};
    line = "Content-Length:";
    resynchronising_ = false;
  }
  Header header = read_header(std::move(line));
  if (header.ended) return {};
  if (!header.problem.empty()) {
    resynchronising_ = true;
    return {Frame::Kind::BrokenHeader, "", std::move(header.problem)};
  }
  uint64_t length = *header.content_length;
  if (length > max_body_) {  // the header is sound, so skipping the body keeps the stream in step
    if (!skip_bytes(length)) return {};
    return {Frame::Kind::TooLarge, "",
            fmt::format("a message of {} bytes is over the limit of {} bytes; it was skipped unread", length, max_body_)};
  }
  std::optional<std::string> body = read_body(static_cast<size_t>(length));
  if (!body) return {};
  return {Frame::Kind::Message, std::move(*body), ""};
}

FrameReader::Header FrameReader::read_header(std::string line) {
  Header header;
  std::set<std::string> seen;  // field names, lowercase
  size_t total = line.size();
  auto broken = [&](std::string problem) {
    header.problem = std::move(problem);
    return header;
  };
  for (int c; (c = in_.get()) != std::char_traits<char>::eof();) {
    if (++total > kMaxHeaderBytes) return broken(fmt::format("the header is longer than {} bytes", kMaxHeaderBytes));
    // Stopping at once (a body sent without a header, say) lets resynchronising find a
    // `Content-Length:` later on this same line.
    if (line.empty() && c != '\r' && c != '\n' && !is_token_char(static_cast<char>(c)))
      return broken("a header line does not start with a field name");
    if (c != '\n') {
      line += static_cast<char>(c);
      continue;
    }
    if (line.empty() || line.back() != '\r') return broken("a header line does not end with \\r\\n");
    line.pop_back();
    if (line.empty()) {  // the empty line that ends the header
      if (!header.content_length) return broken("the header has no Content-Length");
      return header;
    }
    if (std::string problem = add_field(line, seen, header.content_length); !problem.empty()) return broken(problem);
    line.clear();
  }
  header.ended = true;
  return header;
}

bool FrameReader::skip_to_next_header() {
  std::string_view marker = "content-length:";
  size_t matched = 0;
  for (int c; (c = in_.get()) != std::char_traits<char>::eof();) {
    char l = lower(static_cast<char>(c));
    if (l == marker[matched]) {
      if (++matched == marker.size()) return true;
    } else {
      // No proper prefix of the marker is also its suffix, so restarting here misses nothing.
      matched = l == marker[0] ? 1 : 0;
    }
  }
  return false;
}

bool FrameReader::skip_bytes(uint64_t count) {
  std::string scratch(std::min<uint64_t>(count, kReadChunk), '\0');  // istream::ignore goes byte by byte
  while (count > 0) {
    auto piece = static_cast<std::streamsize>(std::min<uint64_t>(count, scratch.size()));
    in_.read(scratch.data(), piece);
    if (in_.gcount() != piece) return false;
    count -= static_cast<uint64_t>(piece);
  }
  return true;
}

std::optional<std::string> FrameReader::read_body(size_t length) {
  std::string body;
  while (body.size() < length) {
    size_t start = body.size(), piece = std::min(length - start, kReadChunk);
    body.resize(start + piece);
    in_.read(body.data() + start, static_cast<std::streamsize>(piece));
    if (static_cast<size_t>(in_.gcount()) != piece) return std::nullopt;
  }
  return body;
}

void write_message(std::ostream& out, const nlohmann::json& msg) {
  std::string body = msg.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  out << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  out.flush();
}

}  // namespace torchlint
