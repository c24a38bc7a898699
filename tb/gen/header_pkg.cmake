# SPDX-License-Identifier: Apache-2.0
# SystemVerilog header package generated from HeaderLayout (the one definition of the head-flit format).
# Included by rtl/ and synth/; defines the generator, drb_add_hdr_pkg() and the default package.
include_guard(GLOBAL)
#
# Layout of the generated package; change it with -DDRB_HDR_NODES=... etc. (benches and lint follow, since
# they read the same cache variables). Synthesis keeps its own fixed 8x8-torus configuration (synth/).
set(DRB_HDR_NODES 64 CACHE STRING "RTL header package: network size (node fields get ceil(log2) bits)")
set(DRB_HDR_LATENCY_BITS 16 CACHE STRING "RTL header package: latency field width W")
set(DRB_HDR_SEQ_BITS 16 CACHE STRING "RTL header package: sequence-number width")
set(DRB_HDR_DIMS 2 CACHE STRING "RTL header package: routing dimensions (dateline bits)")
set(DRB_HDR_MAX_LENGTH 64 CACHE STRING "RTL header package: longest packet in flits")

add_executable(gen_header_pkg ${CMAKE_CURRENT_LIST_DIR}/gen_header_pkg.cpp)
target_link_libraries(gen_header_pkg PRIVATE drb_models)

# drb_hdr_pkg_args(<var> NODES n LATENCY_BITS w SEQ_BITS s DIMS d MAX_LENGTH l): the generator's arguments.
function(drb_hdr_pkg_args out_var)
  cmake_parse_arguments(A "" "NODES;LATENCY_BITS;SEQ_BITS;DIMS;MAX_LENGTH" "" ${ARGN})
  set(${out_var} --nodes=${A_NODES} --latency-bits=${A_LATENCY_BITS} --seq-bits=${A_SEQ_BITS}
      --dims=${A_DIMS} --max-length=${A_MAX_LENGTH} PARENT_SCOPE)
endfunction()

# drb_add_hdr_pkg(<target> <sv> NODES ... MAX_LENGTH ... [CXX_HEADER <h>]): a target that keeps <sv> (and the
# same layout as C++ constants in <h>, if given) up to date.
# Writes <sv> at configure time (a throw-away build of the same generator source: verilate() runs Verilator
# during configuration and needs the file then) and again at build time with the real gen_header_pkg, which
# is the authoritative step. The generator rewrites the file only when its content changes.
function(drb_add_hdr_pkg target sv)
  cmake_parse_arguments(H "" "CXX_HEADER" "" ${ARGN})
  drb_hdr_pkg_args(args ${H_UNPARSED_ARGUMENTS})
  set(outs --out=${sv})
  set(byproducts ${sv})
  if(H_CXX_HEADER)
    get_filename_component(hdir ${H_CXX_HEADER} DIRECTORY)
    file(MAKE_DIRECTORY ${hdir})
    list(APPEND outs --cxx-out=${H_CXX_HEADER})
    list(APPEND byproducts ${H_CXX_HEADER})
  endif()
  set(boot ${PROJECT_BINARY_DIR}/generated/gen_header_pkg_bootstrap)
  file(MAKE_DIRECTORY ${PROJECT_BINARY_DIR}/generated)
  set(srcs ${PROJECT_SOURCE_DIR}/tb/gen/gen_header_pkg.cpp ${PROJECT_SOURCE_DIR}/models/packet/header.cpp)
  set(stale FALSE)
  foreach(src ${srcs})
    if(NOT EXISTS ${boot} OR ${src} IS_NEWER_THAN ${boot})
      set(stale TRUE)
    endif()
  endforeach()
  if(stale)
    execute_process(COMMAND ${CMAKE_CXX_COMPILER} -std=c++17 -O1 -I${PROJECT_SOURCE_DIR} ${srcs} -o ${boot}
                    RESULT_VARIABLE rc ERROR_VARIABLE err)
    if(rc)
      message(FATAL_ERROR "building the header-package generator failed:\n${err}")
    endif()
  endif()
  get_filename_component(dir ${sv} DIRECTORY)
  file(MAKE_DIRECTORY ${dir})
  execute_process(COMMAND ${boot} ${args} ${outs} RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(rc)
    message(FATAL_ERROR "gen_header_pkg ${args}: ${err}")
  endif()
  add_custom_command(OUTPUT ${sv}.stamp
    COMMAND gen_header_pkg ${args} ${outs}
    COMMAND ${CMAKE_COMMAND} -E touch ${sv}.stamp
    DEPENDS gen_header_pkg BYPRODUCTS ${byproducts}
    COMMENT "Generating ${sv} from HeaderLayout" VERBATIM)
  add_custom_target(${target} ALL DEPENDS ${sv}.stamp)
endfunction()

set(DRB_HDR_PKG_SV ${PROJECT_BINARY_DIR}/generated/rtl/drb_hdr_pkg.sv CACHE INTERNAL "generated header package")
# The same layout as C++ constants (drb::rtl_pkg), for the code that drives the Verilated blocks in the fabric.
set(DRB_HDR_PKG_INCLUDE ${PROJECT_BINARY_DIR}/generated/include CACHE INTERNAL "include dir of drb_rtl_pkg.h")
drb_add_hdr_pkg(drb_hdr_pkg ${DRB_HDR_PKG_SV}
  NODES ${DRB_HDR_NODES} LATENCY_BITS ${DRB_HDR_LATENCY_BITS} SEQ_BITS ${DRB_HDR_SEQ_BITS}
  DIMS ${DRB_HDR_DIMS} MAX_LENGTH ${DRB_HDR_MAX_LENGTH} CXX_HEADER ${DRB_HDR_PKG_INCLUDE}/drb_rtl_pkg.h)
