// A string kept once for the whole run: the thousands of call sites in a project that name
// `torch.nn.functional.relu` share one copy instead of one heap string each. Interned strings
// live until the process ends (the pool only grows by the distinct texts a run meets).
#pragma once
#include <string>
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

 private:
  static const std::string& none();
  const std::string* text_ = nullptr;
};

}  // namespace torchlint
