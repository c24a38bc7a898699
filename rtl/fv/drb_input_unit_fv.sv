// SPDX-License-Identifier: Apache-2.0
//
// Formal harness of drb_input_unit (2 VCs of 2-flit buffers). An upstream sender keeps a credit counter
// per VC (it sends only with a credit, and gets one back with every credit_valid_o) and numbers the flits
// of each VC in order in their payload; the switch side pops a VC with a flit, one a cycle. Properties, from the
// cycle after reset on:
// - no flit is dropped or duplicated and the order holds: every flit leaving a VC carries the number that
//   VC's next flit must carry;
// - a VC never holds more flits than its buffer, and the credit lane returns one credit per flit leaving,
//   on its own VC: the sender's credits + the flits buffered = the depth, per VC.

module drb_input_unit_fv (
  input logic       clk_i,
  input logic       in_valid_i,
  input logic       in_vc_i,
  input logic [1:0] pop_i
);
  localparam int unsigned Depth = 2;

  logic started = 1'b0;  // reset in the first cycle
  always_ff @(posedge clk_i) started <= 1'b1;

  logic [1:0] cred_q [2];  // the sender's credits per VC
  logic [3:0] seq_in_q [2], seq_out_q [2];  // next number to send / to see leave, per VC
  initial begin
    cred_q[0] = 2'(Depth);
    cred_q[1] = 2'(Depth);
    seq_in_q[0] = '0;
    seq_in_q[1] = '0;
    seq_out_q[0] = '0;
    seq_out_q[1] = '0;
  end

  logic [1:0] nonempty, pop;
  logic       push, credit_valid, credit_vc;
  logic [2*drb_hdr_pkg::FlitW-1:0] front;
  logic [3:0] count;
  assign push = started && in_valid_i && cred_q[in_vc_i] != '0;
  // The switch takes at most one flit a port a cycle (the credit lane carries one).
  assign pop  = !started ? 2'b00 : (pop_i[0] && nonempty[0]) ? 2'b01 : (pop_i[1] && nonempty[1]) ? 2'b10 : 2'b00;

  logic [drb_hdr_pkg::FlitW-1:0] flit;
  always_comb begin
    flit = '0;
    flit[3:0] = seq_in_q[in_vc_i];
    flit[drb_hdr_pkg::FlitHead] = 1'b1;  // every flit a one-flit packet: the VC state cycles too
    flit[drb_hdr_pkg::FlitTail] = 1'b1;
  end

  /* verilator lint_off UNUSED */
  logic [3:0]  state;
  logic [1:0]  ready, blocked, prio, eject, sub, hdr_valid;
  logic [5:0]  route_port, out_port;
  logic [1:0]  out_vc;
  logic [2*drb_hdr_pkg::LatencyW-1:0] t1;
  logic [2*drb_hdr_pkg::HdrW-1:0]     hdr;
  /* verilator lint_on UNUSED */

  drb_input_unit #(.NumVcs(2), .Depth(Depth), .DRc(1), .DVa(1), .DDec(1), .PortW(3)) u_dut (
    .clk_i,
    .rst_ni         (started),
    .timer_i        ('0),
    .in_valid_i     (push),
    .in_vc_i,
    .in_flit_i      (flit),
    .credit_valid_o (credit_valid),
    .credit_vc_o    (credit_vc),
    .pop_i          (pop),
    .rc_route_i     ('0),
    .rc_pop_i       ('0),
    .rc_eject_i     ('0),
    .rc_port_i      ('0),
    .rc_sub_i       ('0),
    .rc_prio_i      ('0),
    .blk_i          ('0),
    .hdr_we_i       ('0),
    .hdr_d_i        ('0),
    .lat_we_i       ('0),
    .lat_d_i        ('0),
    .va_gnt_i       ('0),
    .va_port_i      ('0),
    .va_ovc_i       ('0),
    .front_o        (front),
    .nonempty_o     (nonempty),
    .state_o        (state),
    .ready_o        (ready),
    .t1_o           (t1),
    .blocked_o      (blocked),
    .prio_o         (prio),
    .eject_o        (eject),
    .route_port_o   (route_port),
    .route_sub_o    (sub),
    .out_port_o     (out_port),
    .out_vc_o       (out_vc),
    .hdr_valid_o    (hdr_valid),
    .hdr_o          (hdr),
    .count_o        (count)
  );

  always_ff @(posedge clk_i) begin
    for (int v = 0; v < 2; v++) begin
      cred_q[v] <= cred_q[v] - 2'(push && in_vc_i == 1'(v)) + 2'(credit_valid && credit_vc == 1'(v));
      if (push && in_vc_i == 1'(v)) seq_in_q[v] <= seq_in_q[v] + 4'd1;
      if (pop[v]) seq_out_q[v] <= seq_out_q[v] + 4'd1;
    end
  end

  always_comb begin
    if (started) begin
      assert (credit_valid == |pop);
      for (int v = 0; v < 2; v++) begin
        if (pop[v]) begin
          assert (front[v*drb_hdr_pkg::FlitW +: 4] == seq_out_q[v]);
          assert (credit_vc == 1'(v));
        end
        assert (count[2*v +: 2] <= 2'(Depth));
        assert ({1'b0, cred_q[v]} + {1'b0, count[2*v +: 2]} == 3'(Depth));
        assert (nonempty[v] == (count[2*v +: 2] != '0));
      end
    end
  end
endmodule
