# `cmake --install build [--prefix DIR]`, for packagers (and the wheel, which starts from it):
#   bin/torchlint, bin/torchlint-cxx     the two programs; torchlint finds torchlint-cxx beside it
#   bin/torchlint-calibrate, lib/torchlint/libtorchlint_cupti.so   CUDA builds only
#   share/torchlint/runtime/             the probe (also compiled into torchlint) for reference
#   share/doc/torchlint/                 README and docs/
#   bash, zsh and fish completions, written by the installed torchlint itself
# torchlint-cxx keeps using the Clang resource headers of the Clang it was built with.
include(GNUInstallDirs)

# Components: programs (what the wheel takes), cuda, docs (with the probe and completions).
install(TARGETS torchlint RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT programs)
if(TARGET torchlint-cxx)
  install(TARGETS torchlint-cxx RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT programs)
endif()
if(TARGET torchlint-calibrate)
  install(TARGETS torchlint-calibrate RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT cuda)
endif()
if(TARGET torchlint_cupti)
  # Where `confirm` looks for it: ../lib/torchlint/ from the binary.
  install(TARGETS torchlint_cupti LIBRARY DESTINATION lib/torchlint COMPONENT cuda)
endif()

install(FILES runtime/torchlint_probe.py runtime/torchlint_example_world.py runtime/README.md
        DESTINATION ${CMAKE_INSTALL_DATADIR}/torchlint/runtime COMPONENT docs)
install(FILES README.md DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT docs)
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT docs)

# Completions come from the program, so they always match its options.
set(_tl_completions
    "bash\;${CMAKE_INSTALL_DATADIR}/bash-completion/completions/torchlint"
    "zsh\;${CMAKE_INSTALL_DATADIR}/zsh/site-functions/_torchlint"
    "fish\;${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d/torchlint.fish")
foreach(entry ${_tl_completions})
  list(GET entry 0 shell)
  list(GET entry 1 destination)
  install(CODE "
    set(_dest \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${destination}\")
    get_filename_component(_dir \"\${_dest}\" DIRECTORY)
    file(MAKE_DIRECTORY \"\${_dir}\")
    message(STATUS \"Installing: \${_dest}\")
    execute_process(COMMAND \"$<TARGET_FILE:torchlint>\" completion ${shell} OUTPUT_FILE \"\${_dest}\"
                    RESULT_VARIABLE _rc)
    if(NOT _rc EQUAL 0)
      message(FATAL_ERROR \"torchlint completion ${shell} failed (\${_rc})\")
    endif()" COMPONENT docs)
endforeach()
