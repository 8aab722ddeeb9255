#include "core/noqa_lines.h"

namespace torchlint {

namespace {

// The length of the line end at `k` ("\n" or "\r\n"; lone CRs are LFs by now), or 0.
size_t line_end_at(std::string_view t, size_t k) {
  if (k < t.size() && t[k] == '\n') return 1;
  if (k + 1 < t.size() && t[k] == '\r' && t[k + 1] == '\n') return 2;
  return 0;
}

// Reads the text once, noting the comments and which lines run on into the next.
class Scanner {
 public:
  explicit Scanner(std::string_view t) : t_(t) {}

  void run(std::vector<bool>& joined, std::vector<Comment>& comments) {
    joined_ = &joined;
    for (i_ = 0; i_ < t_.size();) {
      char c = t_[i_];
      if (size_t end = line_end_at(t_, i_)) next_line(end, false);
      else if (c == '#') comments.push_back(comment());
      else if (c == '\\' && line_end_at(t_, i_ + 1)) ++i_, next_line(line_end_at(t_, i_), true);
      else if (c == '"' || c == '\'') string_literal(c);
      else ++i_;
    }
  }

 private:
  void next_line(size_t terminator, bool joins) {
    if (joined_->size() < line_) joined_->resize(line_, false);
    (*joined_)[line_ - 1] = joins;
    i_ += terminator;
    ++line_;
  }

  Comment comment() {
    size_t end = i_;
    while (end < t_.size() && !line_end_at(t_, end)) ++end;
    Comment c{{static_cast<uint32_t>(i_), static_cast<uint32_t>(end)}};
    i_ = end;
    return c;
  }

  // Skips a string literal from its opening quote; a line end inside it joins the lines. A
  // one-quote string ends at the end of its line (unterminated: the parser reports it).
  void string_literal(char quote) {
    bool triple = t_.substr(i_, 3) == std::string(3, quote);
    i_ += triple ? 3 : 1;
    while (i_ < t_.size()) {
      if (t_[i_] == '\\' && line_end_at(t_, i_ + 1)) {
        ++i_;
        next_line(line_end_at(t_, i_), true);
      } else if (t_[i_] == '\\') {
        i_ += 2;
      } else if (size_t end = line_end_at(t_, i_)) {
        if (!triple) return;
        next_line(end, true);
      } else if (t_[i_] == quote && (!triple || t_.substr(i_, 3) == std::string(3, quote))) {
        i_ += triple ? 3 : 1;
        return;
      } else {
        ++i_;
      }
    }
  }

  std::string_view t_;
  size_t i_ = 0;
  uint32_t line_ = 1;
  std::vector<bool>* joined_ = nullptr;
};

}  // namespace

NoqaLines::NoqaLines(std::string_view python_text) {
  std::vector<bool> joined;  // by line - 1: whether the line runs on into the next
  Scanner(python_text).run(joined, comments_);
  last_of_.resize(joined.size() + 1);
  for (size_t k = last_of_.size(); k-- > 0;)
    last_of_[k] = k < joined.size() && joined[k] ? last_of_[k + 1] : static_cast<uint32_t>(k + 1);
}

uint32_t NoqaLines::comment_line(uint32_t line) const {
  return line >= 1 && line <= last_of_.size() ? last_of_[line - 1] : line;
}

}  // namespace torchlint
