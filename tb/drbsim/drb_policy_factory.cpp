#include "tb/drbsim/drb_policy_factory.h"

namespace drb {

// Until the metapath policy lands, DRB runs take the static path (validation keeps them out of reach).
std::function<std::unique_ptr<PathPolicy>(int)> drb_policy_factory(const Scenario&) {
  return [](int) -> std::unique_ptr<PathPolicy> { return std::make_unique<StaticPolicy>(); };
}

}  // namespace drb
