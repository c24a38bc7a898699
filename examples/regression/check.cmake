# SPDX-License-Identifier: Apache-2.0
# One scenario of the suite: run it, then compare its results with the golden file (drbsim compare; exit 1
# with a line per metric that moved). With UPDATE=ON the run's results become the golden file instead.
# -DDRBSIM=... -DSCENARIO=... -DGOLDEN=... -DOUT=... -DTOLERANCE="rel=0" -DUPDATE=OFF
execute_process(COMMAND ${DRBSIM} ${SCENARIO} sim.progress=off out.json=${OUT} RESULT_VARIABLE rc ERROR_VARIABLE err
                OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "drbsim ${SCENARIO} exited ${rc}:\n${err}")
endif()
if(UPDATE)
  get_filename_component(dir ${GOLDEN} DIRECTORY)
  file(MAKE_DIRECTORY ${dir})
  file(COPY_FILE ${OUT} ${GOLDEN})
  message(STATUS "golden file written: ${GOLDEN}")
  return()
endif()
if(NOT EXISTS ${GOLDEN})
  message(FATAL_ERROR "no golden file ${GOLDEN}: record it with -DUPDATE_GOLDEN=ON")
endif()
separate_arguments(tol UNIX_COMMAND "${TOLERANCE}")
execute_process(COMMAND ${DRBSIM} compare ${GOLDEN} ${OUT} ${tol} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "results moved against ${GOLDEN} (drbsim compare exit ${rc})")
endif()
