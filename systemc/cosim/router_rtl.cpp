// SPDX-License-Identifier: Apache-2.0
#include "systemc/cosim/router_rtl.h"

#include <stdexcept>
#include <string>
#include <vector>

#include "systemc/cosim/rtl_config.h"

#if DRB_HAVE_RTL
#include <verilated.h>

#include "Vdrb_al.h"
#include "Vdrb_dec.h"
#include "Vdrb_gmr.h"
#include "Vdrb_switch_alloc_p3v2.h"
#include "Vdrb_switch_alloc_p3v4.h"
#include "Vdrb_switch_alloc_p5v2.h"
#include "Vdrb_switch_alloc_p5v4.h"
#include "Vdrb_switch_alloc_p5v8.h"
#include "Vdrb_vc_alloc_p3v2.h"
#include "Vdrb_vc_alloc_p3v4.h"
#include "Vdrb_vc_alloc_p5v2.h"
#include "Vdrb_vc_alloc_p5v4.h"
#include "Vdrb_vc_alloc_p5v8.h"
#include "Vdrb_xbar_arbiter_p3.h"
#include "Vdrb_xbar_arbiter_p5.h"
#include "drb_rtl_pkg.h"

namespace drb::cosim {

namespace {

static_assert(rtl_pkg::kHdrW <= HeaderLayout::kMaxBits, "generated header wider than HeaderBits");

// Header bits <-> Verilator port: up to 8 bits CData, 16 SData, 32 IData, 64 QData, wider VlWide (32-bit words).
template <class P>
void to_port(P& p, const HeaderBits& b) {
  p = static_cast<P>(b[0]);
}
template <std::size_t N>
void to_port(VlWide<N>& p, const HeaderBits& b) {
  for (std::size_t i = 0; i < N; ++i) p[i] = static_cast<EData>(b[i / 2] >> (32 * (i % 2)));
}
template <class P>
HeaderBits from_port(const P& p) {
  return HeaderBits{static_cast<uint64_t>(p), 0, 0, 0};
}
template <std::size_t N>
HeaderBits from_port(const VlWide<N>& p) {
  HeaderBits b{};
  for (std::size_t i = 0; i < N; ++i) b[i / 2] |= static_cast<uint64_t>(p[i]) << (32 * (i % 2));
  return b;
}

// Drive an input port of any width from a wider value (Verilator ports are references to narrow ints).
template <class P, class V>
void drive(P& port, V v) {
  port = static_cast<P>(v);
}

// One clock period of a clocked block whose inputs are already driven.
template <class M>
void edge(M& m) {
  m.clk_i = 0;
  m.eval();
  m.clk_i = 1;
  m.eval();
  m.clk_i = 0;
  m.eval();
}

// A crossbar arbiter instance of either port count, behind one interface (RTL mode only).
class XbarLane {
 public:
  virtual ~XbarLane() = default;
  virtual int arbitrate(uint64_t req, uint64_t prio) = 0;
  virtual void update(int grant, bool used) = 0;
};

template <class V>
class XbarRtl final : public XbarLane {
 public:
  XbarRtl(VerilatedContext* ctx, const std::string& name) : m_(ctx, name.c_str()) {
    m_.req_i = m_.prio_i = 0;
    m_.used_i = 0;
    m_.rst_ni = 0;  // an edge in reset, so the pointer starts at 0 whatever its initial value
    edge(m_);
    m_.rst_ni = 1;
    m_.eval();
  }
  int arbitrate(uint64_t req, uint64_t prio) override {
    drive(m_.req_i, req);
    drive(m_.prio_i, prio);
    m_.used_i = 0;
    m_.clk_i = 0;
    m_.eval();
    return m_.valid_o ? static_cast<int>(m_.idx_o) : -1;
  }
  void update(int grant, bool used) override {
    // The RTL moves its pointer past its own grant; the router must be reporting on that grant.
    if (grant != (m_.valid_o ? static_cast<int>(m_.idx_o) : -1))
      throw std::logic_error("crossbar arbiter RTL: update for grant " + std::to_string(grant) + ", RTL granted " +
                             std::to_string(m_.valid_o ? static_cast<int>(m_.idx_o) : -1));
    m_.used_i = used;
    m_.clk_i = 1;
    m_.eval();
  }

 private:
  V m_;
};

// $clog2(n), at least 1: the width of an index into n things, as the RTL declares it.
int index_width(int n) { return n > 1 ? 32 - __builtin_clz(static_cast<unsigned>(n - 1)) : 1; }
// Field `index` of `width` bits set to `value` in a flat bit vector of 64-bit words.
void put_field(std::vector<uint64_t>& w, int index, int width, int value) {
  for (int b = 0; b < width; ++b)
    if ((value >> b) & 1) {
      const int at = index * width + b;
      w[static_cast<size_t>(at) / 64] |= uint64_t{1} << (at % 64);
    }
}

// A bit vector of any width into / out of a Verilator port (narrow integer or VlWide of 32-bit words).
template <class P>
void set_bits(P& p, const std::vector<uint64_t>& w) {
  p = static_cast<P>(w[0]);
}
template <std::size_t N>
void set_bits(VlWide<N>& p, const std::vector<uint64_t>& w) {
  for (std::size_t i = 0; i < N; ++i) p[i] = static_cast<EData>(i / 2 < w.size() ? w[i / 2] >> (32 * (i % 2)) : 0);
}
template <class P>
bool bit(const P& p, int i) {
  return (static_cast<uint64_t>(p) >> i) & 1;
}
template <std::size_t N>
bool bit(const VlWide<N>& p, int i) {
  return (p[static_cast<std::size_t>(i) / 32] >> (i % 32)) & 1;
}

// A VC allocator instance of any size, behind one interface (RTL mode only).
class VaLane {
 public:
  virtual ~VaLane() = default;
  virtual void allocate(const std::vector<RouterRtl::VaRequest>& reqs, std::vector<char>& granted) = 0;
};

template <class V>
class VaRtl final : public VaLane {
 public:
  VaRtl(VerilatedContext* ctx, const std::string& name, int in, int out)
      : m_(ctx, name.c_str()), out_w_(index_width(out)) {
    req_.assign((static_cast<size_t>(in) + 63) / 64, 0);
    ovc_.assign((static_cast<size_t>(in) * out_w_ + 63) / 64, 0);
    set_bits(m_.req_i, req_);
    set_bits(m_.req_ovc_i, ovc_);
    m_.rst_ni = 0;  // an edge in reset, so every pointer starts at 0 whatever its initial value
    edge(m_);
    m_.rst_ni = 1;
    m_.eval();
  }
  void allocate(const std::vector<RouterRtl::VaRequest>& reqs, std::vector<char>& granted) override {
    std::fill(req_.begin(), req_.end(), 0);
    std::fill(ovc_.begin(), ovc_.end(), 0);
    for (const auto& q : reqs) {
      put_field(req_, q.in, 1, 1);
      put_field(ovc_, q.in, out_w_, q.out);
    }
    set_bits(m_.req_i, req_);
    set_bits(m_.req_ovc_i, ovc_);
    m_.clk_i = 0;
    m_.eval();
    granted.resize(reqs.size());
    for (size_t k = 0; k < reqs.size(); ++k) granted[k] = bit(m_.gnt_o, reqs[k].in);
    m_.clk_i = 1;  // the pointers move past this cycle's winners
    m_.eval();
  }

 private:
  V m_;
  int out_w_;
  std::vector<uint64_t> req_, ovc_;
};

// A switch allocator instance of any size, behind one interface (RTL mode only).
class SaLane {
 public:
  virtual ~SaLane() = default;
  virtual uint64_t allocate(uint64_t req, uint64_t prio, const std::vector<int>& out_port) = 0;
};

template <class V>
class SaRtl final : public SaLane {
 public:
  SaRtl(VerilatedContext* ctx, const std::string& name, int ports, int vcs)
      : m_(ctx, name.c_str()), n_(ports * vcs), port_w_(index_width(ports)) {
    ports_.assign((static_cast<size_t>(n_) * port_w_ + 63) / 64, 0);
    drive(m_.req_i, 0);
    drive(m_.prio_i, 0);
    set_bits(m_.out_port_i, ports_);
    m_.rst_ni = 0;  // an edge in reset, so every pointer starts at 0 whatever its initial value
    edge(m_);
    m_.rst_ni = 1;
    m_.eval();
  }
  uint64_t allocate(uint64_t req, uint64_t prio, const std::vector<int>& out_port) override {
    std::fill(ports_.begin(), ports_.end(), 0);
    for (int k = 0; k < n_; ++k) put_field(ports_, k, port_w_, out_port[k]);
    drive(m_.req_i, req);
    drive(m_.prio_i, prio);
    set_bits(m_.out_port_i, ports_);
    m_.clk_i = 0;
    m_.eval();
    const uint64_t g = static_cast<uint64_t>(m_.gnt_o);
    m_.clk_i = 1;  // the input and output arbiters' pointers move
    m_.eval();
    return g;
  }

 private:
  V m_;
  int n_, port_w_;
  std::vector<uint64_t> ports_;
};

// The Verilated allocator pair of one router size (rtl/CMakeLists.txt): f(Va, Sa) is called with the pair's
// model types for the routers that have one; false for the others. The one list of the sizes covered.
template <class Va, class Sa>
struct AllocPair {
  using va = Va;
  using sa = Sa;
};
template <class F>
bool with_allocators(int ports, int vcs, F&& f) {
  if (ports == 5 && vcs == 2) return f(AllocPair<Vdrb_vc_alloc_p5v2, Vdrb_switch_alloc_p5v2>{}), true;
  if (ports == 5 && vcs == 4) return f(AllocPair<Vdrb_vc_alloc_p5v4, Vdrb_switch_alloc_p5v4>{}), true;
  if (ports == 5 && vcs == 8) return f(AllocPair<Vdrb_vc_alloc_p5v8, Vdrb_switch_alloc_p5v8>{}), true;
  if (ports == 3 && vcs == 2) return f(AllocPair<Vdrb_vc_alloc_p3v2, Vdrb_switch_alloc_p3v2>{}), true;
  if (ports == 3 && vcs == 4) return f(AllocPair<Vdrb_vc_alloc_p3v4, Vdrb_switch_alloc_p3v4>{}), true;
  return false;
}

}  // namespace

bool rtl_xbar_covers(int router_ports) { return router_ports == 3 || router_ports == 5; }
bool rtl_alloc_covers(int router_ports, int vcs) { return with_allocators(router_ports, vcs, [](auto) {}); }

struct RouterRtl::Impl {
  explicit Impl(const RouterParams& p) : lay(rtl_layout()), ack_flits(static_cast<uint16_t>(p.ack_flits)) {}
  VerilatedContext ctx;  // one per router: routers never share Verilated state
  HeaderLayout lay;
  uint16_t ack_flits;
  std::unique_ptr<Vdrb_dec> dec;
  std::unique_ptr<Vdrb_al> al;
  std::unique_ptr<Vdrb_gmr> gmr;
  std::vector<std::unique_ptr<XbarLane>> xbar;
  std::unique_ptr<VaLane> va;
  std::unique_ptr<SaLane> sa;
};

RouterRtl::RouterRtl(const RouterParams& p, const Gmr& gmr, int router, int ports) : impl_(std::make_unique<Impl>(p)) {
  Impl& m = *impl_;
  const std::string base = "router_" + std::to_string(router);
  if (p.rtl_dec) m.dec = std::make_unique<Vdrb_dec>(&m.ctx, (base + ".dec").c_str());
  if (p.rtl_al) {
    if (p.al_width != rtl_pkg::kLatencyBits) throw std::invalid_argument("router.blocks.al: al.width differs from the RTL's W");
    m.al = std::make_unique<Vdrb_al>(&m.ctx, (base + ".al").c_str());
  }
  if (p.rtl_gmr) {
    if (gmr.threshold() >= (uint64_t{1} << rtl_pkg::kLatencyBits))
      throw std::invalid_argument("router.blocks.gmr: the GMR threshold does not fit the RTL's W-bit register");
    m.gmr = std::make_unique<Vdrb_gmr>(&m.ctx, (base + ".gmr").c_str());
    Vdrb_gmr& g = *m.gmr;
    g.valid_i = 0;
    g.cfg_we_i = 0;
    g.rst_ni = 0;
    edge(g);
    g.rst_ni = 1;
    g.cfg_we_i = 1;  // the configuration registers hold the network's threshold and mode from here on
    g.cfg_threshold_i = gmr.threshold();
    g.cfg_every_hop_i = gmr.every_hop();
    edge(g);
    g.cfg_we_i = 0;
    g.eval();
  }
  if (p.rtl_xbar) {
    for (int o = 0; o < ports; ++o) {
      const std::string name = base + ".xbar_" + std::to_string(o);
      if (ports == 5) m.xbar.push_back(std::make_unique<XbarRtl<Vdrb_xbar_arbiter_p5>>(&m.ctx, name));
      else if (ports == 3) m.xbar.push_back(std::make_unique<XbarRtl<Vdrb_xbar_arbiter_p3>>(&m.ctx, name));
      else throw std::invalid_argument("router.blocks.xbar: no Verilated arbiter for " + std::to_string(ports) + " ports");
    }
  }
  if (p.rtl_va || p.rtl_sa) {
    const int n = ports * p.vcs;
    const bool have = with_allocators(ports, p.vcs, [&](auto pair) {
      using Pair = decltype(pair);
      if (p.rtl_va) m.va = std::make_unique<VaRtl<typename Pair::va>>(&m.ctx, base + ".va", n, n);
      if (p.rtl_sa) m.sa = std::make_unique<SaRtl<typename Pair::sa>>(&m.ctx, base + ".sa", ports, p.vcs);
    });
    if (!have)
      throw std::invalid_argument(std::string("router.blocks.") + (p.rtl_va ? "va" : "sa") +
                                  ": no Verilated allocators for " + std::to_string(ports) + " ports and " +
                                  std::to_string(p.vcs) + " VCs");
  }
}

RouterRtl::~RouterRtl() = default;

DecAction RouterRtl::dec(Header& h, uint32_t node) {
  Vdrb_dec& d = *impl_->dec;
  ++evals_;
  to_port(d.hdr_i, impl_->lay.encode(h));
  drive(d.node_id_i, node);
  d.eval();
  h = impl_->lay.decode(from_port(d.hdr_o));
  return d.pop_o ? DecAction::Pop : d.eject_o ? DecAction::Eject : DecAction::Route;
}

uint32_t RouterRtl::al_enq(uint32_t lat, uint32_t timer) { return al_eval(lat, timer, true); }
uint32_t RouterRtl::al_resume(uint32_t lat, uint32_t timer) { return al_eval(lat, timer, false); }

// The AL's two operations are one combinational evaluation with one of enq_i / resume_i raised.
uint32_t RouterRtl::al_eval(uint32_t lat, uint32_t timer, bool enq) {
  Vdrb_al& a = *impl_->al;
  ++evals_;
  drive(a.lat_i, lat);
  drive(a.timer_i, timer);
  a.enq_i = enq;
  a.resume_i = !enq;
  a.eval();
  return a.lat_o;
}

bool RouterRtl::gmr_fire(Header& h) {
  Impl& m = *impl_;
  Vdrb_gmr& g = *m.gmr;
  ++evals_;
  to_port(g.hdr_i, m.lay.encode(h));
  g.valid_i = 1;
  g.eval();
  const bool fire = g.fire_o;
  if (fire) {
    // The network builds the early ack itself (make_ack_header); the RTL's ack_o must be that same ack.
    // The RTL's length is its AckFlits parameter, the network's drb.ack_flits: compared apart from that.
    const Header want = make_ack_header(h, AckKind::Early, m.ack_flits);
    Header got = m.lay.decode(from_port(g.ack_o));
    got.length = want.length;
    if (got != want) throw std::logic_error("GMR RTL: ack_o differs from make_ack_header for the same head");
  }
  h = m.lay.decode(from_port(g.hdr_o));
  return fire;
}

int RouterRtl::xbar_arbitrate(int port, uint64_t req, uint64_t prio) {
  ++evals_;
  return impl_->xbar[port]->arbitrate(req, prio);
}

void RouterRtl::xbar_update(int port, int grant, bool used) { impl_->xbar[port]->update(grant, used); }

void RouterRtl::va_allocate(const std::vector<VaRequest>& reqs, std::vector<char>& granted) {
  ++evals_;
  impl_->va->allocate(reqs, granted);
}

uint64_t RouterRtl::sa_allocate(uint64_t req, uint64_t prio, const std::vector<int>& out_port) {
  ++evals_;
  return impl_->sa->allocate(req, prio, out_port);
}

}  // namespace drb::cosim

#else  // DRB_HAVE_RTL: a build without Verilator; validation refuses RTL mode before a router is built.

namespace drb::cosim {

bool rtl_xbar_covers(int) { return false; }
bool rtl_alloc_covers(int, int) { return false; }
struct RouterRtl::Impl {};
RouterRtl::RouterRtl(const RouterParams&, const Gmr&, int, int) {
  throw std::invalid_argument("router.blocks: this build has no RTL (configured with DRB_NO_RTL)");
}
RouterRtl::~RouterRtl() = default;
DecAction RouterRtl::dec(Header&, uint32_t) { throw std::logic_error("no RTL"); }
uint32_t RouterRtl::al_enq(uint32_t, uint32_t) { throw std::logic_error("no RTL"); }
uint32_t RouterRtl::al_resume(uint32_t, uint32_t) { throw std::logic_error("no RTL"); }
bool RouterRtl::gmr_fire(Header&) { throw std::logic_error("no RTL"); }
int RouterRtl::xbar_arbitrate(int, uint64_t, uint64_t) { throw std::logic_error("no RTL"); }
void RouterRtl::xbar_update(int, int, bool) {}
void RouterRtl::va_allocate(const std::vector<VaRequest>&, std::vector<char>&) { throw std::logic_error("no RTL"); }
uint64_t RouterRtl::sa_allocate(uint64_t, uint64_t, const std::vector<int>&) { throw std::logic_error("no RTL"); }

}  // namespace drb::cosim

#endif
