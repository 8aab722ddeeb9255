# cmake -P script: writes OUT, a C++ source whose torch_api_text() returns the text of IN
# (analyzer/python/knowledge/torch_api.txt).
include(${CMAKE_CURRENT_LIST_DIR}/as_literal.cmake)
as_literal(${IN} text)
file(WRITE ${OUT}.tmp "// Generated from ${IN} by cmake/embed_knowledge.cmake. Do not edit.\n"
  "#include <string_view>\nnamespace torchlint::py {\n"
  "std::string_view torch_api_text() {\n  static const char text[] =\n${text};\n  return {text, sizeof text - 1};\n}\n"
  "}  // namespace torchlint::py\n")
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
