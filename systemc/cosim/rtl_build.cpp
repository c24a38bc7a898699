// SPDX-License-Identifier: Apache-2.0
#include "systemc/cosim/rtl_build.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>

#if DRB_HAVE_RTL
#include "drb_rtl_routers.h"  // the tools' and sources' paths, fixed when the project was configured
#endif

extern char** environ;

namespace drb::cosim {

namespace fs = std::filesystem;

namespace {

#if DRB_HAVE_RTL
const char* const kSources[] = {DRB_RTL_ROUTER_UNITS_SV};
// What the library is compiled from besides Verilator's output: the entry point and the headers whose
// layout it shares with the fabric.
const char* const kGlue[] = {"systemc/cosim/router_ports_dyn.cpp", "systemc/cosim/router_ports.h",
                             "systemc/cosim/router_ports_of.h", "systemc/cosim/vl_bits.h", "models/packet/header.h",
                             "models/packet/header.cpp"};

uint64_t fnv(uint64_t h, const std::string& s) {
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("router.impl: cannot read " + path);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

// Runs argv (no shell: every argument is a path fixed at configure time or a number), output to log.
int run(const std::vector<std::string>& argv, const std::string& log) {
  std::vector<char*> a;
  for (const std::string& s : argv) a.push_back(const_cast<char*>(s.c_str()));
  a.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  pid_t pid;
  const int rc = posix_spawn(&pid, a[0], &fa, nullptr, a.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) return -1;
  int st = 0;
  while (waitpid(pid, &st, 0) < 0) {
  }
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

std::mutex mu;
std::map<std::string, MakeRouterPorts>& loaded() {
  static std::map<std::string, MakeRouterPorts> m;
  return m;
}
#endif

}  // namespace

std::string rtl_build_unavailable() {
#if DRB_HAVE_RTL
  for (const char* f : {DRB_VERILATOR_BIN, DRB_CXX, DRB_GEN_HEADER_PKG})
    if (access(f, X_OK) != 0) return std::string("router.impl: verilating a new configuration needs ") + f;
  for (const char* f : kSources)
    if (access(f, R_OK) != 0) return std::string("router.impl: verilating a new configuration needs the RTL source ") + f;
  for (const char* f : kGlue)
    if (access((std::string(DRB_RTL_SOURCE_ROOT) + "/" + f).c_str(), R_OK) != 0)
      return std::string("router.impl: verilating a new configuration needs ") + DRB_RTL_SOURCE_ROOT + "/" + f;
  return "";
#else
  return "router.impl: this build has no RTL (configured with DRB_NO_RTL)";
#endif
}

MakeRouterPorts load_router_ports(const std::vector<std::string>& params, const LayoutParams& layout,
                                  const std::string& what) {
#if DRB_HAVE_RTL
  std::lock_guard<std::mutex> lock(mu);
  // The cache key: the parameters, every source, the glue and the compiler.
  uint64_t h = 14695981039346656037ull;
  std::vector<std::string> pkg{"--nodes=" + std::to_string(layout.nodes),
                               "--latency-bits=" + std::to_string(layout.latency_bits),
                               "--seq-bits=" + std::to_string(layout.seq_bits), "--dims=" + std::to_string(layout.dims),
                               "--max-length=" + std::to_string(layout.max_length)};
  if (layout.tie_bits) pkg.push_back("--tie-bits");
  // Loaded once per process and configuration: every router of a network asks, the sources are read and
  // hashed for the first only.
  std::string key;
  for (const std::string& p : params) key += p + "\n";
  for (const std::string& p : pkg) key += p + "\n";
  auto& m = loaded();
  if (auto it = m.find(key); it != m.end()) return it->second;
  h = fnv(h, key);
  for (const char* f : kSources) h = fnv(h, slurp(f));
  for (const char* f : kGlue) h = fnv(h, slurp(std::string(DRB_RTL_SOURCE_ROOT) + "/" + f));
  h = fnv(h, DRB_CXX);
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  const fs::path dir = fs::path(DRB_RTL_CACHE) / hex;
  const fs::path lib = dir / "drb_router.so";
  if (!fs::exists(lib)) {
    const auto t0 = std::chrono::steady_clock::now();
    std::fprintf(stderr, "[drb] router.impl=rtl: verilating drb_router for %s (first use; cached in %s)\n",
                 what.c_str(), dir.c_str());
    std::error_code ec;
    fs::create_directories(DRB_RTL_CACHE, ec);
    const fs::path tmp = fs::path(DRB_RTL_CACHE) / (std::string(hex) + ".tmp" + std::to_string(getpid()));
    fs::remove_all(tmp, ec);
    fs::create_directories(tmp, ec);
    if (ec) throw std::runtime_error("router.impl: cannot create " + tmp.string() + ": " + ec.message());
    const std::string log = (tmp / "build.log").string();
    const std::string sv = (tmp / "drb_hdr_pkg.sv").string();
    std::vector<std::string> g{DRB_GEN_HEADER_PKG, "--out=" + sv};
    g.insert(g.end(), pkg.begin(), pkg.end());
    if (run(g, log) != 0) throw std::runtime_error("router.impl: generating the header package failed (log: " + log + ")");
    std::vector<std::string> v{DRB_VERILATOR_BIN, "--cc", "--prefix", "Vdrb_router_dyn", "--Mdir", tmp.string(),
                               "--top-module", "drb_router", "-Wall", "-Wno-fatal", "-O3", "--x-assign", "unique",
                               "--x-initial", "unique", "--assert",
                               // The RTL's parameter checks ($error at elaboration) stop the build.
                               "-Werror-USERERROR"};
    v.insert(v.end(), params.begin(), params.end());
    v.push_back(sv);
    for (const char* f : kSources) v.push_back(f);
    if (run(v, log) != 0) throw std::runtime_error("router.impl: Verilator failed on this configuration (log: " + log + ")");
    const std::string root = DRB_VERILATOR_ROOT;
    std::vector<std::string> c{DRB_CXX, "-std=c++17", "-O2", "-fPIC", "-shared", "-pthread", "-w", "-Wl,-Bsymbolic",
                               "-DVM_COVERAGE=0", "-DVM_SC=0", "-DVM_TRACE=0", "-DVM_TRACE_FST=0", "-DVM_TRACE_VCD=0",
                               "-I" + tmp.string(), "-I" + root + "/include", "-I" + root + "/include/vltstd",
                               "-I" + std::string(DRB_RTL_SOURCE_ROOT), "-o", (tmp / "drb_router.so").string()};
    for (const auto& e : fs::directory_iterator(tmp))
      if (e.path().extension() == ".cpp") c.push_back(e.path().string());
    c.push_back(std::string(DRB_RTL_SOURCE_ROOT) + "/systemc/cosim/router_ports_dyn.cpp");
    c.push_back(root + "/include/verilated.cpp");
    c.push_back(root + "/include/verilated_threads.cpp");
    if (run(c, log) != 0) throw std::runtime_error("router.impl: compiling the verilated router failed (log: " + log + ")");
    fs::rename(tmp, dir, ec);  // another process may have finished the same configuration first: keep its
    if (ec) fs::remove_all(tmp, ec);
    std::fprintf(stderr, "[drb] router.impl=rtl: verilated in %.0f s\n",
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  void* so = dlopen(lib.c_str(), RTLD_NOW | RTLD_LOCAL);  // never closed: routers built from it live on
  if (!so) throw std::runtime_error(std::string("router.impl: cannot load ") + lib.string() + ": " + dlerror());
  auto make = reinterpret_cast<MakeRouterPorts>(dlsym(so, kMakeRouterPortsSymbol));
  if (!make) throw std::runtime_error("router.impl: " + lib.string() + " has no " + kMakeRouterPortsSymbol);
  m[key] = make;
  return make;
#else
  (void)params;
  (void)layout;
  (void)what;
  throw std::runtime_error("router.impl: this build has no RTL (configured with DRB_NO_RTL)");
#endif
}

}  // namespace drb::cosim
