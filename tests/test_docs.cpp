// SPDX-License-Identifier: Apache-2.0
// docs/scenarios.md lists every key with its default: it must be what the key registry prints.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tb/drbsim/keys.h"

TEST(Docs, ScenarioKeysTableMatchesTheRegistry) {
  std::ifstream in(DRB_SOURCE_DIR "/docs/scenarios.md");
  ASSERT_TRUE(in) << "docs/scenarios.md missing";
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_NE(ss.str().find(drb::keys_markdown()), std::string::npos)
      << "docs/scenarios.md is out of date: regenerate its table with `drbsim --keys-markdown`";
}
