// Head words: the name a call, attribute or name ends in (`step` of `opt.step()`, `qr` of
// `th.linalg.qr`). A pattern whose head is a literal word can only match a node with the
// same head, so rules and `any:` branches are looked up by it instead of tried one by one.
#pragma once
#include <array>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "python/pattern.h"
#include "python/semantic_model.h"

namespace torchlint::py {

// The literal word a node matching `p` must end in; empty when the pattern does not fix one
// (a metavariable callee, a subscript, an operator).
std::string_view pattern_head(const PatternNode& p);

// The words a call / attribute / name node can be matched by: its own last name and, for a
// name bound by an import under another name (`from torch import qr as q`), the imported
// name's last segment. Unused slots are empty.
using NodeHeads = std::array<std::string_view, 2>;
NodeHeads node_heads(TSNode n, const SemanticModel& model);

// The identifier-like words a file spells anywhere (code, strings, comments): a rule that
// needs a word the file never spells cannot match there. One pass over the text.
struct WordHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
using WordSet = std::unordered_set<std::string, WordHash, std::equal_to<>>;

class FileWords {
 public:
  // Keeps only the words in `wanted` when given (the words some rule asks about).
  explicit FileWords(std::string_view text, const WordSet* wanted = nullptr);
  bool contains(std::string_view word) const { return words_.count(word) > 0; }

 private:
  std::unordered_set<std::string_view, WordHash, std::equal_to<>> words_;
};

// Lists of indices (rules, `any:` branches) filed under head words, plus those that have
// none; each list in ascending order so that a lookup keeps the original order.
class HeadIndex {
 public:
  void add(uint32_t index, const std::vector<std::string>& heads);
  bool empty() const { return by_head_.empty(); }
  // Calls `f(index)` in ascending order for every index that a node with `heads` may match.
  template <typename F>
  void for_each(const NodeHeads& heads, F&& f) const {
    const std::vector<uint32_t>* lists[3] = {&headless_, find(heads[0]), find(heads[1])};
    if (lists[2] == lists[1]) lists[2] = nullptr;
    size_t pos[3] = {0, 0, 0};
    for (;;) {
      uint32_t next = UINT32_MAX;
      for (int i = 0; i < 3; ++i)
        if (lists[i] && pos[i] < lists[i]->size()) next = std::min(next, (*lists[i])[pos[i]]);
      if (next == UINT32_MAX) return;
      for (int i = 0; i < 3; ++i)
        if (lists[i] && pos[i] < lists[i]->size() && (*lists[i])[pos[i]] == next) ++pos[i];
      if (!f(next)) return;
    }
  }

 private:
  const std::vector<uint32_t>* find(std::string_view head) const;
  std::unordered_map<std::string, std::vector<uint32_t>, WordHash, std::equal_to<>> by_head_;
  std::vector<uint32_t> headless_;
};

}  // namespace torchlint::py
