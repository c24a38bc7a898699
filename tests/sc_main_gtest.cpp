// SPDX-License-Identifier: Apache-2.0
// Every test binary starts GoogleTest from sc_main; main() silences the SystemC banner first (test discovery
// runs each binary at build time, and the banner would fill the build output), as drbsim's does.
#include <gtest/gtest.h>

#include <cstdlib>
#include <systemc>

int sc_main(int argc, char* argv[]) {
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}

int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}
