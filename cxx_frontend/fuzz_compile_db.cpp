// libFuzzer target: compile_commands.json (outside input) read by Clang's JSON database, and every
// entry's command line turned into torchlint's parse-only one (nvcc conversion included).
#include <clang/Tooling/JSONCompilationDatabase.h>

#include "compile_args.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
  for (auto syntax : {clang::tooling::JSONCommandLineSyntax::Gnu, clang::tooling::JSONCommandLineSyntax::AutoDetect}) {
    auto db = clang::tooling::JSONCompilationDatabase::loadFromBuffer(text, error, syntax);
    if (!db) continue;
    torchlint::cxx::ArgsOptions options;
    for (const auto& command : db->getAllCompileCommands()) {
      for (bool fast : {false, true}) {
        options.fast_headers = fast;
        auto args = torchlint::cxx::parse_args(command.CommandLine, command.Filename, command.Directory, options);
        if (args.empty()) __builtin_trap();  // there is always a compiler
      }
    }
  }
  return 0;
}
