// DRB's source policy (metapaths per destination) for a scenario.
#pragma once
#include <functional>
#include <memory>

#include "models/drb/path_policy.h"
#include "tb/drbsim/scenario.h"

namespace drb {

std::function<std::unique_ptr<PathPolicy>(int)> drb_policy_factory(const Scenario& s);

}  // namespace drb
