// SPDX-License-Identifier: Apache-2.0
//
// AL: latency accumulator (reference: LatencyAccumulator::enq/resume in models/blocks/al.h). One W-bit
// adder with carry-in, modulo 2^W:
//
//   enq_i    (head starts waiting at timer T1): lat_o = lat_i + ~T1 + 1  = lat_i - T1
//   resume_i (head wins allocation at T2):      lat_o = lat_i + T2
//   both     (queued and resumed in one cycle): lat_o = lat_i            (= resume(enq(lat, T), T))
//   neither:                                    lat_o = lat_i
//
// No T1 register is needed: the field itself carries -T1 while the head waits.

module drb_al #(
  parameter int unsigned W = drb_hdr_pkg::LatencyW
) (
  input  logic [W-1:0] lat_i,
  input  logic [W-1:0] timer_i,
  input  logic         enq_i,
  input  logic         resume_i,
  output logic [W-1:0] lat_o
);

  logic         only_enq, only_resume;
  logic [W-1:0] addend;

  assign only_enq    = enq_i & ~resume_i;
  assign only_resume = resume_i & ~enq_i;

  // Complement for enq; the +1 of the two's complement enters as the adder's carry-in.
  assign addend = only_enq    ? ~timer_i :
                  only_resume ?  timer_i : '0;
  assign lat_o  = lat_i + addend + {{(W-1){1'b0}}, only_enq};

endmodule
