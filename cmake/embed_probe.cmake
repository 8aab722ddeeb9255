# Writes OUT: the probe and the example world as C++ string literals (raw strings in chunks,
# under the compilers' literal length limits).
function(as_literal path var)
  file(READ ${path} text)
  string(LENGTH "${text}" len)
  set(out "")
  set(pos 0)
  while(pos LESS len)
    string(SUBSTRING "${text}" ${pos} 8000 chunk)
    string(APPEND out "R\"TLPROBE(${chunk})TLPROBE\"\n")
    math(EXPR pos "${pos} + 8000")
  endwhile()
  set(${var} "${out}" PARENT_SCOPE)
endfunction()
as_literal(${PROBE} probe)
as_literal(${WORLD} world)
file(WRITE ${OUT} "// Generated from runtime/ by cmake/embed_probe.cmake.\n#include <string_view>\n"
  "namespace torchlint::harness {\n"
  "std::string_view probe_source() {\n  static const char text[] =\n${probe};\n  return {text, sizeof text - 1};\n}\n"
  "std::string_view example_world_source() {\n  static const char text[] =\n${world};\n  return {text, sizeof text - 1};\n}\n"
  "}  // namespace torchlint::harness\n")
