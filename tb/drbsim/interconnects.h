// SPDX-License-Identifier: Apache-2.0
// The interconnects of one scenario set, each built once. Validation and the memory estimate read a run's
// network graph; a sweep over one large network would otherwise build it twice a point: a 7-D 4-ary torus
// (16,384 routers) takes 40 ms a build, so an 84-point sweep spent 6.6 s before anything ran (65 s under
// the sanitizers).
#pragma once
#include <cstddef>
#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "models/topology/interconnect.h"
#include "models/topology/topology.h"
#include "tb/drbsim/guards.h"
#include "tb/io/inputs.h"

namespace drb {

class InterconnectCache {
 public:
  // The interconnect of tp (std::invalid_argument from make_interconnect as it comes; nothing is kept then).
  const Interconnect& get(const TopologyParams& tp) {
    for (const auto& [p, ic] : kept_)
      if (p == tp) return *ic;
    auto ic = make_interconnect(tp);
    if (kept_.size() == kKept) kept_.pop_front();
    kept_.emplace_back(tp, std::move(ic));
    return *kept_.back().second;
  }

  // A network file's text (topology.file), read once per path for the whole set: a sweep's runs share it.
  std::shared_ptr<const std::string> file_text(const std::string& key, const std::string& path) {
    if (!text_ || path != text_path_) {
      text_ = std::make_shared<const std::string>(read_input(key, path, kMaxNetworkFileBytes, "network file"));
      text_path_ = path;
    }
    return text_;
  }

  // A network file's relation whose deadlock check passed (tb/drbsim/loader.cpp), by the file's text and
  // the relation's name: a sweep's points check it once.
  bool deadlock_checked(const std::shared_ptr<const std::string>& text, const std::string& relation) {
    for (const auto& [t, r] : checked_)
      if (t == text && r == relation) return true;
    return false;
  }
  void set_deadlock_checked(const std::shared_ptr<const std::string>& text, const std::string& relation) {
    checked_.emplace_back(text, relation);
  }

 private:
  std::vector<std::pair<std::shared_ptr<const std::string>, std::string>> checked_;
  std::string text_path_;
  std::shared_ptr<const std::string> text_;
  // The most recent distinct topologies: a sweep nests the topology keys it varies in a few loops, and a
  // set holds at most a few large graphs at once (a 65,535-router graph is some tens of MiB).
  static constexpr size_t kKept = 4;
  std::deque<std::pair<TopologyParams, std::unique_ptr<Interconnect>>> kept_;
};

}  // namespace drb
