// SPDX-License-Identifier: Apache-2.0
// A NetParams filled in code (the SystemC face's typed API) is held to the ranges drbsim's keys allow:
// ElementSetup refuses a field outside them with the key's name, before anything is sized from it, and
// refuses a network past the supported size before its graph is built. The keys and the typed check read
// one table (systemc/fabric/net_ranges.h); the last test shows drbsim's parser refusing the same bounds.
#include <gtest/gtest.h>

#include <string>

#include "systemc/fabric/net_ranges.h"
#include "systemc/fabric/setup.h"
#include "tb/drbsim/loader.h"
#include "tb/io/key_error.h"

using namespace drb;

namespace {

NetParams small() {
  NetParams p;
  p.topo.kind = "mesh";
  p.topo.k = {2, 2};
  return p;
}

std::string refusal(const NetParams& p) {
  try {
    ElementSetup s(p);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(NetRanges, HandPickedFieldsAreRefusedWithTheirKeys) {
  NetParams p = small();
  p.depth = 5000;  // the keys allow 0..4096 flits per VC buffer
  EXPECT_EQ(refusal(p), "router.buffer: value 5000 out of range [0, 4096]");
  p = small();
  p.vcs = 65;
  EXPECT_EQ(refusal(p), "router.vcs: value 65 out of range [0, 64]");
  p = small();
  p.d_link = 0;  // a channel takes at least one cycle
  EXPECT_EQ(refusal(p), "router.delay.link: value 0 out of range [1, 64]");
  p = small();
  p.seq_bits = 40;
  EXPECT_EQ(refusal(p), "ni.seq_bits: value 40 out of range [4, 32]");
  EXPECT_EQ(refusal(small()), "");
}

TEST(NetRanges, EveryFieldIsCheckedAtBothEnds) {
  for (const NetRange& r : net_ranges()) {
    for (const int64_t v : {r.lo - 1, r.hi + 1}) {
      NetParams p = small();
      r.ref(p) = static_cast<int>(v);
      const std::string why = refusal(p);
      EXPECT_EQ(why.rfind(std::string(r.key) + ": value " + std::to_string(v), 0), 0u) << r.key << " = " << v << ": " << why;
    }
    NetParams p = small();
    r.ref(p) = static_cast<int>(r.hi);  // the bounds themselves pass the range check (other checks may follow)
    EXPECT_EQ(refusal(p).rfind(std::string(r.key) + ": value", 0), std::string::npos) << r.key;
  }
}

TEST(NetRanges, AHugeNetworkIsRefusedBeforeItsGraphIsBuilt) {
  NetParams p = small();
  p.topo.kind = "torus";
  p.topo.k = {100000, 100000};  // 10^10 routers: building the graph would take the machine's memory
  EXPECT_EQ(refusal(p).rfind("topology: the network has more than 65535", 0), 0u) << refusal(p);
  p.topo.k = {0, 4};
  EXPECT_EQ(refusal(p).rfind("topology.k: value 0", 0), 0u) << refusal(p);
}

TEST(NetRanges, DrbsimKeysRefuseTheSameBounds) {
  for (const NetRange& r : net_ranges()) {
    const std::string key = r.key;
    try {
      load_scenarios("", "test", {key + "=" + std::to_string(r.hi + 1)});
      ADD_FAILURE() << key << " accepted " << r.hi + 1;
    } catch (const ConfigError& e) {
      EXPECT_EQ(e.key, key);
    }
  }
}
