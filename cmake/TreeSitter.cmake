# Builds tree-sitter's core library and the Python grammar from the C sources that
# `npm ci --ignore-scripts` places in node_modules/ (versions pinned by package-lock.json).
set(TS_NODE_MODULES ${CMAKE_SOURCE_DIR}/node_modules)
set(TS_CORE_DIR ${TS_NODE_MODULES}/tree-sitter/vendor/tree-sitter/lib)
set(TS_PYTHON_DIR ${TS_NODE_MODULES}/tree-sitter-python/src)

if(NOT EXISTS ${TS_CORE_DIR}/src/lib.c OR NOT EXISTS ${TS_PYTHON_DIR}/parser.c)
  message(FATAL_ERROR
    "tree-sitter sources not found under ${TS_NODE_MODULES}.\n"
    "Run `npm ci --ignore-scripts` in ${CMAKE_SOURCE_DIR} (scripts/setup.sh does it).")
endif()

add_library(tree_sitter_core STATIC ${TS_CORE_DIR}/src/lib.c)
target_include_directories(tree_sitter_core
  PUBLIC ${TS_CORE_DIR}/include
  PRIVATE ${TS_CORE_DIR}/src ${TS_CORE_DIR}/src/wasm)
target_compile_definitions(tree_sitter_core PRIVATE _POSIX_C_SOURCE=200112L _DEFAULT_SOURCE)
# Not position-independent: -fPIC costs ~10% of parse time in this static, PIE-linked binary.
set_target_properties(tree_sitter_core PROPERTIES C_STANDARD 11)
target_compile_options(tree_sitter_core PRIVATE -O2 -w)

add_library(tree_sitter_python STATIC ${TS_PYTHON_DIR}/parser.c ${TS_PYTHON_DIR}/scanner.c)
target_include_directories(tree_sitter_python PRIVATE ${TS_PYTHON_DIR})
set_target_properties(tree_sitter_python PROPERTIES C_STANDARD 11)
target_compile_options(tree_sitter_python PRIVATE -O2 -w)
target_link_libraries(tree_sitter_python PUBLIC tree_sitter_core)
