// SPDX-License-Identifier: Apache-2.0
#include "systemc/face/face.h"

#include <stdexcept>
#include <string>

#include "systemc/base/sim_error.h"
#include "systemc/fabric/element_trace.h"

namespace drb::face {

namespace {
bool same(const ChannelEnd& a, const ChannelEnd& b) { return a.kind == b.kind && a.id == b.id && a.port == b.port; }
std::string end_name(const Interconnect& ic, const ChannelEnd& e, bool out) {
  if (e.kind == ChannelEnd::kTerminal) return "NI " + std::to_string(e.id) + (out ? " inject[" : " eject[") + std::to_string(e.port) + "]";
  return "element " + std::to_string(e.id) + (out ? " out " : " in ") + ic.port_name(e.id, e.port);
}
}  // namespace

Router::Router(sc_core::sc_module_name name, Channels& channels, int id)
    : sc_module(name), clk("clk"), ch_(channels), id_(id) {
  const Interconnect& ic = *channels.setup().ic;
  if (id < 0 || id >= ic.elements())
    throw std::invalid_argument(std::string(basename()) + ": element " + std::to_string(id) + " is not in the " + ic.kind());
  if (channels.setup().router.p.rtl_router)  // the module wraps the C++ router; the RTL one lives in the fabric
    throw std::invalid_argument("router.impl: the face's Router module is the C++ router; router.impl=rtl runs in the "
                                "fabric (Fabric, VpFabric, drbsim)");
  core_ = std::make_unique<RouterCore>(channels.setup().router, id, channels.table(), channels.store());
  core_->alloc_buffers();
  in.init(ic.ports(id));
  out.init(ic.ports(id));
  if (static_cast<int>(channels.routers_.size()) <= id) channels.routers_.resize(id + 1, nullptr);
  if (channels.routers_[id]) throw std::invalid_argument(std::string(basename()) + ": element " + std::to_string(id) + " has a module already");
  channels.routers_[id] = this;
  SC_METHOD(tick);
  sensitive << clk.pos();
  dont_initialize();
}

// Rising edge: wait one delta (the source NIs step first), then step.
void Router::tick() {
  if (waiting_) {
    waiting_ = false;
    if (ch_.failed() || !core_->busy()) return;  // back to the clock
    try {
      core_->step(ch_.cycle());
    } catch (...) {
      ch_.fail(std::current_exception());
    }
    return;
  }
  waiting_ = true;
  next_trigger(sc_core::SC_ZERO_TIME);
}

Ni::Ni(sc_core::sc_module_name name, Channels& channels, int node, std::unique_ptr<PathPolicy> policy)
    : sc_module(name), clk("clk"), ch_(channels), node_(node) {
  const Interconnect& ic = *channels.setup().ic;
  if (node < 0 || node >= ic.terminals())
    throw std::invalid_argument(std::string(basename()) + ": terminal " + std::to_string(node) + " is not in the " + ic.kind());
  src_ = std::make_unique<SourceNi>(channels.setup().ni, node, channels.table(), channels.store(),
                                    policy ? std::move(policy) : std::make_unique<StaticPolicy>());
  dst_ = std::make_unique<DestNi>(channels.setup().ni, node, channels.table(), channels.store(), *src_);
  const int n = ic.graph().terminals()[node].channels;
  inject.init(n);
  eject.init(n);
  if (static_cast<int>(channels.nis_.size()) <= node) channels.nis_.resize(node + 1, nullptr);
  if (channels.nis_[node]) throw std::invalid_argument(std::string(basename()) + ": terminal " + std::to_string(node) + " has a module already");
  channels.nis_[node] = this;
  SC_METHOD(tick_source);
  sensitive << clk.pos();
  dont_initialize();
  SC_METHOD(tick_dest);
  sensitive << clk.pos();
  dont_initialize();
}

uint64_t Ni::submit(int dst, int flits, int64_t t_gen, bool measured) {
  uint64_t id = 0;
  if (LinkFaults* f = ch_.faults_.get(); f && !f->routable(node_, dst)) f->refused(node_, dst);  // as the fast fabric
  else id = src_->submit(dst, flits, t_gen, measured);
  if (!id)
    for (NetObserver* o : ch_.obs_) o->message_rejected(node_, flits, t_gen);
  return id;
}

void Ni::tick_source() {
  if (ch_.failed() || !src_->busy()) return;
  try {
    src_->step(ch_.cycle());
  } catch (...) {
    ch_.fail(std::current_exception());
  }
}

// Rising edge: wait two deltas (the routers step in the first), then take this cycle's arrivals.
void Ni::tick_dest() {
  if (dest_wait_ < 2) {
    ++dest_wait_;
    next_trigger(sc_core::SC_ZERO_TIME);
    return;
  }
  dest_wait_ = 0;
  if (ch_.failed()) return;
  try {
    dst_->step(ch_.cycle());
  } catch (...) {
    ch_.fail(std::current_exception());
  }
}

Channels::Channels(sc_core::sc_module_name name, ElementSetup& setup) : sc_module(name), clk("clk"), setup_(setup) {
  if (setup.p.capture.on) {  // PR-DRB's monitor on the heads leaving every router
    monitor_ = std::make_unique<PrdrbMonitor>(setup.p.capture, store_, obs_);
    setup.router.head_tap = monitor_.get();
  }
  setup.router.early_ack = [this](int r, const Header& data, int64_t now) { return early_ack(r, data, now); };
  setup.ni.observers = &obs_;
  setup.ni.acks = &acks_;
  setup.ni.wake = &wake_;
  wake_.init(setup.ic->terminals());
  SC_METHOD(rising);
  sensitive << clk.pos();
  dont_initialize();
  SC_METHOD(falling);
  sensitive << clk.neg();
  dont_initialize();
}

bool Channels::early_ack(int r, const Header& data, int64_t now) {
  const int t = setup_.ic->first_terminal(r);
  return send_early_ack(setup_, data, now, acks_, t >= 0 ? &nis_[t]->source() : nullptr);
}

void Channels::end_of_elaboration() {
  const Interconnect& ic = *setup_.ic;
  auto fail = [&](const std::string& what) { throw std::invalid_argument(std::string(name()) + ": " + what); };
  for (int e = 0; e < ic.elements(); ++e)
    if (e >= static_cast<int>(routers_.size()) || !routers_[e]) fail("element " + std::to_string(e) + " has no Router module");
  for (int t = 0; t < ic.terminals(); ++t)
    if (t >= static_cast<int>(nis_.size()) || !nis_[t]) fail("terminal " + std::to_string(t) + " has no Ni module");
  // Each bound port names one end of its link.
  auto bind = [&](ChannelPort& port, const ChannelEnd& end, bool sender) {
    if (port.size() == 0) return;
    Link& l = port->link();
    const int bit = sender ? 1 : 2;
    if (l.ends_ & bit) fail(std::string("link ") + l.name() + " has two " + (sender ? "senders" : "receivers"));
    l.ends_ |= bit;
    (sender ? l.from_ : l.to_) = end;
    if (l.ends_ == bit) links_.push_back(&l);  // first seen: its place in the table
  };
  for (Router* r : routers_)
    for (int p = 0; p < static_cast<int>(r->out.size()); ++p) {
      bind(r->out[p], element_end(r->id(), p), true);
      bind(r->in[p], element_end(r->id(), p), false);
    }
  for (Ni* n : nis_)
    for (int c = 0; c < static_cast<int>(n->inject.size()); ++c) {
      bind(n->inject[c], terminal_end(n->node(), c), true);
      bind(n->eject[c], terminal_end(n->node(), c), false);
    }
  for (Link* l : links_)
    if (l->ends_ != 3) fail(std::string("link ") + l->name() + " has no " + (l->ends_ == 1 ? "receiver" : "sender"));
  // The wiring must be the interconnect's: the routing relation sends heads where the graph has channels.
  // The table takes the links in the fast fabric's order (the graph's channels by id, then per terminal its
  // injection and its ejection channels): link features name graph channels by id (faults.links, the power
  // controllers' links), and equal ids keep every delivery order equal.
  std::vector<Link*> ordered;
  auto expect = [&](const ChannelEnd& from, const ChannelEnd& to) {
    for (Link* l : links_)
      if (same(l->from_, from)) {
        if (!same(l->to_, to))
          fail(end_name(ic, from, true) + " must reach " + end_name(ic, to, false) + " (the " + ic.kind() +
               "'s channel), link " + l->name() + " reaches " + end_name(ic, l->to_, false));
        ordered.push_back(l);
        return;
      }
    fail(end_name(ic, from, true) + " has no link (the " + ic.kind() + " has a channel to " + end_name(ic, to, false) + ")");
  };
  const NetworkGraph& g = ic.graph();
  for (const GraphChannel& c : g.channels()) expect(element_end(c.from, c.from_port), element_end(c.to, c.to_port));
  for (int t = 0; t < ic.terminals(); ++t) {
    const GraphTerminal& term = g.terminals()[t];
    for (int c = 0; c < term.channels; ++c) expect(terminal_end(t, c), element_end(term.inject.element, term.inject.port + c));
    for (int c = 0; c < term.channels; ++c) expect(element_end(term.eject.element, term.eject.port + c), terminal_end(t, c));
  }
  if (links_.size() != ordered.size()) fail("more links than the " + ic.kind() + " has channels");
  links_ = std::move(ordered);
  for (Link* l : links_) l->id_ = table_.add(Channel{l->from_, l->to_, l->flight_, l->credit_});
  for (Router* r : routers_)
    for (int p = 0; p < static_cast<int>(r->out.size()); ++p) {
      if (r->out[p].size()) r->core().connect_output(p, r->out[p]->link().id_, r->out[p]->link().to_.kind == ChannelEnd::kTerminal);
      if (r->in[p].size()) r->core().connect_input(p, r->in[p]->link().id_, r->in[p]->link().from_.kind == ChannelEnd::kTerminal);
    }
  for (Ni* n : nis_) {
    std::vector<int> ids;
    for (int c = 0; c < static_cast<int>(n->inject.size()); ++c) ids.push_back(n->inject[c]->link().id_);
    n->source().connect(ids);
  }
  // The links' features, as the fast fabric sets them up (Network's constructor): a narrowed link's later
  // last phit in the table's horizon; each sender's output unit follows its channel's state.
  const int narrow = setup_.p.power.on ? (1 << setup_.p.power.width_steps) - 1 : 0;
  table_.init(setup_.p.d_sa + setup_.p.d_st + narrow);
  table_.bind([this](int c) { routers_[table_[c].from.id]->core().channel_changed(table_[c].from.port); },
              [this](int c) {
                const ChannelEnd& f = table_[c].from;
                return f.kind == ChannelEnd::kElement && routers_[f.id]->core().output_idle(f.port);
              });
  if (setup_.p.power.on) power_ = LinkPower::make(*this);
  if (setup_.p.faults.on()) faults_ = std::make_unique<LinkFaults>(static_cast<LinkHost&>(*this));
  if (vcd_) trace_elements();
}

void Channels::trace(const std::string& file, const TraceSelect& sel) {
  if (sc_core::sc_get_status() & (sc_core::SC_START_OF_SIMULATION | sc_core::SC_RUNNING | sc_core::SC_PAUSED))
    throw std::logic_error(std::string(name()) + ": trace() is called before sc_start");
  vcd_ = std::make_unique<VcdWriter>(file, "SystemC");
  sel_ = sel;
}

void Channels::trace_elements() {
  trace_design(*vcd_, flits_, *setup_.ic, sel_,
               DesignTrace{[this](int e) -> const RouterCore& { return routers_[e]->core(); }, {},
                           [this](int t) -> const SourceNi& { return nis_[t]->source(); },
                           [this](int e) { return std::string(routers_[e]->name()); },
                           [this](int t) { return std::string(nis_[t]->name()); }});
}

// After every element stepped cycle `done`: its values, stamped with its rising edge, inside the window.
void Channels::sample(int64_t done) {
  if (done >= sel_.start && done < sel_.end) vcd_->sample(static_cast<uint64_t>(rise_.to_seconds() * 1e12 + 0.5));
}

void Channels::close_trace() {
  if (!vcd_) return;
  std::unique_ptr<VcdWriter> w = std::move(vcd_);
  w->close();
}

void Channels::start_of_simulation() { prepare(0); }

void Channels::falling() {
  if (edges_ == 0 || edges_ == prepared_ || error_) return;  // no cycle has run yet (a clock starting low)
  const int64_t done = edges_ - 1;
  try {
    // Used acks reach their source's policy after every step of the cycle.
    use_acks(acks_, done, store_, obs_, [this](int n) -> SourceNi& { return nis_[n]->source(); });
    if (power_) power_->step(done);  // the link controllers act after every element, as in the fast fabric
    if (faults_) faults_->step(done);
    if (vcd_) {
      sample(done);
      flits_.clear();  // the cycle's flits have passed
    }
    const int64_t in_flight = store_.counts().flits_in_flight, still = done - table_.last_move();
    if (in_flight > 0 && still > setup_.p.watchdog && !(power_ && power_->waking())) {
      if (faults_)  // heads with no fault-free way on hold the rest: report them
        if (std::string held = faults_->held_report(); !held.empty()) throw SimError(SimError::Unroutable, held);
      throw stall_error(in_flight, still, setup_.p.watchdog, dump(done));
    }
    prepare(edges_);
  } catch (...) {
    fail(std::current_exception());
  }
}

void Channels::fail(std::exception_ptr e) {
  if (!error_) error_ = e;
  sc_core::sc_pause();
}

std::string Channels::dump(int64_t now) const {
  std::string o = "cycle " + std::to_string(now) + ": blocked VCs and credits\n";
  for (Router* r : routers_) o += r->core().dump(now);
  for (Ni* n : nis_) o += n->source().dump();
  return o;
}

void Channels::prepare(int64_t c) {
  cycle_ = prepared_ = c;
  const bool probe = vcd_ != nullptr;
  table_.deliver_flits(ChannelEnd::kElement, c, [&](const ChannelEnd& to, const Flit& f) {
    if (probe) flits_.seen(to, f, static_cast<uint32_t>(store_.pkt(f.pkt).id));
    routers_[to.id]->core().arrive(to.port, f, c);
  });
  table_.deliver_flits(ChannelEnd::kTerminal, c, [&](const ChannelEnd& to, const Flit& f) {
    if (probe) flits_.seen(to, f, static_cast<uint32_t>(store_.pkt(f.pkt).id));
    nis_[to.id]->dest().arrive(f, c);
  });
  table_.deliver_credits(ChannelEnd::kElement, c,
                         [&](const ChannelEnd& from, uint8_t vc) { routers_[from.id]->core().credit(from.port, vc); });
  table_.deliver_credits(ChannelEnd::kTerminal, c, [&](const ChannelEnd& from, uint8_t vc) {
    nis_[from.id]->source().credit(static_cast<uint8_t>(from.port), vc);
  });
  for (auto& h : hooks_) h(c);
}

}  // namespace drb::face
