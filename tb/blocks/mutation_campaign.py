#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Mutation campaign over the router's RTL units: each named mutation (one line of one unit changed) is
applied to a copy of rtl/, the benches are rebuilt against that copy (-DDRB_RTL_DIR) and run; the mutation
must make a named bench fail. Prints (and with --out writes) a table: the mutation, the unit, the bench
that caught it, the first failing cycle and what differed. Nothing is changed in the source tree.

    tb/blocks/mutation_campaign.py                       # every mutation, build tree <repo>/build/mutation
    tb/blocks/mutation_campaign.py --only credit_off_by_one,gmr_ge --out table.md
    tb/blocks/mutation_campaign.py --list
    tb/blocks/mutation_campaign.py --check     # every mutation's line still once in its unit (no build)
    tb/blocks/mutation_campaign.py --only dec_keeps_dateline --benches fabric   # caught in the fabric too?
    tb/blocks/mutation_campaign.py --only gmr_ge --benches fabric:RtlRouter.Drb2GmrAndDecSameRun

Exit 0 when every mutation is caught, 1 when one survives, does not build, or its line is no longer in
the unit (the table says which), 2 on a usage or configuration error. About 3-4 minutes a mutation on
2 cores (the Verilated routers recompile); not in any ctest label.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# name, unit file, the line as it is, the line mutated, benches run (the whole router first), what it breaks.
# "fabric:<test>" is one test of tests/test_rtl_router*.cpp (router.impl=rtl against the C++ routers) whose
# configuration exercises the line: the whole fabric pattern verilates some twenty configurations again for
# every mutated source (about 40 minutes), the one test two or three.
MUTATIONS = [
    ("vc_state_kept_on_tail", "drb_input_unit.sv",
     "        if (goes_idle) state_d = drb_router_pkg::VcIdle;",
     "        if (goes_idle) state_d = drb_router_pkg::VcActive;",
     ["bench_router"], "input unit: a released VC stays active (VC state not cleared on the tail)"),
    ("arrival_lost_at_release", "drb_input_unit.sv",
     "    assign goes_idle   = empty_after && !push;  // a tail leaving idles the VC unless a flit arrives",
     "    assign goes_idle   = empty_after;  // a tail leaving idles the VC unless a flit arrives",
     ["bench_router"], "input unit: a head arriving as the tail leaves is not routed"),
    ("credit_wrong_vc", "drb_input_unit.sv",
     "    for (int unsigned v = 0; v < NumVcs; v++) if (pop_i[v]) credit_vc_o = VcW'(v);",
     "    for (int unsigned v = 0; v < NumVcs; v++) if (pop_i[v]) credit_vc_o = VcW'(v + 1);",
     ["bench_router"], "input unit: the credit upstream names the next VC"),
    ("va_delay_plus_one", "drb_input_unit.sv",
     "          rem_q      <= RemW'(DVa - 1);",
     "          rem_q      <= RemW'(DVa);",
     ["bench_router"], "input unit: switch allocation one cycle late after VC allocation"),
    ("select_fewest_credits", "drb_vc_select.sv",
     "            if (!sel_valid_o || credits_i[(32'(port)*NumVcs + c)*CrW +: CrW] > best_cr) begin",
     "            if (!sel_valid_o || credits_i[(32'(port)*NumVcs + c)*CrW +: CrW] < best_cr) begin",
     ["bench_router"], "route unit: the free VC with the fewest credits is requested"),
    ("adaptive_tie_side_dropped", "drb_vc_select.sv",
     "        cand_ok[2*i+2]                    = !FlatMoves && min_tie[d] && (q != sel_port_i);",
     "        cand_ok[2*i+2]                    = 1'b0;",
     ["fabric:RtlRouter.AdaptiveTorusVerilatedOnFirstUseSameRun"], "route unit: minimal adaptive routing never offers the other side of a ring tie"),
    ("atomic_vc_taken_early", "drb_vc_select.sv",
     "    assign empty[k] = !AtomicVc || credits_i[k*CrW +: CrW] == CrW'(Depth);",
     "    assign empty[k] = !AtomicVc || credits_i[k*CrW +: CrW] != 0;",
     ["fabric:RtlRouter.AdaptiveTorusVerilatedOnFirstUseSameRun"], "route unit: Duato's escape VC reallocated before its last packet left the next buffer"),
    ("eject_ties_to_later_channel", "drb_vc_select.sv",
     "        if (used < best_used) begin",
     "        if (used <= best_used) begin",
     ["fabric:RtlRouter.SeveralNiChannelsVerilatedOnFirstUseSameRun"], "route unit: of several ejection channels equally used, the later is taken"),
    ("trunk_first_member_only", "drb_vc_select.sv",
     "        for (int unsigned j = 0; j < Trunk; j++) begin",
     "        for (int unsigned j = 0; j < 1; j++) begin",
     ["fabric:RtlRouter.TrunkedLinksVerilatedOnFirstUseSameRun"], "route unit: a head waits for its trunk's first link instead of taking a free later one"),
    ("trunk_dateline_on_port_index", "drb_port_shape.sv",
     "      if (Wrap && q / Trunk == 2 * d) begin : g_plus",
     "      if (Wrap && q == 2 * d) begin : g_plus",
     ["fabric:RtlRouter.TrunkedLinksVerilatedOnFirstUseSameRun"], "router: a + wrap link's dateline bit set by port index, not by the trunk's direction"),
    ("trunk_cyclic_stays_on_member", "drb_trunk_ptr.sv",
     "            TrW'((32'(port_i[k*PortW +: PortW]) % Trunk + 1) % Trunk);",
     "            TrW'(32'(port_i[k*PortW +: PortW]) % Trunk);",
     ["fabric:RtlRouter.CyclicTrunkSelectionIslipMeshVerilatedOnFirstUseSameRun"], "router: cyclic trunk selection starts the next head on the member just granted"),
    ("adaptive_trunk_first_member_only", "drb_vc_select.sv",
     "          for (int unsigned t = 0; t < Trunk; t++) begin",
     "          for (int unsigned t = 0; t < 1; t++) begin",
     ["fabric:RtlRouter.TrunksUnderAdaptiveRoutingVerilatedOnFirstUseSameRun"],
     "route unit: the adaptive scan tries one member of each candidate trunk, not the others"),
    ("al_tick_t1_ignores_phase", "drb_al_timer.sv",
     "  assign timer_ahead_o = (Tick == 1) ? timer_q + W'(Ahead) : timer_q + W'((32'(pre_q) + Ahead) / Tick);",
     "  assign timer_ahead_o = (Tick == 1) ? timer_q + W'(Ahead) : timer_q + W'(Ahead / Tick);",
     ["fabric:RtlRouter.AlTickOfThreeCyclesQuietRoutersVerilatedOnFirstUseSameRun"],
     "router: AL's T1 with a tick above 1 ignores the prescaler's phase (timer + DVa / AlTick)"),
    ("vct_room_for_half", "drb_vc_select.sv",
     "              (!Vct || 32'(cr[(32'(q)*NumVcs + c)*CrW +: CrW]) >= 32'(len));",
     "              (!Vct || 32'(cr[(32'(q)*NumVcs + c)*CrW +: CrW]) >= 32'(len) / 2);",
     ["fabric:RtlRouter.VirtualCutThroughVerilatedOnFirstUseSameRun"], "route unit: virtual cut-through takes a VC with room for half the packet"),
    ("negfirst_ties_to_higher", "drb_vc_select.sv",
     "        if (c_min[d] && ok[q] && (!found || used[32'(q)*UW +: UW] < best_used)) begin",
     "        if (c_min[d] && ok[q] && (!found || used[32'(q)*UW +: UW] <= best_used)) begin",
     ["fabric:RtlRouter.NegativeFirstMeshVerilatedOnFirstUseSameRun"], "route unit: negative-first's least-loaded choice ties to the higher dimension"),
    ("negfirst_misroute_after_positive", "drb_vc_select.sv",
     "    localparam bit May = Misroute && ((InPort >= LocalPort) ? MisrouteAtSource : (InPort % 2 == 0));",
     "    localparam bit May = Misroute && ((InPort >= LocalPort) ? MisrouteAtSource : 1'b1);",
     ["fabric:RtlRouter.NegativeFirstMeshVerilatedOnFirstUseSameRun"], "route unit: a head that came up a positive channel may misroute (the forbidden turn)"),
    ("tree_sadp_ties_to_later", "drb_vc_select.sv",
     "        if (up && score != '0 && ((TreeUp == 3) ? score > best_score : !found)) begin",
     "        if (up && score != '0 && ((TreeUp == 3) ? score >= best_score : !found)) begin",
     ["fabric:RtlRouter.FatTreeAdaptiveUpPhaseSameRun"], "route unit: the fat-tree's sadp up phase ties to the later up port"),
    ("tree_up_from_port_zero", "drb_vc_select.sv",
     "      base  = (TreeUp == 2) ? 32'd0 : (TreeUp == 4) ? draw : 32'(sel_port_i) - TreeK;",
     "      base  = 32'd0;",
     ["fabric:RtlRouter.FatTreeAdaptiveUpPhaseSameRun"], "route unit: the fat-tree's up phase starts at up port 0, not the deterministic one"),
    ("tree_random_draw_shifted", "drb_vc_select.sv",
     "        hx   = hx ^ (hx >> 29);",
     "        hx   = hx ^ (hx >> 28);",
     ["fabric:RtlRouter.FatTreeRandomUpPhaseVerilatedOnFirstUseSameRun"], "route unit: the fat-tree's random up phase draws with another hash (finaliser shift 28, not 29)"),
    ("escape_adaptive_dor_port_only", "drb_vc_select.sv",
     "        if (FlatMoves) p = min_port[d*PortW +: PortW];",
     "        if (FlatMoves) p = sel_port_i;",
     ["fabric:RtlRouter.HybridEscapeAdaptiveVerilatedOnFirstUseSameRun"], "route unit: a flattened butterfly's or hybrid router's adaptive class offered on the dor port only"),
    ("hybrid_switch_class_swapped", "drb_vc_select.sv",
     "      cls   = KeepClass ? InClass : GroupBase[{group, 2'b00} +: 4] + 4'(sel_sub_i);",
     "      cls   = KeepClass ? InClass ^ 4'd1 : GroupBase[{group, 2'b00} +: 4] + 4'(sel_sub_i);",
     ["fabric:RtlRouter.HybridEscapeAdaptiveVerilatedOnFirstUseSameRun"], "route unit: a hybrid subnet switch moves the head to the other class (escape <-> adaptive)"),
    ("dateline_class_ignored", "drb_dor_rc.sv",
     "        assign cls1[d] = dateline_i[d] | wrap;",
     "        assign cls1[d] = dateline_i[d] & wrap;",
     ["bench_router", "bench_dor_rc"], "route compute: the class needs both the dateline bit and the wrap link"),
    ("dec_keeps_dateline", "drb_dec.sv",
     "      hdr_o.dateline   = '0;",
     "      hdr_o.dateline   = hdr_i.dateline;",
     ["bench_router", "bench_dec"], "DEC: the dateline bits survive a pop"),
    ("dec_pop_wrong_node", "drb_dec.sv",
     "  assign at_node = (hdr_i.dest0 == node_id_i);",
     "  assign at_node = (hdr_i.dest1 == node_id_i);",
     ["bench_router", "bench_dec"], "DEC: pops/ejects where the second destination is"),
    ("al_carry_dropped", "drb_al.sv",
     "  assign lat_o  = lat_i + addend + {{(W-1){1'b0}}, only_enq};",
     "  assign lat_o  = lat_i + addend;",
     ["bench_router", "bench_al"], "AL: the two's-complement carry-in of enq dropped"),
    ("gmr_ge", "drb_gmr_fire.sv",
     "                & (hdr_i.latency > threshold_i)",
     "                & (hdr_i.latency >= threshold_i)",
     ["bench_router", "bench_gmr"], "GMR: fires at latency = threshold"),
    ("credit_off_by_one", "drb_output_unit.sv",
     "    assign can_send_o[v] = !counted || cr_q[v*CrW +: CrW] != '0;",
     "    assign can_send_o[v] = !counted || cr_q[v*CrW +: CrW] > CrW'(1);",
     ["bench_router"], "output unit: a VC sends only with two credits (off by one)"),
    ("owner_kept_on_tail", "drb_output_unit.sv",
     "        else if (sent_here && is_tail) owned_q[v] <= 1'b0;",
     "        else if (sent_here && is_tail && 1'b0) owned_q[v] <= 1'b0;",
     ["bench_router"], "output unit: the output VC is not freed when the tail leaves"),
    ("link_dateline_wrong_end", "drb_port_shape.sv",
     "        assign dl_o[q*DlW + d] = (c == '0);",
     "        assign dl_o[q*DlW + d] = (c == NW'(radix_of(d) - 1));",
     ["bench_router"], "router: the dateline bit set leaving -d from coordinate k-1 instead of 0"),
    ("al_resume_without_wait", "drb_router.sv",
     "        .resume_i (blocked_q[k] && data),",
     "        .resume_i (data),",
     ["bench_router"], "router: AL adds the timer to a head that never waited"),
    ("xbar_select_swapped", "drb_crossbar.sv",
     "        if (sel_valid_i[o] && sel_i[o*PortW +: PortW] == PortW'(p)) out_o[o*W +: W] = in_i[p*W +: W];",
     "        if (sel_valid_i[o] && sel_i[o*PortW +: PortW] == PortW'(p)) out_o[o*W +: W] = in_i[((p + 1) % NumPorts)*W +: W];",
     ["bench_router"], "crossbar: an output carries the next input's flit"),
    ("rr_pick_skips_pointer", "drb_rr_pick.sv",
     "    for (int unsigned i = 0; i < N; i++) upper[i] = req_i[i] && (W'(i) >= ptr_i);",
     "    for (int unsigned i = 0; i < N; i++) upper[i] = req_i[i] && (W'(i) > ptr_i);",
     ["bench_router", "bench_xbar_arbiter"], "round-robin pick: the requester at the pointer skipped (starts past it)"),
    ("arbiter_pointer_kept_on_priority", "drb_xbar_arbiter.sv",
     "    end else if (used_i && valid_o) begin",
     "    end else if (used_i && valid_o && !(|hp_req)) begin",
     ["bench_router", "bench_xbar_arbiter"], "crossbar arbiter: a priority grant does not move the pointer"),
    ("arbiter_pointer_frozen", "drb_xbar_arbiter.sv",
     "      ptr_q <= (idx_o == LastIdx) ? '0 : idx_o + 1'b1;",
     "      ptr_q <= (idx_o == LastIdx) ? ptr_q : ptr_q;",
     ["bench_router", "bench_xbar_arbiter"], "crossbar arbiter: the round-robin pointer never moves"),
    ("va_pointer_not_past_winner", "drb_vc_alloc.sv",
     "          if (moves[o*NumIn+i]) ptr_q[o*InW +: InW] <= (i == NumIn - 1) ? '0 : InW'(i + 1);",
     "          if (moves[o*NumIn+i]) ptr_q[o*InW +: InW] <= InW'(i);",
     ["bench_router", "bench_vc_alloc"], "VC allocator: the pointer stays on the winner"),
    ("va_islip_pointer_moves_unaccepted", "drb_vc_alloc.sv",
     "          moves[o*NumIn+i] = win[o*NumIn+i] && take[i*NumVcs + o % NumVcs];",
     "          moves[o*NumIn+i] = win[o*NumIn+i];",
     ["bench_vc_alloc"], "VC allocator, iSLIP: an output VC's pointer moves although its grant was not accepted"),
    ("va_islip_accept_pointer_frozen", "drb_vc_alloc.sv",
     "            acc_q[i*VcW +: VcW] <= (32'(gnt_vc_o[i*VcW +: VcW]) == NumVcs - 1) ? '0 : gnt_vc_o[i*VcW +: VcW] + 1'b1;",
     "            acc_q[i*VcW +: VcW] <= acc_q[i*VcW +: VcW];",
     ["bench_vc_alloc"], "VC allocator, iSLIP: an input VC's accept pointer not advanced past the VC it took"),
    ("sa_input_pointer_moves_on_loss", "drb_switch_alloc.sv",
     "        .used_i  (won[p]),",
     "        .used_i  (pick_valid[p]),",
     ["bench_router", "bench_switch_alloc"], "switch allocator: an input's pointer moves although its pick lost"),
    ("islip_vc_pointer_not_advanced", "drb_switch_alloc.sv",
     "            if (gnt_o[p*NumVcs+v]) vc_ptr_q[p*VcW +: VcW] <= (v == NumVcs - 1) ? '0 : VcW'(v + 1);",
     "            if (gnt_o[p*NumVcs+v]) vc_ptr_q[p*VcW +: VcW] <= vc_ptr_q[p*VcW +: VcW];",
     ["bench_switch_alloc"], "switch allocator, iSLIP: an input's VC pointer not advanced past the VC that crossed"),
    ("islip_grant_pointer_moves_unaccepted", "drb_switch_alloc.sv",
     "        .used_i  (taken[o]),",
     "        .used_i  (1'b1),",
     ["bench_switch_alloc"], "switch allocator, iSLIP: an output's pointer moves although its grant was not accepted"),
    ("al_t1_without_va_delay", "drb_al_timer.sv",
     "  assign timer_ahead_o = (Tick == 1) ? timer_q + W'(Ahead) : timer_q + W'((32'(pre_q) + Ahead) / Tick);",
     "  assign timer_ahead_o = (Tick == 1) ? timer_q : timer_q + W'((32'(pre_q) + Ahead) / Tick);",
     ["bench_router"], "router: AL's T1 taken at the request, not at the zero-load switch slot"),
]

FAIL_CYCLE = re.compile(r"^\s+cycle (\d+) (.*)$")
# The fabric test (tests/test_rtl_router*.cpp, router.impl=rtl against the C++ routers): the adapter's
# protocol check, or the first trace entry that differs (its first field is the cycle).
FABRIC_ERROR = re.compile(r"router (\d+) \(RTL\), cycle (\d+): ([^\"\\]+)")
FABRIC_DIFF = re.compile(r"(\w+) differ at entry \d+:\n\s+model \[(\d+),")
FABRIC_STALL = re.compile(r"stall: .*?cycle (\d+): blocked")
FABRIC_TEST = "RtlRouter.*SameRun"
ASSERT_FAIL = re.compile(r"^\[(\d+)\] %Error: (\S+): Assertion failed in (\S+)")
# The fabric test's executables (tests/<name>.cpp): the direct networks, then the switch-based fabrics.
FABRIC_EXES = ("test_rtl_router", "test_rtl_router_indirect")


def fabric_tests():
    """Every fabric test, (suite, name) -> the executable holding it."""
    out = {}
    for exe in FABRIC_EXES:
        for t in re.findall(r"^TEST\((RtlRouter\w*), (\w+)\)", (REPO / "tests" / (exe + ".cpp")).read_text(), re.M):
            out[t] = exe
    return out


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)


def first_failure(out):
    """(cycle, what) of the first reported mismatch or assertion, or None."""
    for line in out.splitlines():
        m = ASSERT_FAIL.match(line)
        if m:
            return m.group(1), "assertion %s (%s)" % (m.group(2).split("/")[-1], m.group(3).replace("TOP.", ""))
        m = FAIL_CYCLE.match(line)
        if m:
            what = m.group(2).split(":")[0].strip()
            return m.group(1), what
    return None


def first_fabric_failure(out):
    m = FABRIC_ERROR.search(out)
    if m:
        return m.group(2), "router %s: %s" % (m.group(1), m.group(3).strip())
    m = FABRIC_DIFF.search(out)
    if m:
        return m.group(2), "%s differ" % m.group(1)
    m = FABRIC_STALL.search(out)  # the mutated fabric deadlocked: the watchdog's dump
    if m:
        return m.group(1), "stall (the watchdog)"
    if "dec_pops, al_waits" in out:
        return "-", "block event counts"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--work", default=str(REPO / "build" / "mutation"), help="work folder (RTL copy, build tree)")
    ap.add_argument("--only", default="", help="comma-separated mutation names")
    ap.add_argument("--cycles", type=int, default=200000, help="bench cycles (default 200000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default="", help="also write the table (markdown) here")
    ap.add_argument("--list", action="store_true", help="list the mutations and exit")
    ap.add_argument("--check", action="store_true", help="check that each mutation's line is once in its unit "
                    "and its mutated line differs (rtl/ of the source tree, nothing built), then exit")
    ap.add_argument("--benches", default="", help="run these instead of each mutation's own (comma-separated; "
                    "`fabric` is the fabric test, router.impl=rtl against the C++ routers, every RtlRouter.*SameRun; "
                    "`fabric:RtlRouter.<name>` one of its tests)")
    a = ap.parse_args()

    muts = MUTATIONS
    if a.only:
        names = [n for n in a.only.split(",") if n]
        unknown = [n for n in names if n not in {m[0] for m in MUTATIONS}]
        if unknown:
            print("mutation_campaign: --only: unknown mutation(s): " + ", ".join(unknown), file=sys.stderr)
            return 2
        muts = [m for m in MUTATIONS if m[0] in names]
    if a.list:
        for m in muts:
            print("%-32s %-22s %s" % (m[0], m[1], m[5]))
        return 0
    if a.check:
        # An edit of a unit can move a mutation's line; the campaign would then report it stale only when
        # run (hours), so this runs in the default suite.
        bad = 0
        for name, unit, line, mutated, _, _ in muts:
            n = (REPO / "rtl" / unit).read_text().count(line + "\n")
            if n != 1 or line == mutated:
                print("mutation_campaign: %s: its line is %s in rtl/%s" %
                      (name, "unchanged by the mutation" if n == 1 else "%d times" % n, unit), file=sys.stderr)
                bad += 1
        # A fabric bench names a test that must exist: a gtest filter matching nothing passes.
        tests = fabric_tests()
        for name, _, _, _, benches, _ in muts:
            for b in benches:
                if b.startswith("fabric:") and tuple(b[len("fabric:"):].split(".", 1)) not in tests:
                    print("mutation_campaign: %s: %s is not a test of tests/test_rtl_router*.cpp" % (name, b),
                          file=sys.stderr)
                    bad += 1
        print("%d mutations, %d stale" % (len(muts), bad))
        return 1 if bad else 0
    if a.cycles <= 0 or a.jobs <= 0:
        print("mutation_campaign: --cycles and --jobs must be positive", file=sys.stderr)
        return 2

    override = [b for b in a.benches.split(",") if b]
    known = {b for m in MUTATIONS for b in m[4]} | {"fabric"}
    if any(b not in known and not b.startswith("fabric:RtlRouter") for b in override):
        print("mutation_campaign: --benches: unknown bench(es): " + ", ".join(b for b in override if b not in known),
              file=sys.stderr)
        return 2

    work = Path(a.work)
    rtl = work / "rtl"
    build = work / "build"
    work.mkdir(parents=True, exist_ok=True)
    if rtl.exists():
        shutil.rmtree(rtl)
    shutil.copytree(REPO / "rtl", rtl)
    pristine = {m[1]: (rtl / m[1]).read_text() for m in muts}

    cfg = run(["cmake", "-S", str(REPO), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
               "-DDRB_RTL_DIR=" + str(rtl)])
    if cfg.returncode != 0:
        print(cfg.stdout[-3000:], file=sys.stderr)
        return 2

    rows = []
    survived = 0
    owners = fabric_tests()
    for name, unit, line, mutated, benches, what in muts:
        benches = override or benches
        targets = sorted({t for b in benches for t in (FABRIC_EXES if b.split(":")[0] == "fabric" else (b,))})
        text = pristine[unit]
        if text.count(line + "\n") != 1:
            rows.append((name, unit, what, "-", "stale: the line is not (once) in the unit", "-"))
            survived += 1
            print("%s: stale" % name, flush=True)
            continue
        (rtl / unit).write_text(text.replace(line + "\n", mutated + "\n"))
        caught = None
        unchecked = ""
        try:
            b = run(["cmake", "--build", str(build), "-j", str(a.jobs), "--target"] + targets)
            if b.returncode != 0:
                # Once more: a Verilated model rebuilt into the static archive can leave the first link with
                # a stale member (an undefined trace_cleanup); the second link finds it.
                b = run(["cmake", "--build", str(build), "-j", str(a.jobs), "--target"] + targets)
            if b.returncode != 0:
                # A mutation that does not build tests no bench: reported, and counted as not caught.
                rows.append((name, unit, what, "-", "did not build (Verilator or the C++ compiler rejected it)", "-"))
                survived += 1
                print("%s: did not build; the build's last lines:\n%s" % (name, b.stdout[-1500:]), flush=True)
                continue
            else:
                for bench in benches:
                    fabric = bench.split(":", 1)[0] == "fabric"
                    test = bench.split(":", 1)[1] if ":" in bench else FABRIC_TEST
                    if fabric:
                        # A named test runs in its executable; the whole fabric test in each until one fails.
                        owner = owners.get(tuple(test.split(".", 1)))
                        ran = False
                        for exe in (owner,) if owner else FABRIC_EXES:
                            r = run([str(build / "tests" / exe), "--gtest_filter=" + test], timeout=1800)
                            ran = ran or "[ RUN      ]" in r.stdout
                            if r.returncode != 0:
                                break
                        f = first_fabric_failure(r.stdout)
                        if not ran:  # the filter matched no test: nothing was checked
                            unchecked = "no fabric test matched " + test
                            break
                    else:
                        r = run([str(build / "tb" / "blocks" / bench), "--cycles=%d" % a.cycles, "--seed=%d" % a.seed,
                                 "--report=1"], timeout=1800)
                        f = first_failure(r.stdout)
                    if r.returncode != 0:
                        f = f or ("-", "exit %d" % r.returncode)
                        caught = ("fabric (%s)" % test if fabric else bench.replace("bench_", "rtl_"),
                                  f[0], f[1])
                        break
        finally:
            (rtl / unit).write_text(text)
        if unchecked:
            rows.append((name, unit, what, "-", unchecked, "-"))
            survived += 1
            print("%s: %s" % (name, unchecked), flush=True)
            continue
        if caught:
            rows.append((name, unit, what, caught[0], caught[2], caught[1]))
        else:
            rows.append((name, unit, what, "-", "survived", "-"))
            survived += 1
        print("%s: %s" % (name, "caught by %s at cycle %s (%s)" % (caught[0], caught[1], caught[2])
                          if caught else "SURVIVED"), flush=True)

    # Put the unmutated copy back in the build, so the work tree's benches are the real ones again.
    run(["cmake", "--build", str(build), "-j", str(a.jobs), "--target", "bench_router"])
    table = ["| mutation | unit | what it breaks | caught by | first failing cycle | what differed |",
             "|---|---|---|---|---|---|"]
    for name, unit, what, by, diff, cyc in rows:
        table.append("| `%s` | %s | %s | %s | %s | %s |" % (name, unit.replace(".sv", ""), what.split(": ", 1)[-1],
                                                            by, cyc, diff))
    table.append("")
    table.append("%d of %d mutations caught (seed %d, up to %d cycles a bench)." %
                 (len(rows) - survived, len(rows), a.seed, a.cycles))
    print("\n".join(table))
    if a.out:
        Path(a.out).write_text("\n".join(table) + "\n")
    return 0 if survived == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
