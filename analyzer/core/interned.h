// A string kept once for the whole run: the thousands of call sites in a project that name
// `torch.nn.functional.relu` share one copy instead of one heap string each. Interned strings
// live until the process ends, or until the InternedScope they were made in ends.
#pragma once
#include <memory>
#include <string>
#include <unordered_set>
#include <string_view>

namespace torchlint {

class Interned {
 public:
  Interned() = default;
  Interned(std::string_view text);  // NOLINT: a string, implicitly
  Interned(const std::string& text) : Interned(std::string_view(text)) {}  // NOLINT
  const std::string& str() const { return text_ ? *text_ : none(); }
  operator const std::string&() const { return str(); }  // NOLINT
  bool empty() const { return str().empty(); }
  bool starts_with(std::string_view prefix) const { return str().starts_with(prefix); }
  // One copy per text: equal texts are the same pointer.
  bool operator==(const Interned& other) const { return text_ == other.text_ || str() == other.str(); }
  static size_t pool_size();  // distinct texts interned (in the innermost scope)

 private:
  static const std::string& none();
  const std::string* text_ = nullptr;
};

// Texts interned while it lives are freed when it ends, and the pool is as it was before.
// Only for a span whose Interned values all die with it (a batch of projects: its summaries
// and index questions), so that a long run's pool follows one batch, not every file. Made and
// ended while no other thread interns; a text interned before it is interned again inside it
// (equality falls back to comparing the texts).
class InternedScope {
 public:
  InternedScope();
  ~InternedScope();
  InternedScope(const InternedScope&) = delete;
  InternedScope& operator=(const InternedScope&) = delete;

 private:
  std::unique_ptr<std::unordered_set<std::string>> saved_;  // the pool's texts from before it
};

}  // namespace torchlint
