#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Bounded proofs of the RTL units with Yosys' own SAT solver, each with its negative controls.

  prove.py --yosys Y --rtl DIR --work DIR [--pkg drb_hdr_pkg.sv] CHECK

CHECK names a harness below (rtl/fv/<check>_fv.sv). The harness's asserts must hold on every input
sequence of `depth` cycles from reset (sat -seq -prove-asserts -set-init-zero); then every negative
control, a copy of one RTL file with one line broken, must be rejected, so a harness that cannot fail
fails the test. Exit 0 when the proof holds and every control is rejected, 1 otherwise.
"""
import argparse
import subprocess
import sys
from pathlib import Path

# check -> (RTL files, proof depth, [(control name, file, text, broken text)]); "@pkg" is the generated
# header package (--pkg), which the router's units read.
CHECKS = {
    "drb_rr_pick": (["drb_rr_pick.sv"], 1, [
        ("grant not one-hot", "drb_rr_pick.sv",
         "assign gnt_o = sel & (~sel + 1'b1);", "assign gnt_o = sel;"),
        ("pointer ignored", "drb_rr_pick.sv",
         "upper[i] = req_i[i] && (W'(i) >= ptr_i);", "upper[i] = req_i[i];"),
        ("grant to a non-requester", "drb_rr_pick.sv",
         "upper[i] = req_i[i] && (W'(i) >= ptr_i);", "upper[i] = (W'(i) >= ptr_i);"),
        ("no wrap", "drb_rr_pick.sv",
         "assign sel   = (|upper) ? upper : req_i;", "assign sel   = upper;"),
        ("requester at the pointer skipped", "drb_rr_pick.sv",
         "upper[i] = req_i[i] && (W'(i) >= ptr_i);", "upper[i] = req_i[i] && (W'(i) > ptr_i);"),
    ]),
    "drb_xbar_arbiter": (["drb_rr_pick.sv", "drb_xbar_arbiter.sv"], 16, [
        ("grant not one-hot", "drb_rr_pick.sv",
         "assign gnt_o = sel & (~sel + 1'b1);", "assign gnt_o = sel;"),
        ("pointer frozen", "drb_xbar_arbiter.sv",
         "ptr_q <= (idx_o == LastIdx) ? '0 : idx_o + 1'b1;", "ptr_q <= ptr_q;"),
        ("priority ignored", "drb_xbar_arbiter.sv",
         "assign cand   = (|hp_req) ? hp_req : req_i;", "assign cand   = req_i;"),
    ]),
    "drb_vc_alloc": (["drb_rr_pick.sv", "drb_vc_alloc.sv"], 12, [
        ("two grants per output VC", "drb_rr_pick.sv",
         "assign gnt_o = sel & (~sel + 1'b1);", "assign gnt_o = sel;"),
        ("pointer frozen", "drb_vc_alloc.sv",
         "if (moves[o*NumIn+i]) ptr_q[o*InW +: InW] <= (i == NumIn - 1) ? '0 : InW'(i + 1);",
         "if (moves[o*NumIn+i]) ptr_q[o*InW +: InW] <= ptr_q[o*InW +: InW];"),
    ]),
    "drb_vc_alloc_islip": (["drb_rr_pick.sv", "drb_vc_alloc.sv"], 12, [
        ("grant outside the mask", "drb_vc_alloc.sv",
         "req_mask_i[i*NumVcs + o % NumVcs];", "1'b1;"),
        ("two accepts", "drb_rr_pick.sv",
         "assign gnt_o = sel & (~sel + 1'b1);", "assign gnt_o = sel;"),
        ("accept without a grant", "drb_vc_alloc.sv",
         ".req_i (got[i*NumVcs +: NumVcs]),", ".req_i ({NumVcs{1'b1}}),"),
    ]),
    "drb_switch_alloc": (["drb_rr_pick.sv", "drb_xbar_arbiter.sv", "drb_switch_alloc.sv"], 12, [
        ("grant without the output", "drb_switch_alloc.sv",
         "gnt_o[p*NumVcs +: NumVcs] = won[p] ? pick_gnt[p*NumVcs +: NumVcs] : '0;",
         "gnt_o[p*NumVcs +: NumVcs] = pick_gnt[p*NumVcs +: NumVcs];"),
        ("output ignores the port", "drb_switch_alloc.sv",
         "out_req[o*NumPorts+p]  = pick_valid[p] && (pick_port[p*PortW +: PortW] == PortW'(o));",
         "out_req[o*NumPorts+p]  = pick_valid[p];"),
    ]),
    "drb_output_unit": (["@pkg", "drb_output_unit.sv"], 10, [
        ("credit not counted back", "drb_output_unit.sv",
         "assign cr_d[v*CrW +: CrW] = counted ? cr_q[v*CrW +: CrW] - CrW'(sent_here) + CrW'(back_here)",
         "assign cr_d[v*CrW +: CrW] = counted ? cr_q[v*CrW +: CrW] - CrW'(sent_here)"),
        ("owner kept after the tail", "drb_output_unit.sv",
         "else if (sent_here && is_tail) owned_q[v] <= 1'b0;", "else if (1'b0) owned_q[v] <= 1'b0;"),
    ]),
    "drb_switch_alloc_islip": (["drb_rr_pick.sv", "drb_xbar_arbiter.sv", "drb_switch_alloc.sv"], 12, [
        ("grant taken without the accept", "drb_switch_alloc.sv",
         "if (acc[p*NumPorts+o]) gnt_o[p*NumVcs +: NumVcs] = gnt_o[p*NumVcs +: NumVcs] | stand[(p*NumPorts+o)*NumVcs +: NumVcs];",
         "if (i_req[p*NumPorts+o]) gnt_o[p*NumVcs +: NumVcs] = gnt_o[p*NumVcs +: NumVcs] | stand[(p*NumPorts+o)*NumVcs +: NumVcs];"),
        ("several VCs stand for one output", "drb_rr_pick.sv",
         "assign gnt_o = sel & (~sel + 1'b1);", "assign gnt_o = sel;"),
        ("request ignores the port", "drb_switch_alloc.sv",
         "want[(p*NumPorts+o)*NumVcs+v] = req_i[p*NumVcs+v] && (out_port_i[(p*NumVcs+v)*PortW +: PortW] == PortW'(o));",
         "want[(p*NumPorts+o)*NumVcs+v] = req_i[p*NumVcs+v];"),
    ]),
    "drb_input_unit": (["@pkg", "drb_router_pkg.sv", "drb_input_unit.sv"], 10, [
        ("read pointer frozen", "drb_input_unit.sv",
         "if (pop) rd_q <= (rd_q == PtrW'(Depth - 1)) ? '0 : rd_q + 1'b1;",
         "if (1'b0) rd_q <= (rd_q == PtrW'(Depth - 1)) ? '0 : rd_q + 1'b1;"),
        ("count not decremented", "drb_input_unit.sv",
         "assign cnt_d = cnt_q + CntW'(push) - CntW'(pop);", "assign cnt_d = cnt_q + CntW'(push);"),
        ("write overwrites the front", "drb_input_unit.sv",
         "mem_q[wr_q] <= in_flit_i;", "mem_q[rd_q] <= in_flit_i;"),
    ]),
}


def prove(yosys, files, harness, top, depth):
    script = (f"read_verilog -formal -sv {' '.join(str(f) for f in files)} {harness}; hierarchy -top {top}; "
              f"prep -top {top}; flatten; async2sync; dffunmap; opt_clean; "
              f"sat -seq {depth} -prove-asserts -set-init-zero -verify")
    p = subprocess.run([yosys, "-q", "-p", script], capture_output=True, text=True)
    return p.returncode == 0, (p.stdout + p.stderr).strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--yosys", default="yosys")
    ap.add_argument("--rtl", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--pkg", default="", help="the generated drb_hdr_pkg.sv (checks that list @pkg)")
    ap.add_argument("check", choices=sorted(CHECKS))
    a = ap.parse_args()
    rtl, work = Path(a.rtl), Path(a.work) / a.check
    files, depth, controls = CHECKS[a.check]
    harness = rtl / "fv" / f"{a.check}_fv.sv"
    top = f"{a.check}_fv"
    if "@pkg" in files and not a.pkg:
        print(f"{a.check}: needs --pkg (the generated header package)")
        sys.exit(2)
    pkg = Path(a.pkg) if a.pkg else None
    where = lambda f: pkg if f == "@pkg" else rtl / f  # noqa: E731
    ok, log = prove(a.yosys, [where(f) for f in files], harness, top, depth)
    print(f"{a.check}: {depth}-cycle bounded proof {'holds' if ok else 'FAILS'}")
    if not ok:
        print(log)
    bad = not ok
    for name, file, text, broken in controls:
        src = (rtl / file).read_text()
        if src.count(text) != 1:
            print(f"  control '{name}': the line to break is not in {file} exactly once (update prove.py)")
            bad = True
            continue
        work.mkdir(parents=True, exist_ok=True)
        (work / file).write_text(src.replace(text, broken))
        mutated = [work / f if f == file else where(f) for f in files]
        held, clog = prove(a.yosys, mutated, harness, top, depth)
        # Rejected means the prover found a counterexample, not that the broken copy failed to parse.
        rejected = not held and "proof did fail" in clog
        if not held and not rejected:
            print(clog)
        print(f"  control '{name}': {'rejected' if rejected else 'NOT rejected'}")
        bad |= not rejected
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
