#include "nvcc_args.h"

#include <llvm/ADT/StringExtras.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/Path.h>

#include <set>

namespace torchlint::cxx {

namespace {

// nvcc's options that take a value, in the next argument unless written `--opt=value` (nvcc's
// documentation, "Command Option Summary").
const std::set<std::string>& options_with_value() {
  static const std::set<std::string> s = {
      "-o", "--output-file", "-include", "--pre-include", "-l", "--library", "-D", "--define-macro", "-U",
      "--undefine-macro", "-I", "--include-path", "-isystem", "--system-include", "-L", "--library-path", "-odir",
      "--output-directory", "-MF", "--dependency-output", "-MT", "--dependency-target-name", "-ccbin",
      "--compiler-bindir", "-arbin", "--archiver-binary", "-cudart", "--cudart", "-cudadevrt", "--cudadevrt", "-ldir",
      "--libdevice-directory", "-target-dir", "--target-directory", "-optf", "--options-file", "-t", "--threads",
      "-split-compile", "--split-compile", "-arch", "--gpu-architecture", "-code", "--gpu-code", "-gencode",
      "--generate-code", "-rdc", "--relocatable-device-code", "-e", "--entries", "-maxrregcount", "--maxrregcount",
      "-ftz", "--ftz", "-prec-div", "--prec-div", "-prec-sqrt", "--prec-sqrt", "-fmad", "--fmad", "-default-stream",
      "--default-stream", "-Xcompiler", "--compiler-options", "-Xlinker", "--linker-options", "-Xarchive",
      "--archive-options", "-Xptxas", "--ptxas-options", "-Xnvlink", "--nvlink-options", "-Xcudafe", "-Xfatbin",
      "-run-args", "--run-args", "-idp", "--input-drive-prefix", "-ddp", "--dependency-drive-prefix", "-dp",
      "--drive-prefix", "-keep-dir", "--keep-dir", "-time", "--time", "-diag-suppress", "--diag-suppress",
      "-diag-error", "--diag-error", "-diag-warn", "--diag-warn", "-std", "--std", "-m", "--machine", "--optimize",
      "-dopt", "--dopt", "-ftemplate-depth", "--ftemplate-depth", "-ftemplate-backtrace-limit",
      "--ftemplate-backtrace-limit", "-jump-table-density", "--jump-table-density", "-frandom-seed", "--frandom-seed",
      "-compress-mode", "--compress-mode", "-fdevice-time-trace", "--fdevice-time-trace", "-x", "--x", "-Xarch",
      "--gpu-name", "-Werror", "--Werror"};
  return s;
}

bool is_source_name(llvm::StringRef a) {
  std::string e = llvm::sys::path::extension(a).lower();
  for (const char* s : {".cu", ".c", ".cc", ".cpp", ".cxx", ".c++", ".cp", ".ii", ".i", ".cup"})
    if (e == s) return true;
  return false;
}

// One argument (or two: an option and its value) of nvcc's command line.
struct Option {
  std::string name;
  std::string value;
  bool has_value = false;
};

Option read_option(const std::vector<std::string>& argv, size_t& i) {
  const std::string& arg = argv[i];
  Option o{arg, "", false};
  if (size_t eq = arg.find('='); eq != std::string::npos && eq > 1) {
    std::string head = arg.substr(0, eq);
    if (options_with_value().count(head) || llvm::StringRef(head).starts_with("--")) return {head, arg.substr(eq + 1), true};
  }
  // nvcc's -Werror takes a list of kinds (`-Werror all-warnings`); alone it is gcc's.
  bool gcc_werror = (arg == "-Werror" || arg == "--Werror") && i + 1 < argv.size() && llvm::StringRef(argv[i + 1]).starts_with("-");
  if (options_with_value().count(arg) && i + 1 < argv.size() && !gcc_werror) {
    o.value = argv[++i];
    o.has_value = true;
  }
  return o;
}

// The host flag `o` in clang's spelling, appended to `out`; false when it is not one.
bool translate_host_flag(const Option& o, std::vector<std::string>& out) {
  static const std::set<std::string> joined = {"-I", "--include-path", "-D", "--define-macro", "-U", "--undefine-macro"};
  if (joined.count(o.name)) {
    std::string flag = o.name == "--include-path" ? "-I" : o.name == "--define-macro" ? "-D" : o.name == "--undefine-macro" ? "-U" : o.name;
    if (o.has_value) out.push_back(flag + o.value);
    return true;
  }
  if (o.name == "-isystem" || o.name == "--system-include" || o.name == "-include" || o.name == "--pre-include") {
    if (o.has_value) out.insert(out.end(), {o.name == "-isystem" || o.name == "--system-include" ? "-isystem" : "-include", o.value});
    return true;
  }
  if (o.name == "-std" || o.name == "--std") {
    if (o.has_value) out.push_back("-std=" + o.value);
    return true;
  }
  if (o.name == "-x" || o.name == "--x") {
    if (o.has_value) out.insert(out.end(), {"-x", o.value == "cu" ? "cuda" : o.value});
    return true;
  }
  if (o.name == "-Xcompiler" || o.name == "--compiler-options") {  // flags for the host compiler
    for (llvm::StringRef part : llvm::split(llvm::StringRef(o.value), ',')) {
      part = part.trim("\"' ");
      if (!part.empty()) out.push_back(part.str());
    }
    return true;
  }
  if (o.has_value) return false;
  llvm::StringRef a(o.name);
  if ((a.starts_with("-I") || a.starts_with("-D") || a.starts_with("-U")) && a.size() > 2) {
    out.push_back(o.name);
    return true;
  }
  // Language switches a host compiler shares; optimisation and warnings mean nothing to a parse.
  if (a == "-fopenmp" || a.starts_with("-fopenmp=") || a == "-fexceptions" || a == "-fno-exceptions" || a == "-frtti" ||
      a == "-fno-rtti") {
    out.push_back(o.name);
    return true;
  }
  return a.starts_with("-O") || a.starts_with("-W") || a == "-w" || a == "-g" || a == "-c" || a == "--compile";
}

}  // namespace

std::vector<std::string> nvcc_to_clang(const std::vector<std::string>& argv, std::vector<std::string>* dropped) {
  std::vector<std::string> out = {"clang++"};
  auto drop = [&](const std::string& what) {
    if (dropped) dropped->push_back(what);
  };
  for (size_t i = 1; i < argv.size(); ++i) {
    if (argv[i].empty()) continue;
    if (argv[i][0] != '-') {
      // The source (and any other the line names); any other word is the value of an option
      // this table does not know.
      if (is_source_name(argv[i])) out.push_back(argv[i]);
      else drop(argv[i]);
      continue;
    }
    Option o = read_option(argv, i);
    // Everything else (--use_fast_math, --expt-relaxed-constexpr, -gencode, -lineinfo, -MD,
    // --generate-dependencies-with-compile, -ccbin...) steers device code, dependency files or
    // the build, not what a host-side parse reads.
    if (!translate_host_flag(o, out)) drop(o.name);
  }
  return out;
}

}  // namespace torchlint::cxx
