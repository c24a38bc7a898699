// SPDX-License-Identifier: Apache-2.0
// Bad input: each malformed scenario stops before simulating with exit code 2 and one line that names
// the offending key.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>

#include "tests/support.h"

using namespace drb::test;

namespace {

struct Bad {
  friend void PrintTo(const Bad& b, std::ostream* os) { *os << b.name; }
  const char* name;
  std::string args;
  std::string key;  // the key the one-line message must name
};

class BadInput : public ::testing::TestWithParam<Bad> {};

TEST_P(BadInput, ExitsTwoNamingTheKey) {
  const Bad& b = GetParam();
  const std::string out = test_tmp(std::string("bad_") + b.name + ".json");
  std::remove(out.c_str());
  const Exec e = drbsim(b.args + " out.json=" + out);
  EXPECT_EQ(e.code, 2) << e.err;
  EXPECT_EQ(std::count(e.err.begin(), e.err.end(), '\n'), 1) << "one line expected, got: " << e.err;
  EXPECT_EQ(e.err.rfind("drbsim: error: " + b.key + ": ", 0), 0u) << e.err;
  struct stat st;
  EXPECT_NE(stat(out.c_str(), &st), 0) << "nothing may be simulated or written";
}

// Every process of this suite writes the file when it starts (CTest runs them in parallel): written under
// a name of its own and renamed into place, so a run never reads a half-written file.
std::string write_bad_yaml() {
  const std::string p = test_tmp("malformed.yaml");
  const std::string tmp = p + "." + std::to_string(getpid());
  std::ofstream(tmp) << "topology: {kind: torus, k: [8, 8]\nrouter:\n  vcs: 2\n";
  std::rename(tmp.c_str(), p.c_str());
  return p;
}

INSTANTIATE_TEST_SUITE_P(
    Scenarios, BadInput,
    ::testing::Values(
        Bad{"radix_one", "topology.k=1", "topology.k"},
        Bad{"zero_vcs", "router.vcs=0", "router.vcs"},
        Bad{"dor_torus_one_vc", "routing.algorithm=dor router.vcs=1", "router.vcs"},
        Bad{"adaptive_torus_two_vcs", "routing.algorithm=adaptive router.vcs=2", "router.vcs"},
        Bad{"hotspot_missing_node", "traffic.pattern=hotspot_nodes traffic.hotspot.nodes=3,99", "traffic.hotspot.nodes"},
        Bad{"unknown_key", "topology.kk=4", "topology.kk"},
        Bad{"wrong_type", "router.buffer=eight", "router.buffer"},
        Bad{"negative_rate", "traffic.rate=-0.1", "traffic.rate"},
        Bad{"vct_short_buffer", "router.switching=vct router.buffer=4 traffic.length=10", "router.buffer"},
        Bad{"bitrev_not_pow2", "traffic.pattern=bitrev topology.k=6", "traffic.pattern"},
        Bad{"malformed_yaml", write_bad_yaml(), "scenario"},
        Bad{"missing_file", "/nonexistent/scenario.yaml", "scenario"},
        Bad{"watchdog_wraps_al", "sim.watchdog=70000", "sim.watchdog"},
        Bad{"self_channel", "traffic.pattern=channels traffic.channels=3>3@100", "traffic.channels"},
        Bad{"radix_count", "topology.k=4,4,4 topology.n=2", "topology.k"},
        Bad{"dim_order_repeat", "routing.dim_order=0,0", "routing.dim_order"},
        Bad{"rate_and_interval", "traffic.rate=0.2 traffic.interval=50", "traffic.interval"},
        Bad{"bad_enum", "routing.tie=up", "routing.tie"},
        Bad{"weights_count", "traffic.length=1,10 traffic.length_weights=1,2,3", "traffic.length_weights"},
        Bad{"bernoulli_over_one", "traffic.rate=20 traffic.length=10", "traffic.rate"},
        Bad{"midimew_small", "topology.kind=midimew topology.nodes=6", "topology.nodes"},
        Bad{"tornado_hypercube", "topology.kind=hypercube topology.n=4 traffic.pattern=tornado", "traffic.pattern"},
        Bad{"adaptive_midimew", "topology.kind=midimew topology.nodes=32 routing.algorithm=adaptive router.vcs=4",
            "routing.algorithm"},
        Bad{"eager_adaptive", "routing.algorithm=adaptive router.vcs=4 router.vc_realloc=eager", "router.vc_realloc"}),
    [](const ::testing::TestParamInfo<Bad>& i) { return std::string(i.param.name); });

}  // namespace

// A NUL byte in a key=value (a file of arguments, a library caller) cut the value where C strings end: refused,
// naming the key (shown escaped).
TEST(BadInputNul, OverrideWithANulByteIsRefused) {
  const std::pair<std::string, std::string> cases[] = {
      {std::string("router.vcs=4\0 8", 14), "router.vcs"},
      {std::string("sweep.router.vcs=2,4\0", 21), "sweep.router.vcs"},
      {std::string("router\0.vcs=4", 13), "router\\x00.vcs"},
      {std::string("router.vcs\0", 11), "router.vcs\\x00"},
  };
  for (const auto& [kv, key] : cases) {
    try {
      drb::load_scenarios("", "test", {kv});
      ADD_FAILURE() << key;
    } catch (const drb::ConfigError& e) {
      EXPECT_EQ(e.key, key);
      EXPECT_NE(e.reason.find("holds a NUL byte"), std::string::npos) << e.reason;
    }
  }
}
