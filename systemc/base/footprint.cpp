// SPDX-License-Identifier: Apache-2.0
#include "systemc/base/footprint.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

namespace drb {

namespace {
uint64_t read_limit(const char* path) {
  std::ifstream in(path);
  std::string v;
  if (!(in >> v) || v == "max") return 0;
  char* end = nullptr;
  const unsigned long long x = std::strtoull(v.c_str(), &end, 10);
  return *end ? 0 : x;
}
}  // namespace

uint64_t machine_memory() {
  uint64_t m = 0;
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && page > 0) m = static_cast<uint64_t>(pages) * static_cast<uint64_t>(page);
  // cgroup v2 and v1 limits as this process sees them ("max" or a huge number when unlimited).
  for (const char* p : {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
    const uint64_t l = read_limit(p);
    if (l > 0 && (m == 0 || l < m)) m = l;
  }
  return m;
}

std::string format_bytes(double b) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int u = 0;
  while (b >= 1024 && u < 6) {
    b /= 1024;
    ++u;
  }
  char s[48];
  std::snprintf(s, sizeof s, b < 10 && u ? "%.1f %s" : "%.0f %s", b, units[u]);
  return s;
}

}  // namespace drb
