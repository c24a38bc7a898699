// SPDX-License-Identifier: Apache-2.0
// RouterPorts over a Verilated drb_router model V: the ports driven and read as bit fields.
#pragma once
#include <cstdint>
#include <string>

#include <verilated.h>

#include "systemc/cosim/router_ports.h"
#include "systemc/cosim/vl_bits.h"

namespace drb::cosim {

template <class V>
class RouterPortsOf final : public RouterPorts {
 public:
  // ports (2 * Dims + 1, at most 32) and portw: the RTL's NumPorts and PortW; vcw: bits of a VC number (the
  // RTL's VcW); crw: bits of a credit or flit count (CrW); hw: header bits. Ports x VCs is at most 64 (the
  // request masks).
  RouterPortsOf(int ports, int portw, int vcs, int vcw, int crw, int hw, const std::string& name)
      : m_(&ctx_, name.c_str()), ports_(ports), portw_(portw), vcs_(vcs), hw_(hw), vcw_(vcw), crw_(crw), flitw_(hw + 2) {
    ctx_.fatalOnError(false);  // an assertion is reported by the adapter, with the cycle and the router
  }
  void reset(uint32_t node, uint32_t threshold, bool every_hop) override {
    vl::set(m_.node_id_i, node);
    clear();
    ctx_.assertOn(false);  // the assertions read state the asynchronous reset is about to clear
    m_.rst_ni = 1;
    m_.clk_i = 0;
    m_.eval();
    m_.rst_ni = 0;
    m_.eval();
    m_.rst_ni = 1;
    m_.eval();
    ctx_.assertOn(true);
    m_.cfg_we_i = 1;
    vl::set(m_.cfg_threshold_i, threshold);
    m_.cfg_every_hop_i = every_hop;
  }
  void drive(int p, int vc, const HeaderBits& payload, bool head, bool tail) override {
    vl::set(m_.in_valid_i, m_.in_valid_i | (1u << p));
    vl::put(m_.in_vc_i, p * vcw_, vcw_, static_cast<uint64_t>(vc));
    vl::put_hdr(m_.in_flit_i, p * flitw_, hw_, payload);
    vl::put(m_.in_flit_i, p * flitw_ + hw_, 1, head);
    vl::put(m_.in_flit_i, p * flitw_ + hw_ + 1, 1, tail);
  }
  void drive_credit(int p, int vc) override {
    vl::set(m_.out_credit_i, m_.out_credit_i | (1u << p));
    vl::put(m_.out_credit_vc_i, p * vcw_, vcw_, static_cast<uint64_t>(vc));
  }
  void edge() override {
    m_.eval();  // the inputs settle before the edge
    m_.clk_i = 1;
    m_.eval();
    m_.clk_i = 0;
    clear();
  }
  bool out(int p, int& vc, HeaderBits& payload, bool& head, bool& tail) const override {
    if (!((m_.out_valid_o >> p) & 1u)) return false;
    vc = static_cast<int>(vl::get(m_.out_vc_o, p * vcw_, vcw_));
    payload = vl::get_hdr(m_.out_flit_o, p * flitw_, hw_);
    head = vl::get(m_.out_flit_o, p * flitw_ + hw_, 1) != 0;
    tail = vl::get(m_.out_flit_o, p * flitw_ + hw_ + 1, 1) != 0;
    return true;
  }
  bool credit_out(int p, int& vc) const override {
    if (!((m_.in_credit_o >> p) & 1u)) return false;
    vc = static_cast<int>(vl::get(m_.in_credit_vc_o, p * vcw_, vcw_));
    return true;
  }
  bool ack(int p, HeaderBits& h) const override {
    if (!((m_.ack_valid_o >> p) & 1u)) return false;
    h = vl::get_hdr(m_.ack_hdr_o, p * hw_, hw_);
    return true;
  }
  int state(int k) const override { return static_cast<int>(vl::get(m_.dbg_vc_state_o, 2 * k, 2)); }
  int out_port(int k) const override {
    return static_cast<int>(vl::get(m_.dbg_out_port_o, portw_ * k, portw_));
  }
  uint64_t va_req() const override { return vl::get(m_.dbg_va_req_o, 0, ports_ * vcs_); }
  uint64_t va_gnt() const override { return vl::get(m_.dbg_va_gnt_o, 0, ports_ * vcs_); }
  uint64_t sa_req() const override { return vl::get(m_.dbg_sa_req_o, 0, ports_ * vcs_); }
  uint64_t sa_gnt() const override { return vl::get(m_.dbg_sa_gnt_o, 0, ports_ * vcs_); }
  uint64_t sa_bid() const override { return vl::get(m_.dbg_sa_bid_o, 0, ports_ * vcs_); }
  uint64_t dec_pop() const override { return vl::get(m_.dbg_dec_pop_o, 0, ports_ * vcs_); }
  uint64_t al_wait() const override { return vl::get(m_.dbg_al_wait_o, 0, ports_ * vcs_); }
  void settle() override { m_.eval(); }
  int state_next(int k) const override { return static_cast<int>(vl::get(m_.dbg_state_next_o, 2 * k, 2)); }
  int count_next(int k) const override { return static_cast<int>(vl::get(m_.dbg_count_next_o, crw_ * k, crw_)); }
  int credits_next(int k) const override { return static_cast<int>(vl::get(m_.dbg_credits_next_o, crw_ * k, crw_)); }
  bool failed() const override { return ctx_.gotError(); }

 private:
  void clear() {
    m_.in_valid_i = 0;
    m_.out_credit_i = 0;
    m_.cfg_we_i = 0;
  }
  VerilatedContext ctx_;  // one per router: routers share no Verilated state
  V m_;
  int ports_, portw_, vcs_, hw_, vcw_, crw_, flitw_;
};

}  // namespace drb::cosim
