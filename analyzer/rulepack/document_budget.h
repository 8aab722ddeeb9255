// Caps on walking a parsed document (rule packs, configurations). yaml-cpp keeps an alias as a
// reference to its anchor's node, so a 17-byte `select: &x [*x]` is a cycle and ten lines of
// aliases of aliases (a "billion laughs") are 10^9 values: only a reader that walks the graph
// meets them, as a stack overflow or an out-of-memory kill. Every reader counts its walk here
// and reports an exceeded cap as an error in the file instead.
#pragma once
#include <cstddef>
#include <string>

namespace torchlint {

class DocumentBudget {
 public:
  static constexpr int kMaxNesting = 100;
  static constexpr size_t kMaxNodes = 200000;  // the largest built-in rule has ~2,000

  // Entering one node of the document: counted, and one level deeper until it is destroyed.
  class Enter {
   public:
    explicit Enter(DocumentBudget& b) : b_(b) {
      ++b_.depth_;
      ++b_.nodes_;
    }
    ~Enter() { --b_.depth_; }
    Enter(const Enter&) = delete;
    Enter& operator=(const Enter&) = delete;

    // "" within the caps; else what was exceeded, to follow a plural subject ("match rules ",
    // "the configuration's values "): "nest more than 100 levels deep (...)".
    std::string exceeded() const {
      if (b_.depth_ > kMaxNesting)
        return "nest more than " + std::to_string(kMaxNesting) +
               " levels deep (is a YAML alias used inside its own anchor?)";
      if (b_.nodes_ > kMaxNodes)
        return "expand to more than " + std::to_string(kMaxNodes) + " nodes (YAML aliases of aliases?)";
      return "";
    }

   private:
    DocumentBudget& b_;
  };

 private:
  int depth_ = 0;
  size_t nodes_ = 0;
};

}  // namespace torchlint
