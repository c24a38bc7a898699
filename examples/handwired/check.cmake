# SPDX-License-Identifier: Apache-2.0
# The example runs, and every node's line shows messages delivered with a latency above zero load's floor.
execute_process(COMMAND ${EXE} 4000 OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "handwired_mesh exited ${rc}")
endif()
foreach(n 0 1 2 3)
  if(NOT out MATCHES "ni_${n} +[1-9][0-9]+ +[1-9][0-9]*\\.[0-9][0-9]")
    message(FATAL_ERROR "no delivery line for ni_${n}:\n${out}")
  endif()
endforeach()
message("${out}")
