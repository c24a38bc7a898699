# SPDX-License-Identifier: Apache-2.0
# `cmake --install build --prefix P`: drbsim in P/bin with its plotting script and the scenario examples in
# P/share/drb (drbsim finds the script beside itself, so the prefix may move); the libraries as static
# archives, the headers and a package config,
# so that a user's CMake project does find_package(drb CONFIG) and links drb::fabric (the virtual-platform
# fabric, <drb/vp_fabric.h>; examples/vp/) or drb::face (the SystemC face's router, NI and link modules,
# <drb/systemc/face/face.h>, and the typed NetParams they are built from; examples/handwired/)
# (docs/integration.md). The headers of models/ and systemc/ go in whole, below include/drb/ with their
# paths, since the face's headers include them; they need nothing but the standard library, SystemC/TLM and
# robin-map. tb/'s headers (the front end) stay in the source tree: only vp_fabric.h is public there.
include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

add_library(drb_fabric INTERFACE)
set_target_properties(drb_fabric PROPERTIES EXPORT_NAME fabric)
target_link_libraries(drb_fabric INTERFACE drb_tb)
target_include_directories(drb_fabric INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
                                                 $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/drb>)
add_library(drb::fabric ALIAS drb_fabric)

add_library(drb_face INTERFACE)
set_target_properties(drb_face PROPERTIES EXPORT_NAME face)
target_link_libraries(drb_face INTERFACE drb_systemc)
target_include_directories(drb_face INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/drb>)
add_library(drb::face ALIAS drb_face)

set(DRB_INSTALL_TARGETS drb_fabric drb_face drb_tb drb_systemc drb_cosim drb_models)
if(NOT DRB_NO_RTL)
  list(APPEND DRB_INSTALL_TARGETS drb_rtl_vl)
endif()
install(TARGETS ${DRB_INSTALL_TARGETS} EXPORT drbTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${PROJECT_SOURCE_DIR}/systemc/fabric/vp_fabric.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/drb)
foreach(dir models systemc)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${dir}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/drb/${dir}
          FILES_MATCHING PATTERN "*.h")
endforeach()
set(DRB_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/drb)
install(EXPORT drbTargets NAMESPACE drb:: DESTINATION ${DRB_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/drbConfig.cmake.in ${PROJECT_BINARY_DIR}/drbConfig.cmake
                              INSTALL_DESTINATION ${DRB_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/drbConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/drbConfig.cmake ${PROJECT_BINARY_DIR}/drbConfigVersion.cmake DESTINATION ${DRB_CMAKE_DIR})

install(TARGETS drbsim RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/tb/plots/plot_runs.py DESTINATION ${CMAKE_INSTALL_DATADIR}/drb)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/tb/scenarios/ DESTINATION ${CMAKE_INSTALL_DATADIR}/drb/scenarios)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/networks/ DESTINATION ${CMAKE_INSTALL_DATADIR}/drb/networks)
