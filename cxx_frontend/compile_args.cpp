#include "compile_args.h"

#include <clang/Driver/Options.h>
#include <clang/Tooling/JSONCompilationDatabase.h>
#include <llvm/Option/ArgList.h>
#include <llvm/Option/OptTable.h>
#include <llvm/Support/Path.h>

#include <cstdlib>
#include <filesystem>
#include <algorithm>
#include <map>
#include <set>

#include "nvcc_args.h"
#include "project_language.h"
#include "shim.h"
#include "shim_fs.h"

namespace fs = std::filesystem;

namespace torchlint::cxx {

namespace {


std::string extension_of(const std::string& file) { return llvm::sys::path::extension(file).lower(); }

bool is_cuda_file(const std::string& file) {
  std::string e = extension_of(file);
  return e == ".cu" || e == ".cuh";
}

// Clang's own headers (stddef.h, the CUDA wrappers). An installation that carries a copy has it
// where Clang looks for it, bin/../lib/clang/N (the wheel); otherwise the build's Clang has them.
// $TORCHLINT_CLANG_RESOURCE_DIR overrides both.
std::string clang_resource_dir() {
  if (const char* env = std::getenv("TORCHLINT_CLANG_RESOURCE_DIR"); env && *env) return env;
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  fs::path beside = self.parent_path().parent_path() / "lib/clang" / fs::path(TORCHLINT_CLANG_RESOURCE_DIR).filename();
  if (!ec && fs::is_directory(beside / "include", ec)) return beside.string();
  return TORCHLINT_CLANG_RESOURCE_DIR;
}

// How many arguments from argv[i] on are options that make Clang read a file that is neither a
// source nor a header, or pass flags through unchecked (0: none). A compile database comes with
// the repository: such a file could be anything on the machine, and Clang's errors about it
// (a bad line of a sanitizer list, a word of a config file) quote it. A parse needs none of
// them: profiles, sanitizer and XRay lists, plugins, module maps and caches, precompiled headers,
// VFS overlays, Clang config and response files, -Xclang / -mllvm pass-throughs.
size_t reads_other_files(const std::vector<std::string>& argv, size_t i) {
  static const std::set<std::string> with_value = {"-Xclang", "-mllvm", "-load", "-include-pch", "-ivfsoverlay",
                                                   "--config", "-fmodule-file", "-fmodules-cache-path", "-B",
                                                   "--gcc-install-dir", "-fprofile-list", "-fsanitize-ignorelist",
                                                   "-fsanitize-blacklist", "-fxray-always-instrument",
                                                   "-fxray-never-instrument", "-fxray-attr-list"};
  static const char* const prefixes[] = {"@", "--config=", "-fprofile-", "-fsanitize", "-fno-sanitize", "-fxray-",
                                         "-fplugin", "-fpass-plugin", "-fmodule-map-file=", "-fmodule-file=",
                                         "-fmodules", "-fprebuilt-module-path", "-fimplicit-module-maps",
                                         "-fcoverage-", "-fcrash-diagnostics", "-fembed-", "-fcs-profile-",
                                         "-include-pch", "-ivfsoverlay", "-B", "-Xclang=", "-mllvm=", "--gcc-install-dir="};
  const std::string& a = argv[i];
  if (with_value.count(a)) return i + 1 < argv.size() ? 2 : 1;
  for (const char* p : prefixes)
    if (std::string_view(a).starts_with(p)) return 1;
  return 0;
}

// The options of `args` (a clang command line) Clang's driver does not know -- a gcc-only flag
// (`-fno-gnu-unique`) handed through a database -- removed, and listed in `dropped`.
void drop_unknown_options(std::vector<std::string>& args, std::vector<std::string>* dropped) {
  if (args.size() < 2) return;
  std::vector<const char*> cargs;
  for (size_t i = 1; i < args.size(); ++i) cargs.push_back(args[i].c_str());
  unsigned missing_index = 0, missing_count = 0;
  const llvm::opt::OptTable& table = clang::driver::getDriverOptTable();
  llvm::opt::InputArgList parsed = table.ParseArgs(cargs, missing_index, missing_count);
  std::set<unsigned> unknown;
  for (const llvm::opt::Arg* a : parsed.filtered(clang::driver::options::OPT_UNKNOWN)) unknown.insert(a->getIndex() + 1);
  if (unknown.empty()) return;
  std::vector<std::string> kept;
  for (size_t i = 0; i < args.size(); ++i) {
    if (!unknown.count(static_cast<unsigned>(i))) kept.push_back(args[i]);
    else if (dropped) dropped->push_back(args[i]);
  }
  args = std::move(kept);
}

// Whether a folder of `args`' -I/-isystem/-idirafter holds torch's headers.
bool names_torch_headers(const std::vector<std::string>& args, const std::string& dir) {
  std::error_code ec;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    bool split = a == "-I" || a == "-isystem" || a == "-idirafter";
    std::string folder = split ? (i + 1 < args.size() ? args[i + 1] : "")
                         : a.starts_with("-isystem") ? a.substr(8)
                         : a.starts_with("-I") ? a.substr(2) : "";
    if (folder.empty()) continue;
    fs::path p = fs::path(dir) / folder;
    for (const char* header : {"torch/extension.h", "torch/torch.h", "ATen/ATen.h"})
      if (fs::exists(p / header, ec)) return true;
  }
  return false;
}

}  // namespace

struct CompileArgs::Impl {
  ArgsOptions options;
  std::map<std::string, std::unique_ptr<clang::tooling::CompilationDatabase>> by_dir;  // nullptr = none there
  std::map<std::string, bool> used_database;
  std::map<std::string, std::string> database_path;
  std::map<std::string, std::vector<std::string>> dropped;
  ProjectLanguage languages;

  clang::tooling::CompilationDatabase* database_in(const std::string& dir) {
    auto it = by_dir.find(dir);
    if (it != by_dir.end()) return it->second.get();
    std::string error;
    auto db = clang::tooling::JSONCompilationDatabase::loadFromFile(dir + "/compile_commands.json", error,
                                                                    clang::tooling::JSONCommandLineSyntax::AutoDetect);
    return (by_dir[dir] = std::move(db)).get();
  }

  std::string database_dir_of(const clang::tooling::CompilationDatabase* db) const {
    for (const auto& [dir, d] : by_dir)
      if (d.get() == db) return dir;
    return "";
  }

  clang::tooling::CompilationDatabase* database_for(const std::string& file) {
    if (!options.database_dir.empty()) return database_in(options.database_dir);
    std::error_code ec;
    fs::path dir = fs::absolute(file, ec).parent_path();
    for (int depth = 0; depth < 64; ++depth) {
      if (auto* db = database_in(dir.string())) return db;
      for (const char* sub : {"build"})  // where CMake puts it by convention
        if (fs::exists(dir / sub / "compile_commands.json", ec))
          if (auto* db = database_in((dir / sub).string())) return db;
      if (dir == dir.parent_path() || fs::exists(dir / ".git", ec)) break;
      dir = dir.parent_path();
    }
    return nullptr;
  }
};

CompileArgs::CompileArgs(ArgsOptions o) : impl_(std::make_unique<Impl>()) { impl_->options = std::move(o); }
CompileArgs::~CompileArgs() = default;

bool CompileArgs::from_database(const std::string& file) { return impl_->used_database[file]; }

std::string CompileArgs::database_file(const std::string& file) { return impl_->database_path[file]; }

std::vector<std::string> CompileArgs::dropped(const std::string& file) { return impl_->dropped[file]; }

std::pair<std::vector<std::string>, std::string> CompileArgs::for_file(const std::string& file) {
  const ArgsOptions& o = impl_->options;
  std::error_code ec;
  std::string abs = fs::absolute(file, ec).lexically_normal().string();
  std::vector<std::string> argv;
  std::string dir = fs::current_path(ec).string();
  if (auto* db = impl_->database_for(file)) {
    auto commands = db->getCompileCommands(abs);
    if (!commands.empty()) {
      argv = commands.front().CommandLine;
      dir = commands.front().Directory;
      impl_->used_database[file] = true;
      impl_->database_path[file] = fs::absolute(fs::path(impl_->database_dir_of(db)) / "compile_commands.json", ec).string();
    }
  }
  // A database written in a build folder that is gone: Clang would stop the process trying to
  // enter it. The file's own folder stands in (relative include paths may then miss).
  if (!fs::is_directory(dir, ec)) dir = fs::path(abs).parent_path().string();
  FileFacts facts;
  facts.c_header = argv.empty() && extension_of(file) == ".h" && impl_->languages.is_c_project(file);
  return {parse_args(argv, file, dir, o, facts, &impl_->dropped[file]), dir};
}

std::vector<std::string> parse_args(std::vector<std::string> argv, const std::string& file, const std::string& dir,
                                    const ArgsOptions& o, const FileFacts& facts, std::vector<std::string>* dropped) {
  std::error_code ec;
  std::string abs = fs::absolute(file, ec).lexically_normal().string();
  bool cuda = is_cuda_file(file);
  if (!argv.empty() && llvm::StringRef(llvm::sys::path::filename(argv[0])).contains("nvcc")) argv = nvcc_to_clang(argv, dropped);
  // Parse only: drop outputs and dependency files; the tool adds the file itself.
  std::vector<std::string> args;
  if (argv.empty()) {
    std::string e = extension_of(file);
    bool c = e == ".c" || facts.c_header;
    args.push_back(c ? "clang" : "clang++");
    if (c) args.insert(args.end(), {"-x", "c", "-std=c11"});
    else if (cuda) args.insert(args.end(), {"-x", "cuda", "-std=c++17"});
    else args.insert(args.end(), {"-x", "c++", "-std=c++17"});
  } else {
    args.push_back(argv[0]);
    for (size_t i = 1; i < argv.size(); ++i) {
      const std::string& a = argv[i];
      if (a == "-o" || a == "-MF" || a == "-MT" || a == "-MQ") {
        ++i;
        continue;
      }
      if (a == "-c" || a == "-MD" || a == "-MMD" || a == "-M" || a == "-MM") continue;
      if (size_t n = reads_other_files(argv, i)) {
        i += n - 1;
        continue;
      }
      std::string candidate = fs::absolute(fs::path(dir) / a, ec).lexically_normal().string();
      if (candidate == abs) continue;  // the file itself
      args.push_back(a);
    }
    drop_unknown_options(args, dropped);
    if (cuda && std::find(args.begin(), args.end(), "cuda") == args.end()) {
      args.insert(args.begin() + 1, {"-x", "cuda"});
    }
  }
  static const std::string resource_dir = clang_resource_dir();
  args.push_back("-resource-dir=" + resource_dir);
  // Without a database the real headers' include paths are unknown (a system copy of torch found
  // by accident fails at its first internal include): the shim comes first. With one, the real
  // headers win and the shim only fills what is missing, unless --fast-headers.
  // A database whose include folders hold no torch headers would let a system copy of libtorch,
  // found by accident, be half-read: the shim comes first then too.
  bool shim_first = o.fast_headers || argv.empty() || !names_torch_headers(args, dir);
  if (shim_first) args.insert(args.begin() + 1, {"-isystem", kShimRoot});
  else args.insert(args.end(), {"-idirafter", kShimRoot});
  if (cuda) {
    args.insert(args.end(), {"--cuda-host-only", "-nocudalib", "--no-cuda-version-check"});
    if (o.cuda_headers && !shim_first) {
      args.insert(args.end(), {"--cuda-path=" + o.cuda_path, "-idirafter", kCudaLibrariesRoot});
    } else {
      // The shim's CUDA runtime stands in for the toolkit's: its include folder must not be
      // searched, or both would be read.
      for (size_t i = 1; i + 1 < args.size(); ++i) {
        bool flag = args[i] == "-I" || args[i] == "-isystem";
        std::string path = flag ? args[i + 1] : std::string_view(args[i]).starts_with("-I") ? args[i].substr(2) : "";
        if (llvm::StringRef(path).contains("cuda") && fs::exists(fs::path(path) / "cuda_runtime.h", ec)) {
          args.erase(args.begin() + i, args.begin() + i + (flag ? 2 : 1));
          --i;
        }
      }
      // nvcc includes the runtime implicitly.
      args.insert(args.end(), {"-nocudainc", "-isystem", kCudaShimRoot, "-idirafter", kCudaLibrariesRoot, "-include", "cuda_runtime.h"});
    }
  } else {
    // A host file that includes the CUDA runtime (or a torch header that does) finds it last.
    args.insert(args.end(), {"-idirafter", kCudaShimRoot, "-idirafter", kCudaLibrariesRoot});
  }
  // Searched last: every header found nowhere else exists there, empty.
  args.insert(args.end(), {"-idirafter", kFallbackRoot});
  // No typo correction: with a header missing, `t.dtype()` must not become a call of `t.type()`.
  args.insert(args.end(), {"-fsyntax-only", "-w", "-ferror-limit=0", "-Wno-everything", "-fno-spell-checking"});
  return args;
}

}  // namespace torchlint::cxx
