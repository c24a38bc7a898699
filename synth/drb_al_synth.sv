// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper: drb_al (W = 16) between input and output registers. The I/O registers have no reset.

module drb_al_synth (
  input  logic                             clk_i,
  input  logic [drb_hdr_pkg::LatencyW-1:0] lat_i,
  input  logic [drb_hdr_pkg::LatencyW-1:0] timer_i,
  input  logic                             enq_i,
  input  logic                             resume_i,
  output logic [drb_hdr_pkg::LatencyW-1:0] lat_o
);

  logic [drb_hdr_pkg::LatencyW-1:0] lat_q, timer_q, lat_d;
  logic                             enq_q, resume_q;

  always_ff @(posedge clk_i) begin
    lat_q    <= lat_i;
    timer_q  <= timer_i;
    enq_q    <= enq_i;
    resume_q <= resume_i;
    lat_o    <= lat_d;
  end

  drb_al u_al (
    .lat_i    (lat_q),
    .timer_i  (timer_q),
    .enq_i    (enq_q),
    .resume_i (resume_q),
    .lat_o    (lat_d)
  );

endmodule
