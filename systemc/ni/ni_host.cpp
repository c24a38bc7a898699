#include "systemc/ni/ni_host.h"

#include "systemc/fabric/fabric.h"

namespace drb {

NiHost::NiHost(sc_core::sc_module_name name, Fabric& fabric, int node)
    : sc_module(name), in("in"), out("out"), fabric_(fabric), node_(node) {
  in.register_b_transport(this, &NiHost::b_transport);
  SC_HAS_PROCESS(NiHost);
  SC_THREAD(deliver_thread);
}

void NiHost::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
  if (gp.get_command() != tlm::TLM_WRITE_COMMAND) {
    gp.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
    return;
  }
  const uint64_t dst = gp.get_address() / kNodeWindow;
  if (dst >= static_cast<uint64_t>(fabric_.net().nodes())) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  if (delay > sc_core::SC_ZERO_TIME) {
    sc_core::wait(delay);
    delay = sc_core::SC_ZERO_TIME;
  }
  Pending p{static_cast<int>(dst), gp.get_address() % kNodeWindow,
            std::vector<uint8_t>(gp.get_data_ptr(), gp.get_data_ptr() + gp.get_data_length())};
  pending_.push_back(&p);
  while (!p.done) sc_core::wait(accepted_);
  if (!p.ok) ++rejected_;
  gp.set_response_status(p.ok ? tlm::TLM_OK_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE);
}

void NiHost::absorb(int64_t cycle) {
  if (pending_.empty()) return;
  Network& net = fabric_.net();
  const int flit_bytes = 16;
  while (!pending_.empty()) {
    Pending* p = pending_.front();
    pending_.pop_front();
    const int flits = 1 + static_cast<int>((p->data.size() + flit_bytes - 1) / flit_bytes);
    p->id = net.submit(node_, p->dst, flits, cycle, false, p->data, p->offset);
    p->ok = p->id != 0;
    p->done = true;
  }
  accepted_.notify(sc_core::SC_ZERO_TIME);
}

void NiHost::delivered(const Message& m, int64_t) {
  outq_.push_back(Out{m.src, m.addr, m.data});
  out_ev_.notify(sc_core::SC_ZERO_TIME);
}

void NiHost::deliver_thread() {
  for (;;) {
    while (outq_.empty()) sc_core::wait(out_ev_);
    Out o = std::move(outq_.front());
    outq_.pop_front();
    tlm::tlm_generic_payload gp;
    gp.set_command(tlm::TLM_WRITE_COMMAND);
    gp.set_address(static_cast<uint64_t>(o.src) * kNodeWindow + o.offset);
    gp.set_data_ptr(o.data.data());
    gp.set_data_length(static_cast<unsigned>(o.data.size()));
    gp.set_streaming_width(static_cast<unsigned>(o.data.size()));
    gp.set_byte_enable_ptr(nullptr);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time d = sc_core::SC_ZERO_TIME;
    out->b_transport(gp, d);
  }
}

}  // namespace drb
