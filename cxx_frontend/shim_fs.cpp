#include "shim_fs.h"

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/Path.h>

#include "shim.h"

namespace torchlint::cxx {

namespace {

// Answers for missing paths under the shim roots by creating them, empty, on first look.
class ShimFileSystem : public llvm::vfs::ProxyFileSystem {
 public:
  explicit ShimFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> memory)
      : ProxyFileSystem(memory), memory_(std::move(memory)) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine& path) override {
    auto s = ProxyFileSystem::status(path);
    if (!s && materialise(path.str())) return ProxyFileSystem::status(path);
    return s;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine& path) override {
    auto f = ProxyFileSystem::openFileForRead(path);
    if (!f && materialise(path.str())) return ProxyFileSystem::openFileForRead(path);
    return f;
  }

 private:
  // Whether `path` may exist as an empty stand-in; if so, adds it.
  bool materialise(const std::string& path) {
    std::string_view p(path);
    bool fallback = p.starts_with(std::string(kFallbackRoot) + "/");
    bool torch_family = false;
    for (const char* dir : {"torch/", "ATen/", "c10/", "caffe2/", "pybind11/", "THC/", "THCUNN/"})
      torch_family = torch_family || p.starts_with(std::string(kShimRoot) + "/" + dir);
    if (!fallback && !torch_family) return false;
    if (llvm::sys::path::extension(p).empty() && !llvm::sys::path::filename(p).contains('.'))
      return memory_->addFile(path + "/.torchlint-folder", 0, llvm::MemoryBuffer::getMemBuffer(""));  // a folder
    return memory_->addFile(path, 0, llvm::MemoryBuffer::getMemBuffer("// torchlint: header not found; empty\n"));
  }

  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> memory_;
};

}  // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> file_system_with_shim() {
  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const auto& f : shim_files())
    memory->addFile(std::string(kShimRoot) + "/" + f.path, 0, llvm::MemoryBuffer::getMemBuffer(f.text, f.path));
  memory->addFile(std::string(kFallbackRoot) + "/.torchlint-folder", 0, llvm::MemoryBuffer::getMemBuffer(""));
  auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
  overlay->pushOverlay(llvm::makeIntrusiveRefCnt<ShimFileSystem>(memory));
  return overlay;
}

}  // namespace torchlint::cxx
