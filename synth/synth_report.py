#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Report helper of the synthesis flows (python3 standard library only).

  shell  --netlist N.json --top T --out F.sv     iCE40 pin-limited shell around a synth wrapper
  row    --block B --dir D --liberty L --out F    parse one block's reports into a JSON row
  table  --out-json F --out-csv F --out-md F ROWS...   combine rows
  check  --baseline B --results R [--tolerance 0.10]   regression guard (exit 1 on a move past the tolerance)
"""
import argparse
import csv
import json
import re
import sys
from pathlib import Path

# Metrics the guard watches: area and logic depth. A move beyond the tolerance either way fails: growth is a
# regression, a drop means the baseline no longer describes the design (it went stale once by only noting it).
GUARDED = {
    "generic_cells": "generic cells",
    "generic_depth": "generic logic depth",
    "osu018_nand2_eq": "OSU018 area (NAND2 eq.)",
    "osu018_period_ns": "OSU018 critical path (ns)",
    "ice40_luts": "iCE40 LUT4s",
}

COLUMNS = [
    ("block", "block"),
    ("generic_cells", "generic cells"),
    ("generic_comb_cells", "of which comb."),
    ("generic_depth", "depth (ltp)"),
    ("osu018_nand2_eq", "OSU018 NAND2-eq"),
    ("osu018_comb_nand2_eq", "of which comb."),
    ("osu018_period_ns", "OSU018 path (ns)"),
    ("ice40_luts", "iCE40 LUT4"),
    ("ice40_carries", "SB_CARRY"),
    ("ice40_fmax_mhz", "iCE40 Fmax (MHz)"),
]


def die(msg):
    print(f"synth_report: {msg}", file=sys.stderr)
    sys.exit(2)


def read(path):
    p = Path(path)
    if not p.exists():
        die(f"missing report {p}")
    return p.read_text()


def one(pattern, text, what, conv=float, last=False):
    found = re.findall(pattern, text, re.M)
    if not found:
        die(f"cannot find {what}")
    return conv(found[-1] if last else found[0])


def cell_counts(stat_text):
    """Per-type cell counts from a Yosys `stat` report."""
    return {m.group(1): int(m.group(2)) for m in re.finditer(r"^\s+(\S+)\s+(\d+)\s*$", stat_text, re.M)}


def liberty_areas(lib_text):
    areas = {}
    for m in re.finditer(r"cell\s*\(\s*\"?(\w+)\"?\s*\)\s*\{(.*?)\barea\s*:\s*([\d.]+)", lib_text, re.S):
        areas[m.group(1)] = float(m.group(3))
    return areas


def liberty_sequential(lib_text):
    """Cells with an ff or latch group."""
    seq = set()
    for m in re.finditer(r"cell\s*\(\s*\"?(\w+)\"?\s*\)\s*\{", lib_text):
        start = m.end()
        nxt = re.search(r"\n\s*cell\s*\(", lib_text[start:])
        body = lib_text[start:start + nxt.start()] if nxt else lib_text[start:]
        if re.search(r"\b(ff|latch)\s*\(", body):
            seq.add(m.group(1))
    return seq


def cmd_row(a):
    d = Path(a.dir)
    b = a.block
    row = {"block": b}

    gen = read(d / f"{b}.generic.stat")
    counts = cell_counts(gen)
    row["generic_cells"] = one(r"Number of cells:\s+(\d+)", gen, "generic cell count", int)
    row["generic_comb_cells"] = row["generic_cells"] - sum(
        n for t, n in counts.items() if re.match(r"\$_(S?DFF|DFFE|SDFFE|SDFFCE|ALDFF|DLATCH|SR)", t))
    row["generic_transistors"] = one(r"Estimated number of transistors:\s+(\d+)", gen, "transistor estimate", int)
    row["generic_depth"] = one(r"\(length=(\d+)\)", read(d / f"{b}.generic.ltp"), "ltp length", int)

    lib = read(a.liberty)
    areas = liberty_areas(lib)
    seq = liberty_sequential(lib)
    if "NAND2X1" not in areas:
        die("liberty has no NAND2X1 area")
    nand2 = areas["NAND2X1"]
    osu = read(d / f"{b}.osu018.stat")
    area = one(r"Chip area for module .*?:\s+([\d.]+)", osu, "chip area")
    seq_area = sum(n * areas.get(t, 0.0) for t, n in cell_counts(osu).items() if t in seq)
    row["osu018_cells"] = one(r"Number of cells:\s+(\d+)", osu, "OSU018 cell count", int)
    row["osu018_area"] = area
    row["osu018_nand2_eq"] = round(area / nand2, 1)
    row["osu018_comb_nand2_eq"] = round((area - seq_area) / nand2, 1)

    sta = read(d / f"{b}.sta.rpt")
    arrival = one(r"^\s*([\d.]+)\s+data arrival time", sta, "STA data arrival")
    slack = one(r"^\s*(-?[\d.]+)\s+slack \((?:MET|VIOLATED)\)", sta, "STA slack")
    row["osu018_arrival_ns"] = arrival
    row["osu018_period_ns"] = round(a.period - slack, 3)  # clk->Q + logic + setup

    pnr = read(d / f"{b}.nextpnr.log")
    if pnr.startswith("not mapped"):  # flow.sh with ICE40=0: no iCE40 figures at all
        row.update(ice40_luts=None, ice40_carries=None, ice40_ffs=None, ice40_fmax_mhz=None)
    else:
        ic = cell_counts(read(d / f"{b}.ice40.stat"))
        row["ice40_luts"] = ic.get("SB_LUT4", 0)
        row["ice40_carries"] = ic.get("SB_CARRY", 0)
        row["ice40_ffs"] = sum(n for t, n in ic.items() if t.startswith("SB_DFF"))
        # None: the wrapper exceeds the device (flow.sh skips placement and says so in the log).
        row["ice40_fmax_mhz"] = None if pnr.startswith("does not fit") else one(
            r"Max frequency for clock[^:]*:\s+([\d.]+) MHz", pnr, "nextpnr Fmax", float, last=True)
    Path(a.out).write_text(json.dumps(row, indent=1) + "\n")


def cmd_shell(a):
    """Every wrapper input comes from one shift register fed by a pin, every output goes into a MISR read
    out on one pin: four pins in all, no logic inside the wrapper's register-to-register paths, and no
    output that synthesis could drop."""
    net = json.loads(read(a.netlist))
    mod = net["modules"].get(a.top) or die(f"{a.top} not in {a.netlist}")
    ins, outs = [], []
    for name, p in mod["ports"].items():
        if name in ("clk_i", "rst_ni"):
            continue
        (ins if p["direction"] == "input" else outs).append((name, len(p["bits"])))
    iw, ow = sum(w for _, w in ins), sum(w for _, w in outs)
    conns = [f"    .{n} ({n})" for n in ("clk_i", "rst_ni") if n in mod["ports"]]
    lo = 0
    for n, w in ins:
        conns.append(f"    .{n} (chain_q[{lo + w - 1}:{lo}])")
        lo += w
    lo = 0
    for n, w in outs:
        conns.append(f"    .{n} (dut_out[{lo + w - 1}:{lo}])")
        lo += w
    shift_in = "sin_i" if iw == 1 else f"{{chain_q[{iw - 2}:0], sin_i}}"
    shift_out = "misr_q ^ dut_out" if ow == 1 else f"{{misr_q[{ow - 2}:0], 1'b0}} ^ dut_out"
    Path(a.out).write_text(f"""// GENERATED by synth/synth_report.py shell: iCE40 pin shell around {a.top}.
module ice40_top (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic sin_i,
  output logic sout_o
);
  logic [{iw - 1}:0] chain_q;
  logic [{ow - 1}:0] dut_out, misr_q;
  always_ff @(posedge clk_i) begin
    chain_q <= {shift_in};
    misr_q  <= {shift_out};
  end
  assign sout_o = misr_q[{ow - 1}];
  {a.top} u_dut (
{(','.join(chr(10) + c for c in conns)).lstrip(chr(10))}
  );
endmodule
""")


def fmt(v, none="does not fit"):
    if v is None:
        return none
    return f"{v:g}" if isinstance(v, float) else str(v)


def cmd_table(a):
    rows = [json.loads(read(r)) for r in a.rows]
    Path(a.out_json).write_text(json.dumps({r["block"]: r for r in rows}, indent=1) + "\n")
    keys = list(rows[0].keys())
    with open(a.out_csv, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        w.writerows(rows)
    lines = ["| " + " | ".join(h for _, h in COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    for r in rows:
        # A row without iCE40 figures (ICE40=0) was not mapped; one with LUTs but no Fmax did not fit.
        none = "not mapped" if r.get("ice40_luts", 0) is None else "does not fit"
        lines.append("| " + " | ".join(fmt(r.get(k, ""), none) for k, _ in COLUMNS) + " |")
    Path(a.out_md).write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


def cmd_check(a):
    base = json.loads(read(a.baseline))
    res = json.loads(read(a.results))
    bad, notes = [], []
    for block, b in base.items():
        if block.startswith("_"):
            continue
        r = res.get(block)
        if r is None:
            bad.append(f"{block}: no result (block dropped from the flow?)")
            continue
        for k, what in GUARDED.items():
            if k not in b:
                continue
            if r.get(k) is None:
                bad.append(f"{block}: {what} not measured (the baseline has {fmt(b[k])})")
                continue
            limit = b[k] * (1 + a.tolerance)
            if r[k] > limit:
                bad.append(f"{block}: {what} {fmt(r[k])} > baseline {fmt(b[k])} + {a.tolerance:.0%}")
            elif r[k] < b[k] * (1 - a.tolerance):
                bad.append(f"{block}: {what} {fmt(r[k])} < baseline {fmt(b[k])} - {a.tolerance:.0%} (stale baseline: "
                           f"record the improvement)")
    for block in res:
        if block not in base:
            bad.append(f"{block}: not in the baseline")
    for n in notes:
        print(f"note: {n}")
    for x in bad:
        print(f"FAIL: {x}")
    if bad:
        print("A deliberate change updates synth/baseline.json in its own commit (see synth/README.md).")
        sys.exit(1)
    print(f"synth guard: {len([k for k in base if not k.startswith('_')])} blocks within ±"
          f"{a.tolerance:.0%} of the baseline")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("shell")
    s.add_argument("--netlist", required=True)
    s.add_argument("--top", required=True)
    s.add_argument("--out", required=True)
    s = sub.add_parser("row")
    s.add_argument("--block", required=True)
    s.add_argument("--dir", required=True)
    s.add_argument("--liberty", required=True)
    s.add_argument("--period", type=float, default=10.0)
    s.add_argument("--out", required=True)
    s = sub.add_parser("table")
    s.add_argument("--out-json", required=True)
    s.add_argument("--out-csv", required=True)
    s.add_argument("--out-md", required=True)
    s.add_argument("rows", nargs="+")
    s = sub.add_parser("check")
    s.add_argument("--baseline", required=True)
    s.add_argument("--results", required=True)
    s.add_argument("--tolerance", type=float, default=0.10)
    a = ap.parse_args()
    {"row": cmd_row, "shell": cmd_shell, "table": cmd_table, "check": cmd_check}[a.cmd](a)


if __name__ == "__main__":
    main()
