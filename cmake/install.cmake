# SPDX-License-Identifier: Apache-2.0
# `cmake --install build --prefix P`: the libraries as static archives, the two public headers (the
# virtual-platform fabric and its TLM host adapter) and a package config, so that a user's CMake project
# does find_package(drb CONFIG) and links drb::fabric (docs/integration.md; examples/vp/). Every other
# header stays in the source tree: the archives carry what they compiled.
include(CMakePackageConfigHelpers)
include(GNUInstallDirs)

add_library(drb_fabric INTERFACE)
set_target_properties(drb_fabric PROPERTIES EXPORT_NAME fabric)
target_link_libraries(drb_fabric INTERFACE drb_tb)
target_include_directories(drb_fabric INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
                                                 $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/drb>)
add_library(drb::fabric ALIAS drb_fabric)

set(DRB_INSTALL_TARGETS drb_fabric drb_tb drb_systemc drb_cosim drb_models)
if(NOT DRB_NO_RTL)
  list(APPEND DRB_INSTALL_TARGETS drb_rtl_vl)
endif()
install(TARGETS ${DRB_INSTALL_TARGETS} EXPORT drbTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${PROJECT_SOURCE_DIR}/tb/vp/vp_fabric.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/drb)
install(FILES ${PROJECT_SOURCE_DIR}/systemc/ni/ni_host.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/drb/systemc/ni)
set(DRB_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/drb)
install(EXPORT drbTargets NAMESPACE drb:: DESTINATION ${DRB_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/drbConfig.cmake.in ${PROJECT_BINARY_DIR}/drbConfig.cmake
                              INSTALL_DESTINATION ${DRB_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/drbConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/drbConfig.cmake ${PROJECT_BINARY_DIR}/drbConfigVersion.cmake DESTINATION ${DRB_CMAKE_DIR})
