// libsystemc's main() calls sc_main: every test binary starts GoogleTest from here.
#include <gtest/gtest.h>
#include <systemc>

int sc_main(int argc, char* argv[]) {
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
