#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Area of the whole router (synth/drb_router_synth.sv) split by unit, in OSU018 NAND2X1 equivalents.

Yosys synthesizes the wrapper without flattening (each unit mapped on its own: dfflibmap, abc with the
liberty), `stat -liberty` gives every module's own area and the design hierarchy how many of each there are;
the units are then grouped as docs/synthesis.md reports them: buffers and VC state (input units), route
compute and VC selection, VC allocator, switch allocator, crossbar, output units, DRB's blocks (DEC, AL,
GMR), the router's own logic (header registers' write muxes, stage stamps, the crossbar's input selection).
Area without flattening is a little above the flat flow's (no optimization across unit boundaries).

    synth/router_area.py --liberty osu018_stdcells.lib --vcs 8 --drb 1 <sv files...>
"""
import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synth_report import liberty_areas  # noqa: E402  (the same NAND2X1 unit as the flow's rows)

GROUPS = [  # (group, base modules)
    ("buffers and VC state (drb_input_unit)", ["drb_input_unit"]),
    ("route compute and VC selection (drb_route_unit, drb_dor_rc, drb_vc_select)",
     ["drb_route_unit", "drb_dor_rc", "drb_vc_select"]),
    ("VC allocator (drb_vc_alloc)", ["drb_vc_alloc"]),
    ("switch allocator (drb_switch_alloc, drb_xbar_arbiter)", ["drb_switch_alloc", "drb_xbar_arbiter"]),
    ("crossbar (drb_crossbar)", ["drb_crossbar"]),
    ("output units (drb_output_unit)", ["drb_output_unit"]),
    ("DRB blocks (drb_dec, drb_al, drb_gmr_fire)", ["drb_dec", "drb_al", "drb_gmr_fire"]),
    ("router logic (drb_router, drb_al_timer, drb_port_shape, drb_trunk_ptr)",
     ["drb_router", "drb_al_timer", "drb_port_shape", "drb_trunk_ptr"]),
]


def base_name(mod):
    """drb_input_unit from '$paramod$<hash>\\drb_input_unit' or '$paramod\\drb_gmr_fire\\AckFlits=...'."""
    m = re.search(r"\\(drb_[a-z0-9_]+)", mod)
    return m.group(1) if m else mod


# Shared leaves whose area belongs to the unit that instantiates them (drb_rr_pick: the allocators' and
# the crossbar arbiter's round-robin picks).
INLINE = {"drb_rr_pick"}


def parse(stat):
    """Own area per module, and per (module, owner) how many instances: the owner is the module itself, or
    for a leaf of INLINE the nearest ancestor that is not one."""
    own = {}
    cur = None
    for line in stat.splitlines():
        m = re.match(r"^=== (.+) ===$", line.strip())
        if m:
            cur = m.group(1)
            continue
        m = re.match(r"^\s*Chip area for (?:module|top module) '(.+)': ([0-9.]+)", line)
        if m:
            own[m.group(1).lstrip("\\")] = float(m.group(2))
    # Design hierarchy: indented "name count" lines; a child's count is per instance of its parent.
    tree = stat.split("=== design hierarchy ===", 1)[1]
    total = {}
    stack = []  # (indent, multiplier, owner)
    for line in tree.splitlines():
        m = re.match(r"^(\s+)(\S+)\s+(\d+)$", line)
        if not m:
            if total and not line.strip():
                break
            continue
        indent, mod, cnt = len(m.group(1)), m.group(2), int(m.group(3))
        while stack and stack[-1][0] >= indent:
            stack.pop()
        mult = (stack[-1][1] if stack else 1) * cnt
        owner = stack[-1][2] if stack and base_name("\\" + mod.lstrip("\\")) in INLINE else mod
        stack.append((indent, mult, owner))
        total[(mod, owner)] = total.get((mod, owner), 0) + mult
    return own, total


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--yosys", default="yosys")
    ap.add_argument("--liberty", required=True)
    ap.add_argument("--vcs", type=int, required=True, choices=[2, 4, 8])
    ap.add_argument("--drb", type=int, required=True, choices=[0, 1])
    ap.add_argument("sources", nargs="+")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "hier.stat"
        script = ("read_verilog -sv %s; chparam -set NumVcs %d -set Drb %d drb_router_synth; "
                  "synth -top drb_router_synth; dfflibmap -liberty %s; abc -liberty %s; opt_clean; "
                  "tee -q -o %s stat -liberty %s" % (" ".join(a.sources), a.vcs, a.drb, a.liberty, a.liberty,
                                                     out, a.liberty))
        r = subprocess.run([a.yosys, "-q", "-p", script], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            print(r.stdout[-2000:], file=sys.stderr)
            return 2
        own, total = parse(out.read_text())
    area = {}
    for (mod, owner), cnt in total.items():
        key = mod.lstrip("\\")
        if key not in own:
            continue
        o = owner.lstrip("\\")
        b = base_name("\\" + o) if "$paramod" in o else o
        area[b] = area.get(b, 0.0) + cnt * own[key]
    area.pop("drb_router_synth", None)  # the wrapper's I/O registers
    nand2 = liberty_areas(Path(a.liberty).read_text())["NAND2X1"]
    whole = sum(area.values())
    print("| %d VCs, %s | NAND2 eq. | share |" % (a.vcs, "with DRB's blocks" if a.drb else "plain"))
    print("|---|---|---|")
    for group, mods in GROUPS:
        g = sum(area.get(m, 0.0) for m in mods)
        print("| %s | %.0f | %.1f%% |" % (group, g / nand2, 100.0 * g / whole))
    print("| router | %.0f | 100%% |" % (whole / nand2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
