// SPDX-License-Identifier: Apache-2.0
#include "systemc/fabric/network.h"

#include <algorithm>
#include <exception>
#include <map>
#include <sstream>
#include <stdexcept>
#include <type_traits>

#include "models/routing/file_routing.h"
#include "systemc/base/huge_heap.h"

namespace drb {

// The graph's channels plus an injection and an ejection channel per terminal channel.
static double channel_count(const Interconnect& ic) {
  double c = static_cast<double>(ic.graph().channels().size());
  for (const GraphTerminal& t : ic.graph().terminals()) c += 2.0 * t.channels;
  return c;
}

Network::Network(const NetParams& p, std::function<std::unique_ptr<PathPolicy>(int)> policy) : s_(p) {
  active_ = s_.routing.get();
  const int n = s_.ic->terminals(), e = s_.ic->elements();
  // Results do not depend on it (test_determinism); drb_bench B5 and F2 run 6-14 % faster with it
  // (docs/speed-history.md).
  reserve_huge_heap(huge_reservation(p, footprint(p, *s_.ic).total()));
  src_active_.init(n);
  router_busy_.init(e);
  dst_due_.init(n);
  s_.router.early_ack = [this](int r, const Header& data, int64_t now) {
    if (!pool_) return early_ack(r, data, now);
    if (!group_acks_.empty())
      group_acks_[static_cast<size_t>(chan_.element_group(r))].push_back(EarlyAck{r, data, now});
    else
      out_[static_cast<size_t>(chan_.element_lane(r))].acks.push_back(EarlyAck{r, data, now});
    return true;  // a drop is counted when the ack is built (step_with)
  };
  if (p.capture.on) {  // PR-DRB's monitor on the heads leaving every router
    monitor_ = std::make_unique<PrdrbMonitor>(p.capture, store_, obs_);
    s_.router.head_tap = monitor_.get();
  }
  for (int r = 0; r < e; ++r) routers_.push_back(std::make_unique<RouterCore>(s_.router, r, chan_, store_));
  // sim.threads: equal contiguous ranges of elements, or of groups of them (grouped_ below; the loader
  // refuses what would be shared between threads: RTL, PR-DRB's monitor, the packet trace, link faults).
  const int parts = std::min(p.threads, e);
  if (parts > 1) {
    if (p.rtl_router || p.any_rtl() || p.capture.on || p.faults.on())
      throw std::logic_error("sim.threads: RTL routers, PR-DRB's monitor and link faults step in one thread");
    // Ranges start on a multiple of 64 where every part still gets elements: each thread then owns whole
    // words of the busy set and takes its own elements' deliveries (split_ below).
    split_ = e >= 64 * parts;
    for (int t = 0; t <= parts; ++t) {
      int b = static_cast<int>(static_cast<int64_t>(e) * t / parts);
      if (split_ && t > 0 && t < parts) b = (b + 32) / 64 * 64;
      part_.push_back(b);
    }
    out_.resize(static_cast<size_t>(parts));
    pool_ = std::make_unique<StepPool>(parts);
    store_.fix_packet_table();  // the NIs step in part 0 beside the other parts (step_with)
  } else {
    part_ = {0, e};
  }
  // The grouped step (step_with): where the elements step apart from everything else (what sim.threads
  // allows), on fabrics too big for the second-level cache, and with threads on ranges of whole words, at
  // most 16 of them.
  grouped_ = !p.rtl_router && !p.any_rtl() && !p.capture.on && !p.faults.on() &&
             e >= p.group_from && (!pool_ || (split_ && parts <= 16));
  if (pool_ || grouped_) {
    const int n_parts = static_cast<int>(part_.size()) - 1;
    // Each element sends in its part's lane; grouped with threads, in the lanes of the thread that steps
    // its group this cycle (RouterCore::set_sender), so every element is wired to sender lane 0.
    std::vector<int> lane(static_cast<size_t>(e), 0), group;
    if (!grouped_)
      for (int t = 0; t < n_parts; ++t)
        for (int r = part_[t]; r < part_[t + 1]; ++r) lane[static_cast<size_t>(r)] = t;
    if (grouped_) {
      // Groups of 64 << s elements, s the least that keeps every (sender lane, receiving group) pair a lane
      // of its own (at most 256): with threads, groups of 64 on a 64x64 torus, 256 on 24,576 switches.
      int s = 0;
      while (n_parts * ((e + (kGroup << s) - 1) / (kGroup << s)) > 256) ++s;
      group.resize(static_cast<size_t>(e));
      for (int lo = 0; lo < e; lo += kGroup << s) {
        const int hi = std::min(e, lo + (kGroup << s));
        for (int r = lo; r < hi; ++r) group[static_cast<size_t>(r)] = static_cast<int>(group_lo_.size());
        group_lo_.push_back(lo);
      }
      group_lo_.push_back(e);
      if (pool_) {
        const int n = static_cast<int>(group_lo_.size()) - 1;
        group_acks_.resize(static_cast<size_t>(n));
        ranges_.reset(new GroupRange[static_cast<size_t>(n_parts)]);
        for (int t = 0; t < n_parts; ++t) {
          ranges_[static_cast<size_t>(t)].lo = static_cast<int>(static_cast<int64_t>(n) * t / n_parts);
          ranges_[static_cast<size_t>(t)].hi = static_cast<int>(static_cast<int64_t>(n) * (t + 1) / n_parts);
        }
      }
    }
    const int n_groups = std::max(1, static_cast<int>(group_lo_.size()) - 1);
    // first: the routers then point into the lanes
    chan_.set_lanes(std::move(lane), std::move(group), n_groups, n_parts);
    for (int r = 0; r < e; ++r) routers_[static_cast<size_t>(r)]->set_lane(chan_.element_lane(r));
  }
  if (p.rtl_router) {  // every element's first step clocks in its GMR registers
    rtl_ = cosim::RtlRouter::build_all(s_.p, s_.router, chan_, store_);
    for (int r = 0; r < e; ++r) router_busy_.add(r);
  }
  s_.ni.observers = &obs_;
  s_.ni.acks = &ack_wire_;
  s_.ni.wake = &src_active_;
  for (int t = 0; t < n; ++t) {
    src_.push_back(std::make_unique<SourceNi>(s_.ni, t, chan_, store_,
                                              policy ? policy(t) : std::make_unique<StaticPolicy>()));
    dst_.push_back(std::make_unique<DestNi>(s_.ni, t, chan_, store_, *src_.back()));
  }
  if (rtl_.empty())
    for (auto& r : routers_) r->alloc_buffers();
  // Wiring from the network graph (models/topology/graph.h): a channel per graph channel between element
  // ports (same ids), then per terminal its injection and its ejection channels.
  const NetworkGraph& g = s_.ic->graph();
  chan_.reserve(static_cast<int>(channel_count(*s_.ic)));
  // Each element's ports, on the C++ router and, under router.impl=rtl, on the RTL one that steps.
  auto connect_output = [this](int e, int port, int ch, bool eject) {
    routers_[e]->connect_output(port, ch, eject);
    if (!rtl_.empty()) rtl_[e]->connect_output(port, ch, eject);
  };
  auto connect_input = [this](int e, int port, int ch, bool inject) {
    routers_[e]->connect_input(port, ch, inject);
    if (!rtl_.empty()) rtl_[e]->connect_input(port, ch, inject);
  };
  for (const GraphChannel& c : g.channels()) {
    const int id = chan_.add(Channel{element_end(c.from, c.from_port), element_end(c.to, c.to_port), p.d_link + c.extra, p.d_credit});
    connect_output(c.from, c.from_port, id, false);
    connect_input(c.to, c.to_port, id, false);
  }
  for (int t = 0; t < n; ++t) {
    const GraphTerminal& term = g.terminals()[t];
    std::vector<int> inj;
    for (int c = 0; c < term.channels; ++c) {
      const Attachment in{term.inject.element, term.inject.port + c};
      inj.push_back(chan_.add(Channel{terminal_end(t, c), element_end(in.element, in.port), p.d_inj, p.d_credit}));
      connect_input(in.element, in.port, inj.back(), true);
    }
    src_[t]->connect(inj);
    for (int c = 0; c < term.channels; ++c) {
      const Attachment out{term.eject.element, term.eject.port + c};
      connect_output(out.element, out.port,
                     chan_.add(Channel{element_end(out.element, out.port), terminal_end(t, c), p.d_ej, p.d_credit}), true);
    }
  }
  const int narrow = p.power.on ? (1 << p.power.width_steps) - 1 : 0;  // a stage-2 flit's later last phit
  chan_.init(p.d_sa + p.d_st + narrow);
  // Link features set channel state; the sending element's output unit follows it. Only element outputs
  // are ever switched (an NI's injection channel is not a network link).
  chan_.bind([this](int c) { routers_[chan_[c].from.id]->channel_changed(chan_[c].from.port); },
             [this](int c) {
               const ChannelEnd& f = chan_[c].from;
               return f.kind == ChannelEnd::kElement && routers_[f.id]->output_idle(f.port);
             });
  if (p.power.on) power_ = LinkPower::make(*this);
  if (p.faults.on()) faults_ = std::make_unique<LinkFaults>(*this);
}

Network::~Network() = default;

void Network::add_head_tap(HeadTap* t) {
  if (pool_) throw std::logic_error("sim.threads: a head tap watches every router from one thread");
  if (taps_.taps.empty() && monitor_) taps_.taps.push_back(monitor_.get());
  taps_.taps.push_back(t);
  HeadTap* bound = taps_.taps.size() == 1 ? t : &taps_;
  for (auto& r : routers_) r->set_head_tap(bound);
}

Footprint Network::footprint(const NetParams& p, const Interconnect& ic) {
  const double n = ic.terminals(), e = ic.elements();
  Footprint f;
  std::map<int, int> by_ports;  // elements per port count
  for (int r = 0; r < ic.elements(); ++r) ++by_ports[ic.ports(r)];
  double routers = 0;
  for (const auto& [ports, count] : by_ports) routers += count * RouterCore::footprint(ports, p.vcs, p.depth);
  f.add("routers (buffers and VC state)", routers);
  // router.impl=rtl: each element's Verilated model and context besides (measured RSS: about 60 KB a
  // router with 2 VCs, 180 KB with 8), and a library verilated on first use.
  if (p.rtl_router) f.add("RTL routers (Verilated models)", e * (32768.0 + 20480.0 * p.vcs) + 16.0 * (1 << 20));
  f.add("network interfaces", n * (SourceNi::footprint(p.vcs, p.topo.ni_channels) + DestNi::footprint()));
  // Data and ack routing of a direct network each hold a table (two with random ties: one per tie direction).
  if (const Topology* t = ic.direct())
    f.add("routing tables", (p.routing.tie_random ? 4 : 2) * heap_bytes(RoutingFunction::table_bytes(t->nodes(), t->ports())));
  // A network file's data and ack relations: up*/down* hold distance tables where no route table replaces them.
  if (ic.file()) f.add("up*/down* distance tables, at most", 2 * heap_bytes(UpDownRouting::table_bytes(ic)));
  f.add("wiring", 3 * heap_bytes(e * sizeof(void*)) + 3 * heap_bytes(n / 8));
  f.add("channels", heap_bytes(channel_count(ic) * ChannelTable::bytes_per_channel()));
  return f;
}

size_t Network::huge_reservation(const NetParams& p, double fabric_bytes) {
  const double b = std::min(2 * fabric_bytes, 0x1p32);
  return p.huge_pages && b >= static_cast<double>(kHugeHeapMin) ? static_cast<size_t>(b) : 0;
}

const Topology& Network::topology() const {
  if (!s_.ic->direct()) throw std::logic_error("a " + s_.ic->kind() + " has no direct-network helper");
  return *s_.ic->direct();
}

FabricItemBytes Network::item_bytes(const NetParams& p, int max_hops) {
  FabricItemBytes b;
  // Pool slots come in chunks; a queued message also takes its slot in the source queue's ring (which
  // doubles, so up to two entries per message).
  b.message = sizeof(Message) + 2 * sizeof(uint32_t);
  b.packet = sizeof(Packet) + heap_bytes((max_hops + 1) * sizeof(uint16_t)) + sizeof(uint32_t);
  b.pair = SourceNi::per_destination() + DestNi::per_source();
  return b;
}

uint64_t Network::submit(int src, int dst, int flits, int64_t t_gen, bool measured, std::vector<uint8_t> data,
                         uint64_t addr, uint64_t user) {
  if (faults_ && !faults_->routable(src, dst)) {  // no fault-free way under the relation: not accepted
    faults_->refused(src, dst);
    for (NetObserver* o : obs_) o->message_rejected(src, flits, t_gen);
    return 0;
  }
  const uint64_t id = src_[src]->submit(dst, flits, t_gen, measured, std::move(data), addr, user);
  if (!id)
    for (NetObserver* o : obs_) o->message_rejected(src, flits, t_gen);
  return id;
}

void Network::set_measuring(bool m) {
  if (m && !chan_.measuring()) in_flight_sum_ = 0;
  chan_.set_measuring(m);  // opening the window clears the channels' window counts
}

uint64_t Network::flit_hops() const {
  uint64_t n = 0;
  for (int c = 0; c < static_cast<int>(s_.ic->graph().channels().size()); ++c) n += chan_.flits(c);
  return n;
}

void Network::set_routing(const RoutingRelation* r) {
  active_ = r ? r : s_.routing.get();
  for (auto& router : routers_) router->set_routing(*active_);
}

bool Network::early_ack(int r, const Header& data, int64_t now) {
  ++early_acks_;
  const int t = s_.ic->first_terminal(r);
  if (send_early_ack(s_, data, now, ack_wire_, t >= 0 ? src_[t].get() : nullptr)) return true;
  ++early_drops_;
  return false;
}

void Network::step(int64_t now) {
  if (rtl_.empty())
    step_with(routers_, now);
  else
    step_with(rtl_, now);
}

template <class E>
void Network::step_with(std::vector<std::unique_ptr<E>>& el, int64_t now) {
  now_ = now;
  std::unique_ptr<E>* const els = el.data();
  const bool split = split_ && !flit_tap_;  // the elements' deliveries in their threads
  // Grouped: the elements' flits and credits are taken a group at a time, just before the group steps
  // (the tap, with threads, wants the deliveries in the calling thread).
  const bool grouped = grouped_ && !(pool_ && flit_tap_);
  // A group's deliveries and steps: every flit and credit for its elements, then the busy ones step. An
  // element's state changes only in its own deliveries and step, and every channel takes a cycle or more,
  // so this is the cycle of deliveries-then-steps in another order.
  // With threads, group g is stepped by whichever thread takes it (t), its elements sending in t's lanes.
  // The group then takes its flits and credits lane by lane, so those of different senders come in an order
  // that depends on which thread stepped which sender. The results do not: a channel carries at most one
  // flit and one credit a cycle, and each changes only its own input VC or output VC (a count, a buffer,
  // bits of the stage and busy masks), so deliveries on different channels commute. Those of one channel
  // stay in sending order: its sender writes one lane.
  // On these fabrics (more than the second-level cache) a delivery's lines are missed in a chain: the
  // router's first line, then the VC record it names, then the buffer slot the record names. The
  // deliveries walk each bucket prefetching those links for the items 16, 8 and 4 ahead, so later items'
  // misses overlap the current one; a router about to step prefetches its active VCs' front flits. Hybrid
  // 2-ary 12-tree, two threads: 6-20 % less wall time (medians of three alternating pairs).
  auto group_step = [this, els, now](int g, int t) {
    chan_.scan_group_flits(now, g, [this, els, now](const ChannelEnd& to, const Flit& f) {
      els[to.id]->arrive(to.port, f, now);
      router_busy_.add(to.id);
      if (flit_tap_) flit_tap_(to, f, now);
    }, [els](const InFlight* a, size_t i, size_t n) {
      if constexpr (std::is_same_v<E, RouterCore>) {
        if (i + 16 < n) __builtin_prefetch(els[a[i + 16].to.id].get(), 1);
        if (i + 8 < n) els[a[i + 8].to.id]->prefetch_input_vc(a[i + 8].to.port, a[i + 8].f.vc);
        if (i + 4 < n) els[a[i + 4].to.id]->prefetch_slot(a[i + 4].to.port, a[i + 4].f.vc);
      }
    });
    chan_.scan_group_credits(now, g, [this, els](const ChannelEnd& from, uint8_t vc) {
      els[from.id]->credit(from.port, vc);
      if constexpr (E::kStepsOnCredit) router_busy_.add(from.id);
    }, [els](const CreditInFlight* a, size_t i, size_t n) {
      if constexpr (std::is_same_v<E, RouterCore>) {
        if (i + 16 < n) __builtin_prefetch(els[a[i + 16].from.id].get(), 1);
        if (i + 8 < n) els[a[i + 8].from.id]->prefetch_output_vc(a[i + 8].from.port, a[i + 8].vc);
      }
    });
    chan_.clear_group(now, g);
    const int lo = group_lo_[static_cast<size_t>(g)], hi = group_lo_[static_cast<size_t>(g) + 1];
    // Thread t sends in its own lanes (in one thread, every element is wired to lane 0 anyway).
    ChannelLane* const lanes = chan_.lane_at(t * chan_.groups());
    int64_t* const moved = chan_.move_slot(t);
    router_busy_.visit_words(lo >> 6, (hi + 63) >> 6, [els, now, lanes, moved](int n) {
      if constexpr (std::is_same_v<E, RouterCore>) {
        els[n]->set_sender(lanes, moved);
        els[n]->prefetch_fronts();
      }
      els[n]->step(now);
      return els[n]->busy();
    });
  };
  // The terminals' half of the cycle: their flits and credits, then the source NIs. With threads it runs
  // in part 0 (the calling thread) while the other parts step their elements: within a cycle the NIs share
  // nothing with the elements (every channel takes a cycle or more) but the packet pool's table of chunks,
  // fixed in size for that (PacketStore::fix_packet_table). The NIs send in lane 0, before part 0's
  // elements do, as in one thread.
  auto terminals = [this, now] {
    chan_.deliver_flits(ChannelEnd::kTerminal, now, [this, now](const ChannelEnd& to, const Flit& f) {
      dst_[to.id]->arrive(f, now);
      dst_due_.add(to.id);
      if (flit_tap_) flit_tap_(to, f, now);
    });
    chan_.deliver_credits(ChannelEnd::kTerminal, now, [this](const ChannelEnd& from, uint8_t vc) {
      if (src_[from.id]->credit(static_cast<uint8_t>(from.port), vc)) src_active_.add(from.id);
    });
    src_active_.visit([this, now](int n) { return src_[n]->step(now); });
  };
  auto destinations = [this, now] {
    dst_due_.visit([this, now](int n) {
      dst_[n]->step(now);
      return false;
    });
  };
  if (!split && !grouped)
    chan_.deliver_flits(ChannelEnd::kElement, now, [this, els, now](const ChannelEnd& to, const Flit& f) {
      els[to.id]->arrive(to.port, f, now);
      router_busy_.add(to.id);
      if (flit_tap_) flit_tap_(to, f, now);
    });
  if (!split && !grouped)
    chan_.deliver_credits(ChannelEnd::kElement, now, [this, els](const ChannelEnd& from, uint8_t vc) {
      els[from.id]->credit(from.port, vc);
      if constexpr (E::kStepsOnCredit) router_busy_.add(from.id);
    });
  if (pool_) {
    // The destination NIs step in part 0 too, after its elements, unless elements send early acks: those
    // are built after the parts meet, and a destination's acks must follow them as in one thread.
    const bool dst_in_part = !s_.p.gmr;
    std::exception_ptr dst_err;  // a destination NI's failure counts after any element's, as in one thread
    // A part's elements without groups. Split: the part takes the flits and credits for its own elements
    // first (an element's state and its words of the busy set are its part's alone). The deliveries' bodies
    // are written out again here: sharing them with the single-thread ones as named lambdas cost one thread
    // 4 % more instructions per flit-hop (perf_guard B2, B3, F1).
    auto part_elements = [&](int t, int lo, int hi) {
      if (split) {
        chan_.scan_flits(ChannelEnd::kElement, now, [this, els, now, lo, hi](const ChannelEnd& to, const Flit& f) {
          if (to.id < lo || to.id >= hi) return;
          els[to.id]->arrive(to.port, f, now);
          router_busy_.add(to.id);
        });
        chan_.scan_credits(ChannelEnd::kElement, now, [this, els, lo, hi](const ChannelEnd& from, uint8_t vc) {
          if (from.id < lo || from.id >= hi) return;
          els[from.id]->credit(from.port, vc);
          if constexpr (E::kStepsOnCredit) router_busy_.add(from.id);
        });
      }
      router_busy_.visit_range(lo, hi, [&](int n) {
        els[n]->step(now);
        return els[n]->busy();
      }, out_[static_cast<size_t>(t)].idle);
    };
    auto part = [&](int t) {
      if (t == 0) terminals();
      if (grouped) {
        const int n = pool_->size();
        for (int g; (g = take_group(t, true)) >= 0;) group_step(g, t);
        for (int k = 1; k < n; ++k)
          for (int g; (g = take_group((t + k) % n, false)) >= 0;) group_step(g, t);
      } else {
        part_elements(t, part_[t], part_[t + 1]);
      }
      if (t == 0 && dst_in_part) try {
          destinations();
        } catch (...) {
          dst_err = std::current_exception();
        }
    };
    if (grouped)  // published to the workers by the pool's start
      for (int t = 0; t < pool_->size(); ++t) {
        GroupRange& r = ranges_[static_cast<size_t>(t)];
        r.fb.store(static_cast<uint64_t>(r.lo) << 32 | static_cast<uint32_t>(r.hi), std::memory_order_relaxed);
      }
    pool_->run(part);
    if (split && !grouped) chan_.clear_due(ChannelEnd::kElement, now);
    auto build = [this](std::vector<EarlyAck>& acks) {
      for (const EarlyAck& a : acks)
        if (!early_ack(a.r, a.h, a.now)) routers_[static_cast<size_t>(a.r)]->early_ack_dropped();
      acks.clear();
    };
    for (PartOut& o : out_) {
      for (int n : o.idle) router_busy_.remove(n);
      o.idle.clear();
      build(o.acks);
    }
    for (std::vector<EarlyAck>& acks : group_acks_) build(acks);
    if (dst_err) std::rethrow_exception(dst_err);
    if (!dst_in_part) destinations();
  } else {
    terminals();
    if (grouped) {
      for (int g = 0, end = static_cast<int>(group_lo_.size()) - 1; g < end; ++g) group_step(g, 0);
    } else {
      router_busy_.visit([&](int n) {
        els[n]->step(now);
        return els[n]->busy();
      });
    }
    destinations();
  }
  use_acks(ack_wire_, now, store_, obs_, [this](int n) -> SourceNi& { return *src_[n]; });
  if (power_) power_->step(now);  // every cycle: idle routers are skipped, the link controllers never
  if (faults_) faults_->step(now);
  if (chan_.measuring()) in_flight_sum_ += store_.counts().in_network;
  // Links waking up are not a stall: the watchdog counts from the last flit move or link back in service.
  const int64_t last_move = chan_.last_move();
  const int64_t in_flight = store_.counts().flits_in_flight;
  if (in_flight > 0 && now - last_move > s_.p.watchdog && !(power_ && power_->waking())) {
    if (faults_)  // heads with no fault-free way on hold the rest: report them, no dump
      if (std::string held = faults_->held_report(); !held.empty()) fail(SimError::Unroutable, held);
    throw stall_error(in_flight, now - last_move, s_.p.watchdog, dump());
  }
}

// The next group of thread t's range not taken yet, from its front (t itself) or back (another thread);
// -1 once none is left. A group is taken once: by whoever moves the front or the back past it.
int Network::take_group(int t, bool front) {
  std::atomic<uint64_t>& fb = ranges_[static_cast<size_t>(t)].fb;
  uint64_t v = fb.load(std::memory_order_relaxed);
  for (;;) {
    const uint32_t f = static_cast<uint32_t>(v >> 32), b = static_cast<uint32_t>(v);
    if (f >= b) return -1;
    const uint64_t next = front ? (uint64_t{f + 1} << 32 | b) : (uint64_t{f} << 32 | (b - 1));
    if (fb.compare_exchange_weak(v, next, std::memory_order_relaxed)) return static_cast<int>(front ? f : b - 1);
  }
}

bool Network::idle(int64_t now) const {
  return !power_ && !faults_ && store_.counts().flits_in_flight == 0 && src_active_.empty() && router_busy_.empty() &&
         ack_wire_.empty() && now - chan_.last_move() > chan_.horizon();
}

std::string Network::dump() const {
  std::ostringstream o;
  o << "cycle " << now_ << ": blocked VCs and credits\n";
  if (rtl_.empty())
    for (auto& r : routers_) o << r->dump(now_);
  else
    for (auto& r : rtl_) o << r->dump(now_);
  for (auto& s : src_) o << s->dump();
  return o.str();
}

std::string Network::describe_packet(uint32_t slot) const { return store_.describe(slot); }

void Network::fail(SimError::Kind k, const std::string& what) { throw SimError(k, what); }

}  // namespace drb
