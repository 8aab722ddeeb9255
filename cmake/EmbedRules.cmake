# Every rules/**/rule.yaml is compiled into the binary, so the built-in packs need no files
# at run time. The generated source is rebuilt when any rule file changes.
file(GLOB_RECURSE TORCHLINT_RULE_FILES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/rules/*/rule.yaml)
list(SORT TORCHLINT_RULE_FILES)
string(REPLACE ";" "|" TORCHLINT_RULE_FILES_ARG "${TORCHLINT_RULE_FILES}")
set(TORCHLINT_EMBEDDED_RULES_CPP ${CMAKE_BINARY_DIR}/generated/embedded_rules.cpp)
add_custom_command(
  OUTPUT ${TORCHLINT_EMBEDDED_RULES_CPP}
  COMMAND ${CMAKE_COMMAND} -DOUT=${TORCHLINT_EMBEDDED_RULES_CPP} -DROOT=${CMAKE_SOURCE_DIR}
          "-DFILES=${TORCHLINT_RULE_FILES_ARG}" -P ${CMAKE_SOURCE_DIR}/cmake/embed_rules.cmake
  DEPENDS ${TORCHLINT_RULE_FILES} ${CMAKE_SOURCE_DIR}/cmake/embed_rules.cmake
  COMMENT "Embedding built-in rule packs"
  VERBATIM)
