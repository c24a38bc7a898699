// SPDX-License-Identifier: Apache-2.0
#include "systemc/cosim/rtl_build.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

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
// Verilator's runtime, compiled once by the build (rtl/CMakeLists.txt) with the flags below.
const char* const kRuntimeObjs[] = {DRB_VL_RUNTIME_OBJS};
// The compiler's optimisation of Verilator's output (part of the cache key), the build's (rtl/CMakeLists.txt).
const char* const kSlowOpt = DRB_RTL_OPT_SLOW;
const char* const kFastOpt = DRB_RTL_OPT_FAST;

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

// Starts argv (no shell: every argument is a path fixed at configure time or a number), output appended
// to log; the child's pid, or -1.
pid_t spawn(const std::vector<std::string>& argv, const std::string& log) {
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
  return rc == 0 ? pid : -1;
}

int wait_for(pid_t pid) {
  if (pid < 0) return -1;
  int st = 0;
  while (waitpid(pid, &st, 0) < 0) {
  }
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int run(const std::vector<std::string>& argv, const std::string& log) { return wait_for(spawn(argv, log)); }

// Runs the jobs, at most `width` at a time, in the order given (largest first keeps the last one short);
// true if every one exits 0.
bool run_all(const std::vector<std::vector<std::string>>& jobs, const std::string& log, size_t width) {
  std::deque<pid_t> running;
  bool ok = true;
  for (const auto& j : jobs) {
    if (running.size() >= width) {
      ok &= wait_for(running.front()) == 0;
      running.pop_front();
    }
    running.push_back(spawn(j, log));
  }
  for (pid_t p : running) ok &= wait_for(p) == 0;
  return ok;
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
  for (const char* f : kRuntimeObjs)
    if (access(f, R_OK) != 0) return std::string("router.impl: verilating a new configuration needs Verilator's runtime ") + f;
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
  h = fnv(h, std::string(kSlowOpt) + kFastOpt);
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
    // Each file of the model compiled alone, as many at once as there are cores (kSlowOpt, kFastOpt);
    // Verilator's runtime comes precompiled from the build. A 4x4x4 torus router: 47 s in one compiler
    // run, 24 s so (2 cores, measured).
    const std::string root = DRB_VERILATOR_ROOT;
    std::vector<std::string> flags{DRB_VL_CXX_FLAGS};  // the precompiled runtime's (rtl/CMakeLists.txt)
    flags.insert(flags.end(), {"-I" + tmp.string(), "-I" + root + "/include", "-I" + root + "/include/vltstd",
                               "-I" + std::string(DRB_RTL_SOURCE_ROOT)});
    std::vector<std::pair<uintmax_t, fs::path>> srcs;
    for (const auto& e : fs::directory_iterator(tmp))
      if (e.path().extension() == ".cpp") srcs.emplace_back(fs::file_size(e.path()), e.path());
    srcs.emplace_back(0, fs::path(DRB_RTL_SOURCE_ROOT) / "systemc/cosim/router_ports_dyn.cpp");
    std::sort(srcs.begin(), srcs.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<std::vector<std::string>> jobs;
    std::vector<std::string> link{DRB_CXX, "-shared", "-pthread", "-Wl,-Bsymbolic", "-o", (tmp / "drb_router.so").string()};
    for (size_t i = 0; i < srcs.size(); ++i) {
      const bool slow = srcs[i].second.stem().string().find("__Slow") != std::string::npos;
      std::vector<std::string> c{DRB_CXX, slow ? kSlowOpt : kFastOpt};
      c.insert(c.end(), flags.begin(), flags.end());
      const std::string obj = (tmp / ("o" + std::to_string(i) + ".o")).string();
      c.insert(c.end(), {"-c", srcs[i].second.string(), "-o", obj});
      jobs.push_back(std::move(c));
      link.push_back(obj);
    }
    for (const char* o : kRuntimeObjs) link.push_back(o);
    const size_t width = std::clamp<size_t>(std::thread::hardware_concurrency(), 1, 8);
    if (!run_all(jobs, log, width) || run(link, log) != 0)
      throw std::runtime_error("router.impl: compiling the verilated router failed (log: " + log + ")");
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
