#include "tb/drbsim/commands.h"

#include <fmt/format.h>

#include <iostream>

#include "models/packet/header.h"
#include "tb/drbsim/loader.h"

namespace drb {

int run_header_command(const std::string& yaml, const std::string& origin, const std::vector<std::string>& overrides) {
  const ScenarioSet set = load_scenarios(yaml, origin, overrides);
  const Scenario& s = set.runs[0];
  const auto topo = make_topology(s.net.topo);
  const HeaderLayout hl(LayoutParams{topo->nodes(), s.net.al_width, s.net.seq_bits, topo->dims(), s.net.max_length});
  std::cout << fmt::format("head flit of a {} ({} nodes): {} bits\n", topo->describe(), topo->nodes(), hl.total_bits());
  std::cout << fmt::format("{:<14} {:>6} {:>6}\n", "field", "offset", "width");
  for (int i = 0; i < static_cast<int>(Field::Count); ++i) {
    const Field f = static_cast<Field>(i);
    std::cout << fmt::format("{:<14} {:>6} {:>6}\n", HeaderLayout::name(f), hl.offset(f), hl.width(f));
  }
  return 0;
}

int run_metapaths_command(const std::string&, const std::string&, const std::vector<std::string>&) {
  std::cerr << "drbsim: error: metapaths: not available in this build\n";
  return 2;
}

}  // namespace drb
