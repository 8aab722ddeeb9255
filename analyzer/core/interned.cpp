#include "core/interned.h"

#include <mutex>
#include <unordered_set>

namespace torchlint {

namespace {

struct Pool {
  std::mutex mutex;
  std::unordered_set<std::string> texts;  // node-based: element addresses never move
};

Pool& pool() {
  static Pool* p = new Pool;  // never destroyed: worker threads may intern until exit
  return *p;
}

}  // namespace

Interned::Interned(std::string_view text) {
  if (text.empty()) return;
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.mutex);
  text_ = &*p.texts.emplace(text).first;
}

size_t Interned::pool_size() {
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.mutex);
  return p.texts.size();
}

InternedScope::InternedScope() : saved_(std::make_unique<std::unordered_set<std::string>>()) {
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.mutex);
  p.texts.swap(*saved_);
}

InternedScope::~InternedScope() {
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.mutex);
  p.texts.swap(*saved_);  // saved_ now holds the scope's own texts, freed with it
}

const std::string& Interned::none() {
  static const std::string value;
  return value;
}

}  // namespace torchlint
