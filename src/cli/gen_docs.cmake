# SPDX-License-Identifier: GPL-3.0-or-later
# Runs the built vfplan to write its man page and shell completions:
# cmake -DEXE=path/to/vfplan -DOUT=build-dir -P gen_docs.cmake
file(MAKE_DIRECTORY ${OUT}/man ${OUT}/completion)
# the defaults a developer's own config would change stay out
set(ENV{XDG_CONFIG_HOME} ${OUT}/completion)
foreach(job "man;man/vfplan.1" "completion;bash;completion/vfplan"
            "completion;zsh;completion/_vfplan"
            "completion;fish;completion/vfplan.fish")
  list(POP_BACK job file)
  execute_process(COMMAND ${EXE} ${job} OUTPUT_FILE ${OUT}/${file}
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "vfplan ${job} failed (${rc})")
  endif()
endforeach()
