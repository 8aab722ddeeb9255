#include "shim_fs.h"

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>

#include <optional>

#include "launch_spelling.h"
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
  // The CUDA stand-in's header libraries: any Thrust or CUB header is the whole shim of it; a
  // libcu++ header (`cuda/std/type_traits`) is the standard one, under cuda::std. "" for a
  // folder of them.
  static std::optional<std::string> cuda_library_stand_in(std::string_view p) {
    std::string root = std::string(kCudaShimRoot) + "/";
    if (!p.starts_with(root)) return std::nullopt;
    std::string_view rest = p.substr(root.size());
    bool folder = llvm::sys::path::extension(p).empty() && !llvm::sys::path::filename(p).contains('.');
    bool library = rest.starts_with("thrust/") || rest.starts_with("cub/") || rest.starts_with("cuda/std/");
    if (folder && (library || rest == "cuda" || rest == "cuda/std")) return "";
    if (rest.starts_with("thrust/")) return "#pragma once\n#include <thrust/__torchlint_thrust.h>\n";
    if (rest.starts_with("cub/")) return "#pragma once\n#include <cub/cub.cuh>\n";
    if (rest.starts_with("cuda/std/") && rest.find('/', 9) == std::string_view::npos) {
      std::string name(rest.substr(9));
      return "#pragma once\n#if __has_include(<" + name + ">)\n#include <" + name + ">\n#endif\nnamespace cuda { namespace std { using namespace ::std; } }\n";
    }
    return std::nullopt;
  }

  bool add_folder(const std::string& path) {
    return memory_->addFile(path + "/.torchlint-folder", 0, llvm::MemoryBuffer::getMemBuffer(""));
  }

  // Whether `path` may exist as an empty stand-in; if so, adds it.
  bool materialise(const std::string& path) {
    std::string_view p(path);
    bool fallback = p.starts_with(std::string(kFallbackRoot) + "/");
    bool torch_family = false;
    for (const char* dir : {"torch/", "ATen/", "c10/", "caffe2/", "pybind11/", "THC/", "THCUNN/"})
      torch_family = torch_family || p.starts_with(std::string(kShimRoot) + "/" + dir);
    if (auto text = cuda_library_stand_in(p))
      return text->empty() ? add_folder(path) : memory_->addFile(path, 0, llvm::MemoryBuffer::getMemBufferCopy(*text));
    if (!fallback && !torch_family) return false;
    if (llvm::sys::path::extension(p).empty() && !llvm::sys::path::filename(p).contains('.'))
      return add_folder(path);
    return memory_->addFile(path, 0, llvm::MemoryBuffer::getMemBuffer("// torchlint: header not found; empty\n"));
  }

  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> memory_;
};

// A file read from memory with the status of the file it stands for.
class MemoryFile : public llvm::vfs::File {
 public:
  MemoryFile(llvm::vfs::Status status, std::string text) : status_(std::move(status)), text_(std::move(text)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return status_; }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> getBuffer(const llvm::Twine& name, int64_t, bool, bool) override {
    return llvm::MemoryBuffer::getMemBufferCopy(text_, name);
  }
  std::error_code close() override { return {}; }

 private:
  llvm::vfs::Status status_;
  std::string text_;
};

// The real file system, with the project's spaced kernel launches respelled as Clang reads them.
class LaunchSpellingFileSystem : public llvm::vfs::ProxyFileSystem {
 public:
  explicit LaunchSpellingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs) : ProxyFileSystem(std::move(fs)) {}
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine& path) override {
    auto f = ProxyFileSystem::openFileForRead(path);
    std::string name = path.str();
    if (!f || !is_project_source(name)) return f;
    auto status = (*f)->status();
    auto buffer = (*f)->getBuffer(name, -1, true, false);
    if (!status || !buffer) return ProxyFileSystem::openFileForRead(path);
    std::string text = (*buffer)->getBuffer().str();
    if (!respell_spaced_launches(text)) return ProxyFileSystem::openFileForRead(path);
    return std::unique_ptr<llvm::vfs::File>(std::make_unique<MemoryFile>(*status, std::move(text)));
  }

 private:
  // A C/C++/CUDA file outside the system's and the toolkit's folders.
  static bool is_project_source(const std::string& path) {
    std::string e = llvm::sys::path::extension(path).lower();
    bool source = e == ".cu" || e == ".cuh" || e == ".h" || e == ".hpp" || e == ".hh" || e == ".hxx" || e == ".c" ||
                  e == ".cc" || e == ".cpp" || e == ".cxx" || e == ".inl" || e == ".ipp" || e == ".tpp";
    return source && !path.starts_with("/usr/") && !path.starts_with("/opt/");
  }
};

}  // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> file_system_with_shim() {
  auto memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const auto& f : shim_files())
    memory->addFile(std::string(kShimRoot) + "/" + f.path, 0, llvm::MemoryBuffer::getMemBuffer(f.text, f.path));
  memory->addFile(std::string(kFallbackRoot) + "/.torchlint-folder", 0, llvm::MemoryBuffer::getMemBuffer(""));
  auto overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::makeIntrusiveRefCnt<LaunchSpellingFileSystem>(llvm::vfs::getRealFileSystem()));
  overlay->pushOverlay(llvm::makeIntrusiveRefCnt<ShimFileSystem>(memory));
  return overlay;
}

}  // namespace torchlint::cxx
