# Writes OUT: the probe and the example world as C++ string literals.
include(${CMAKE_CURRENT_LIST_DIR}/as_literal.cmake)
as_literal(${PROBE} probe)
as_literal(${WORLD} world)
file(WRITE ${OUT} "// Generated from runtime/ by cmake/embed_probe.cmake.\n#include <string_view>\n"
  "namespace torchlint::harness {\n"
  "std::string_view probe_source() {\n  static const char text[] =\n${probe};\n  return {text, sizeof text - 1};\n}\n"
  "std::string_view example_world_source() {\n  static const char text[] =\n${world};\n  return {text, sizeof text - 1};\n}\n"
  "}  // namespace torchlint::harness\n")
