// SPDX-License-Identifier: Apache-2.0
// A VCD read back for the waveform tests: every variable's changes with their times.
#pragma once
#include <cstdint>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tests/support.h"

namespace drb::test {

// name -> its changes (time in ps, value), from a VCD's text.
inline std::map<std::string, std::vector<std::pair<int64_t, int64_t>>> changes(const std::string& path) {
  std::istringstream in(slurp(path));
  std::vector<std::string> scope;
  std::map<std::string, std::string> name_of;
  std::map<std::string, std::vector<std::pair<int64_t, int64_t>>> out;
  int64_t now = 0;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream l(line);
    std::string w;
    l >> w;
    if (w == "$scope") {
      std::string kind, name;
      l >> kind >> name;
      scope.push_back(name);
    } else if (w == "$upscope") {
      scope.pop_back();
    } else if (w == "$var") {
      std::string type, width, id, name, full;
      l >> type >> width >> id >> name;
      for (const std::string& s : scope) full += s + ".";
      name_of[id] = full + name;
      out[full + name];
    } else if (!w.empty() && w[0] == '#') {
      now = std::stoll(w.substr(1));
    } else if (w.size() > 1 && (w[0] == '0' || w[0] == '1')) {
      out[name_of.at(w.substr(1))].push_back({now, w[0] - '0'});
    } else if (!w.empty() && w[0] == 'b') {
      std::string id;
      l >> id;
      out[name_of.at(id)].push_back({now, std::stoll(w.substr(1), nullptr, 2)});
    }
  }
  return out;
}

inline int64_t value_at(const std::vector<std::pair<int64_t, int64_t>>& ch, int64_t t) {
  int64_t v = -1;
  for (const auto& [at, x] : ch)
    if (at <= t) v = x;
  return v;
}

}  // namespace drb::test
