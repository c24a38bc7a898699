// SPDX-License-Identifier: Apache-2.0
//
// Lock-step bench of the whole router: rtl/drb_router.sv against RouterCore (systemc/router/router_core.h,
// the model's own router, not a copy), both fed the same flits and credits at their ports every cycle and
// every output compared every cycle: the flits leaving on each output port (port, VC, head/tail, the
// header as the router edited it: DEC, AL, dateline bits, GMR's early_sent; body data untouched), the
// credits going back upstream on each input port and GMR's early acks.
//
// The stubs around the router behave as neighbours do: upstream, per input VC a credit counter and one
// packet at a time, the VCs of a port interleaving flit by flit on the link; downstream, every flit's
// credit comes back after a random delay (short, or in phases long enough to fill every buffer). Packets
// carry random headers: any destination (this router's own id often, so DEC ejects and pops),
// intermediate destinations (DRB's MSPs), any step, dateline bits and latency field; acks with
// high-priority in the second configuration. The offered load moves through phases from light to past
// saturation.
//
// Timing at the ports (drb_router.sv): a flit or credit driven into the RTL in cycle t reaches the model at
// t + 1 (its arrival cycle); a flit the model's channel delivers at T left the RTL in cycle T - 1 (link 1),
// a credit delivered upstream at T left in T - 1 (credit delay 1); GMR's acks match in their cycle.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "Vdrb_router_k4v4.h"
#include "Vdrb_router_k8v8.h"
#include "models/packet/header.h"
#include "systemc/base/packet_store.h"
#include "systemc/channel/channel.h"
#include "systemc/cosim/rtl_config.h"
#include "systemc/cosim/rtl_router.h"
#include "systemc/cosim/vl_bits.h"
#include "systemc/fabric/setup.h"
#include "systemc/router/router_core.h"
#include "tb/blocks/bench_common.h"

using namespace drb;
using namespace drb::bench;

namespace {

using cosim::vl::get;
using cosim::vl::get_hdr;
using cosim::vl::put;
using cosim::vl::put_hdr;
using cosim::vl::set;

// A configuration: the Verilated model's parameters (rtl/CMakeLists.txt) and the model's keys alike.
struct Config {
  const char* name;
  int k, vcs, depth, steps;
  bool high_prio_acks, gmr;
  uint32_t gmr_threshold;
  int id;  // the router under test (on a wrap row/column: dateline links)
  uint64_t group_base, class_first, class_count;
  int ack_group;
};

// One flit event at a port.
struct Ev {
  int port, vc;
  bool head, tail;
  HeaderBits payload;
  bool operator==(const Ev& o) const {
    return port == o.port && vc == o.vc && head == o.head && tail == o.tail && payload == o.payload;
  }
};
std::string show(const Ev& e, const HeaderLayout& l) {
  std::string s = "port " + std::to_string(e.port) + " vc " + std::to_string(e.vc) + (e.head ? " head" : "") +
                  (e.tail ? " tail" : "");
  if (e.head) {
    const Header h = l.decode(e.payload);
    s += " dest0=" + std::to_string(h.dest[0]) + " more=" + std::to_string(h.more[0]) +
         " step=" + std::to_string(h.step) + " dateline=" + std::to_string(h.dateline) +
         " latency=" + std::to_string(h.latency) + " early_sent=" + std::to_string(h.early_sent);
  } else {
    s += " data=" + std::to_string(e.payload[0]);
  }
  return s;
}

template <class Dut>
int run(const Config& c, const Options& opt) {
  constexpr int kPorts = 5, kLocal = 4;
  const HeaderLayout lay(cosim::rtl_layout());
  const int hw = lay.total_bits();
  const int vcw = c.vcs > 1 ? bits_for(static_cast<uint64_t>(c.vcs)) : 1;
  const int flitw = hw + 2;
  Checker chk(std::string("rtl_router_") + c.name, opt);

  // ---- the model: one RouterCore of a K x K torus, its channels ending at stubs
  NetParams p;
  p.topo.kind = "torus";
  p.topo.k = {c.k, c.k};
  p.vcs = c.vcs;
  p.depth = c.depth;
  p.steps = c.steps;
  p.acks = c.high_prio_acks;
  p.ack_mode = c.high_prio_acks ? AckMode::HighPriority : AckMode::Ideal;
  p.gmr = c.gmr;
  p.gmr_threshold = c.gmr_threshold;
  ElementSetup s(p);
  // The RTL's layout tables are its parameters: the model's layout must be the one it was built for.
  {
    const VcLayout& L = *s.layout;
    const cosim::RtlVcTables t = cosim::rtl_vc_tables(L);
    const int ag = L.ack_group() < 0 ? c.ack_group : L.ack_group();
    if (!t.fits || t.group_base != c.group_base || t.class_first != c.class_first || t.class_count != c.class_count ||
        ag != c.ack_group) {
      std::fprintf(stderr, "%s: the model's VC layout (%s) is not the one the RTL was built with\n", c.name,
                   L.describe().c_str());
      return 2;
    }
  }
  std::vector<std::pair<int64_t, Header>> early;
  RouterConfig cfg = s.router;
  cfg.early_ack = [&](int, const Header& h, int64_t now) {
    early.push_back({now, make_ack_header(h, AckKind::Early, static_cast<uint16_t>(p.ack_flits))});
    return true;
  };
  ChannelTable chan;
  PacketStore store;
  RouterCore r(cfg, c.id, chan, store);
  r.alloc_buffers();
  const Interconnect& ic = *s.ic;
  const int x0 = c.id % c.k, y0 = c.id / c.k;
  const int expect_to[4] = {(x0 + 1) % c.k + y0 * c.k, (x0 + c.k - 1) % c.k + y0 * c.k, x0 + ((y0 + 1) % c.k) * c.k,
                            x0 + ((y0 + c.k - 1) % c.k) * c.k};
  std::vector<int> out_ch(kPorts, -1);
  for (const GraphChannel& g : ic.graph().channels()) {
    if (g.from == c.id) {
      if (g.from_port >= 4 || g.to != expect_to[g.from_port]) {
        std::fprintf(stderr, "%s: port %d of the model's router leads to %d, the RTL's port order is +x -x +y -y\n",
                     c.name, g.from_port, g.to);
        return 2;
      }
      out_ch[g.from_port] =
          chan.add(Channel{element_end(c.id, g.from_port), element_end(1000 + g.to, g.to_port), 1, 1});
      r.connect_output(g.from_port, out_ch[g.from_port], false);
    }
    if (g.to == c.id) {
      const int ch = chan.add(Channel{element_end(1000 + g.from, g.from_port), element_end(c.id, g.to_port), 1, 1});
      r.connect_input(g.to_port, ch, false);
    }
  }
  const GraphTerminal& term = ic.graph().terminals()[c.id];
  if (term.inject.port != kLocal || term.eject.port != kLocal) {
    std::fprintf(stderr, "%s: the model's local port is not port 4\n", c.name);
    return 2;
  }
  r.connect_input(kLocal, chan.add(Channel{terminal_end(c.id, 0), element_end(c.id, kLocal), 1, 1}), true);
  out_ch[kLocal] = chan.add(Channel{element_end(c.id, kLocal), terminal_end(c.id, 0), 1, 1});
  r.connect_output(kLocal, out_ch[kLocal], true);
  chan.init(p.d_sa + p.d_st);
  chan.bind([&](int ch) { r.channel_changed(chan[ch].from.port); },
            [&](int ch) { return r.output_idle(chan[ch].from.port); });

  // ---- the RTL
  VerilatedContext ctx;
  ctx.randReset(2);
  Dut d(&ctx);
  Trace tr(ctx, opt.trace);
  tr.add(d);
  tr.open();
  set(d.node_id_i, c.id);
  d.cfg_we_i = 0;
  set(d.in_valid_i, 0);
  set(d.out_credit_i, 0);
  // A falling edge on rst_ni: the asynchronous reset clears the random state the model began in (the
  // assertions wait until it has).
  ctx.assertOn(false);
  d.rst_ni = 1;
  d.clk_i = 0;
  d.eval();
  reset(d);
  ctx.assertOn(true);
  d.cfg_we_i = 1;  // GMR's registers, once after reset (as the fabric's adapter writes them)
  set(d.cfg_threshold_i, s.gmr.threshold());
  d.cfg_every_hop_i = 0;
  d.clk_i = 1;
  d.eval();
  d.clk_i = 0;
  d.cfg_we_i = 0;
  d.eval();
  // The register write took one clock edge: the RTL's cycle counter runs one ahead of a fresh reset, so the
  // model starts at cycle 1 (its cycle 0 has no input: nothing can arrive before the first RTL cycle).
  int64_t t = 1;

  // ---- stubs
  Rng rng(opt.seed);
  struct Up {  // upstream, per input VC
    int credits = 0;
    int left = 0;  // flits of the current packet still to send
    uint32_t slot = 0;
    uint16_t idx = 0, len = 0;
  };
  std::vector<Up> up(static_cast<size_t>(kPorts) * c.vcs);
  for (Up& u : up) u.credits = c.depth;
  struct Later {
    int64_t t;
    bool credit;
    int port, vc;
    Flit f;
  };
  std::vector<Later> later;                 // what reaches the model at cycle t (driven into the RTL at t - 1)
  std::array<int64_t, kPorts> credit_at{};  // per output, the last cycle a credit comes back in
  std::vector<std::vector<Ev>> rtl_out(4), rtl_cr(4);  // RTL events by cycle, a ring of 4
  uint64_t next_id = 1, flits_out = 0, heads_out = 0, acks_out = 0;
  const int n_nodes = c.k * c.k;
  auto rnd = [&](uint64_t n) { return static_cast<int>(rng.next() % n); };

  auto new_header = [&](uint16_t len) {
    Header h;
    const bool ack = c.high_prio_acks && rnd(5) == 0;
    const int fin = rnd(5) == 0 ? c.id : rnd(n_nodes);
    if (ack) {
      h.tclass = TrafficClass::Ack;
      h.ack_kind = rnd(2) ? AckKind::Early : AckKind::Final;
      h.dest[0] = static_cast<uint32_t>(fin);
      h.length = 1;
    } else {
      const int mids = rnd(c.steps);  // intermediates still ahead; the step leaves room for their pops
      std::vector<uint32_t> m;
      for (int i = 0; i < mids; ++i) m.push_back(static_cast<uint32_t>(rnd(3) == 0 ? c.id : rnd(n_nodes)));
      h = make_data_header(static_cast<uint32_t>(rnd(n_nodes)), static_cast<uint32_t>(fin), m, 0, len);
      h.step = static_cast<uint8_t>(rnd(c.steps - mids));
      h.early_sent = rnd(4) == 0;
    }
    h.dateline = static_cast<uint16_t>(rnd(4));
    h.latency = static_cast<uint32_t>(rnd(64)) * (rnd(2) ? 1 : 1000) & 0xffffu;
    h.seq = static_cast<uint32_t>(rnd(65536));
    return h;
  };

  uint64_t cycle = 0;
  int after_fail = 0;
  for (; cycle < opt.cycles; ++cycle, ++t) {
    const int64_t phase = (t / 4000) % 4;  // offered load and downstream speed move in phases
    const int load_pct = phase == 0 ? 15 : phase == 1 ? 45 : phase == 2 ? 90 : 60;
    const int slow_pct = phase == 3 ? 30 : 3;

    // a. the model's cycle t: what arrives, then the step; then what its channels deliver at t
    for (const Later& l : later) {
      if (l.t != t) continue;
      if (l.credit)
        r.credit(l.port, static_cast<uint8_t>(l.vc));
      else
        r.arrive(l.port, l.f, t);
    }
    later.erase(std::remove_if(later.begin(), later.end(), [&](const Later& l) { return l.t == t; }), later.end());
    r.step(t);
    std::vector<Ev> m_out, m_cr;
    auto flit_ev = [&](int port, const Flit& f) {
      const Packet& pk = store.pkt(f.pkt);
      HeaderBits pl{};
      if (f.head())
        pl = lay.encode(pk.hdr);
      else
        pl[0] = (static_cast<uint64_t>(pk.id) << 16) | f.idx;
      m_out.push_back({port, f.vc, f.head(), f.tail(), pl});
      if (f.tail()) store.free_packet(f.pkt);
    };
    chan.deliver_flits(ChannelEnd::kElement, t, [&](const ChannelEnd& e, const Flit& f) {
      for (int q = 0; q < kLocal; ++q)
        if (chan[out_ch[q]].to.id == e.id && chan[out_ch[q]].to.port == e.port) {
          flit_ev(q, f);
          // downstream: the slot frees after a random delay
          // (one credit a cycle on a link, as one flit a cycle leaves the downstream buffer)
          const int extra = rnd(100) < slow_pct ? 5 + rnd(60) : rnd(3);
          credit_at[q] = std::max(t + 1 + extra, credit_at[q] + 1);
          later.push_back({credit_at[q], true, q, f.vc, Flit{}});
        }
    });
    chan.deliver_flits(ChannelEnd::kTerminal, t, [&](const ChannelEnd&, const Flit& f) { flit_ev(kLocal, f); });
    chan.deliver_credits(ChannelEnd::kElement, t, [&](const ChannelEnd& e, uint8_t vc) {
      int port = -1;  // the input port whose upstream stub this is
      for (int ch = 0; ch < chan.size(); ++ch)
        if (chan[ch].from.id == e.id && chan[ch].from.port == e.port && chan[ch].from.kind == e.kind)
          port = chan[ch].to.port;
      m_cr.push_back({port, vc, false, false, {}});
      ++up[static_cast<size_t>(port) * c.vcs + vc].credits;
    });
    chan.deliver_credits(ChannelEnd::kTerminal, t, [&](const ChannelEnd&, uint8_t vc) {
      m_cr.push_back({kLocal, vc, false, false, {}});
      ++up[static_cast<size_t>(kLocal) * c.vcs + vc].credits;
    });

    // b. compare the RTL's cycle t - 1 (flits and credits) and cycle t (acks, below) with the model
    if (std::getenv("DRB_ROUTER_DEBUG") && t >= std::atoll(std::getenv("DRB_ROUTER_DEBUG"))) {
      std::printf("t=%lld model state after step:\n%s", (long long)t, r.dump(t).c_str());
      for (const Ev& e : m_out) std::printf("t=%lld model out %s\n", (long long)t, show(e, lay).c_str());
      for (const Ev& e : m_cr) std::printf("t=%lld model credit port %d vc %d\n", (long long)t, e.port, e.vc);
      for (const Ev& e : rtl_out[(t - 1) & 3])
        std::printf("t=%lld rtl(t-1) out %s\n", (long long)t, show(e, lay).c_str());
    }
    if (t >= 2) {
      auto by_port = [](const Ev& a, const Ev& b) { return a.port < b.port; };
      std::stable_sort(m_out.begin(), m_out.end(), by_port);
      std::stable_sort(m_cr.begin(), m_cr.end(), by_port);
      const std::vector<Ev>& ro = rtl_out[(t - 1) & 3];
      const std::vector<Ev>& rc = rtl_cr[(t - 1) & 3];
      if (!(ro == m_out)) {
        std::string a, b;
        for (const Ev& e : ro) a += "\n      rtl   " + show(e, lay);
        for (const Ev& e : m_out) b += "\n      model " + show(e, lay);
        chk.eq(static_cast<uint64_t>(t - 1), "output flits" + a + b, ro.size() + 1, 0);
      } else {
        chk.eq(static_cast<uint64_t>(t - 1), "output flits", 1, 1);
      }
      if (!(rc == m_cr)) {
        std::string a, b;
        for (const Ev& e : rc) a += " rtl(port " + std::to_string(e.port) + " vc " + std::to_string(e.vc) + ")";
        for (const Ev& e : m_cr) b += " model(port " + std::to_string(e.port) + " vc " + std::to_string(e.vc) + ")";
        chk.eq(static_cast<uint64_t>(t - 1), "credits upstream" + a + b, rc.size() + 1, 0);
      }
      for (const Ev& e : m_out) flits_out += 1, heads_out += e.head;
      if (!chk.ok() && ++after_fail > 4) break;  // the first failing cycle is the report, a few more give context
    }

    // c. stimulus for cycle t + 1: driven into the RTL now, reaching the model at t + 1
    d.in_valid_i = 0;
    d.out_credit_i = 0;
    for (const Later& l : later) {
      if (l.t != t + 1 || !l.credit) continue;
      set(d.out_credit_i, d.out_credit_i | (1u << l.port));
      put(d.out_credit_vc_i, l.port * vcw, vcw, static_cast<uint64_t>(l.vc));
      if (std::getenv("DRB_ROUTER_DEBUG") && t >= std::atoll(std::getenv("DRB_ROUTER_DEBUG")))
        std::printf("t=%lld drive credit out port %d vc %d\n", (long long)t, l.port, l.vc);
    }
    for (int q = 0; q < kPorts; ++q) {
      if (rnd(100) >= load_pct) continue;
      std::vector<int> ok;
      for (int v = 0; v < c.vcs; ++v)
        if (up[static_cast<size_t>(q) * c.vcs + v].credits > 0) ok.push_back(v);
      if (ok.empty()) continue;
      const int v = ok[static_cast<size_t>(rnd(ok.size()))];
      Up& u = up[static_cast<size_t>(q) * c.vcs + v];
      if (u.left == 0) {  // a new packet on this VC
        u.len = static_cast<uint16_t>(1 + rnd(5));
        u.slot = store.new_packet();
        Packet& pk = store.pkt(u.slot);
        pk.id = next_id++;
        pk.src = c.id;
        pk.hdr = new_header(u.len);
        u.len = pk.hdr.length;
        u.left = u.len;
        u.idx = 0;
      }
      const Packet& pk = store.pkt(u.slot);
      Flit f;
      f.pkt = u.slot;
      f.idx = u.idx;
      f.vc = static_cast<uint8_t>(v);
      f.flags = static_cast<uint8_t>((u.idx == 0 ? Flit::kHead : 0) | (u.left == 1 ? Flit::kTail : 0));
      f.check = flit_check(pk.id, u.idx);
      HeaderBits pl{};
      if (f.head())
        pl = lay.encode(pk.hdr);
      else
        pl[0] = (static_cast<uint64_t>(pk.id) << 16) | f.idx;
      set(d.in_valid_i, d.in_valid_i | (1u << q));
      put(d.in_vc_i, q * vcw, vcw, static_cast<uint64_t>(v));
      put_hdr(d.in_flit_i, q * flitw, hw, pl);
      put(d.in_flit_i, q * flitw + hw, 1, f.head());
      put(d.in_flit_i, q * flitw + hw + 1, 1, f.tail());
      later.push_back({t + 1, false, q, v, f});
      --u.credits;
      ++u.idx;
      --u.left;
    }

    // d. the RTL's cycle t: outputs before the edge, then the edge
    ctx.time(static_cast<uint64_t>(t));
    d.eval();
    std::vector<Ev>& ro = rtl_out[t & 3];
    std::vector<Ev>& rc = rtl_cr[t & 3];
    ro.clear();
    rc.clear();
    for (int q = 0; q < kPorts; ++q) {
      if ((d.out_valid_o >> q) & 1u) {
        const bool head = get(d.out_flit_o, q * flitw + hw, 1), tail = get(d.out_flit_o, q * flitw + hw + 1, 1);
        HeaderBits pl = get_hdr(d.out_flit_o, q * flitw, hw);
        if (!head) pl = HeaderBits{pl[0], 0, 0, 0};
        ro.push_back({q, static_cast<int>(get(d.out_vc_o, q * vcw, vcw)), head, tail, pl});
      }
      if ((d.in_credit_o >> q) & 1u)
        rc.push_back({q, static_cast<int>(get(d.in_credit_vc_o, q * vcw, vcw)), false, false, {}});
    }
    std::vector<HeaderBits> ra;
    for (int q = 0; q < kPorts; ++q)
      if ((d.ack_valid_o >> q) & 1u) ra.push_back(get_hdr(d.ack_hdr_o, q * hw, hw));
    std::vector<HeaderBits> ma;
    for (const auto& [when, h] : early)
      if (when == t) ma.push_back(lay.encode(h));
    early.clear();
    chk.eq(static_cast<uint64_t>(t), "early acks", ra.size(), ma.size());
    for (size_t i = 0; i < std::min(ra.size(), ma.size()); ++i)
      chk.eq_hdr(static_cast<uint64_t>(t), "early ack", lay, ra[i], ma[i]);
    acks_out += ma.size();
    tr.dump(static_cast<uint64_t>(2 * t));
    d.clk_i = 1;
    d.eval();
    tr.dump(static_cast<uint64_t>(2 * t + 1));
    d.clk_i = 0;
    chk.context([&] { return "router " + std::to_string(c.id) + ", load " + std::to_string(load_pct) + "%"; });
  }
  std::printf("%s: %llu flits out (%llu heads), %llu early acks, %llu DEC pops, %llu AL waits, %llu contended\n",
              c.name, static_cast<unsigned long long>(flits_out), static_cast<unsigned long long>(heads_out),
              static_cast<unsigned long long>(acks_out), static_cast<unsigned long long>(r.counters().dec_pops),
              static_cast<unsigned long long>(r.counters().al_waits),
              static_cast<unsigned long long>(r.counters().contended));
  d.final();
  return chk.finish(cycle);
}

}  // namespace

int main(int argc, char** argv) {
  const Options opt = parse_options(argc, argv);
  // 4x4 torus, 4 VCs (two dateline classes of two VCs: the request picks the one with more credits),
  // 4-flit buffers, GMR; router 3 = (3, 0): its +x and -y links wrap. 8x8 torus, 8 VCs (three steps x two classes, and
  // the acks' two), high-priority acks, GMR; router 56 = (0, 7): -x and +y wrap.
  const Config a{"k4v4", 4, 4, 4, 1, false, true, 40, 3, 0x0, 0x20, 0x22, 1};
  const Config b{"k8v8", 8, 8, 8, 3, true, true, 300, 56, 0x6420, 0x76543210, 0x11111111, 3};
  int rc = run<Vdrb_router_k4v4>(a, opt);
  const int rc2 = run<Vdrb_router_k8v8>(b, opt);
  return rc != 0 ? rc : rc2;
}
