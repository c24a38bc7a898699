#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# All flows for one block: flow.sh <block> <out-dir> <liberty> <sv files...>
# The top is <block>_synth (synth/<block>_synth.sv, given among the sv files with the package first).
#   generic : synth -flatten; stat -tech cmos; ltp -noff                      -> <block>.generic.{stat,ltp}
#   osu018  : dfflibmap + delay-driven abc mapping with buffering and sizing; stat -liberty; OpenSTA
#                                                                             -> <block>.osu018.stat, .sta.rpt
#   ice40   : synth_ice40 (LUT count of the wrapper), then nextpnr-ice40 on a 4-pin shell (Fmax)
#                                                                             -> <block>.ice40.stat, .nextpnr.log
# and finally one JSON row, <block>.json. Tools: yosys, sta, nextpnr-ice40, python3 (override YOSYS, STA, NEXTPNR).
# A row of a parameterized wrapper names its top and parameters: TOP=<module> PARAMS="Name=value ..." (each
# becomes a chparam on the top before synthesis).
set -euo pipefail
[ $# -ge 4 ] || { echo "usage: $0 <block> <out-dir> <liberty> <sv files...>" >&2; exit 2; }
block=$1 out=$2 lib=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
top=${TOP:-${block}_synth}
chparam=""
for kv in ${PARAMS:-}; do
  [[ $kv =~ ^[A-Za-z_][A-Za-z0-9_]*=[0-9]+$ ]] || { echo "flow.sh: PARAMS: '$kv' is not Name=number" >&2; exit 2; }
  chparam="$chparam -set ${kv%%=*} ${kv#*=}"
done
[ -z "$chparam" ] || chparam="chparam$chparam $top;"
YOSYS=${YOSYS:-yosys} STA=${STA:-sta} NEXTPNR=${NEXTPNR:-nextpnr-ice40}
PERIOD_NS=10     # only sets the reference for slack; the reported path is period - slack
ABC_TARGET_PS=500
mkdir -p "$out"
srcs=()
for f in "$@"; do srcs+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")"); done
cd "$out"
read_rtl="read_verilog -sv ${srcs[*]}"

"$YOSYS" -q -l "$block.generic.log" -p "$read_rtl; $chparam synth -flatten -top $top;
  tee -q -o $block.generic.stat stat -tech cmos; tee -q -o $block.generic.ltp ltp -noff"

# ABC script: delay-oriented mapping, then buffering and gate sizing, as a timing-driven flow would do. The
# topo before buffering: without it ABC 0.23's buffer -p fails on the whole router (a mapped node without
# fanout, then a crash).
abc_script="+strash;dch,-f;map,-D,$ABC_TARGET_PS;topo;buffer,-p;upsize,-D,$ABC_TARGET_PS;dnsize,-D,$ABC_TARGET_PS;topo;stime,-p"
"$YOSYS" -q -l "$block.osu018.log" -p "$read_rtl; $chparam synth -flatten -top $top;
  dfflibmap -liberty $lib; abc -liberty $lib -script $abc_script; opt_clean;
  tee -q -o $block.osu018.stat stat -liberty $lib;
  setundef -zero; splitnets; opt_clean; write_verilog -noattr -noexpr -nohex -nodec $block.osu018.v"
cat > "$block.sta.tcl" <<TCL
read_liberty $lib
read_verilog $block.osu018.v
link_design $top
create_clock -name clk -period $PERIOD_NS [get_ports clk_i]
set_input_delay 0 -clock clk [delete_from_list [all_inputs] [get_ports clk_i]]
set_output_delay 0 -clock clk [all_outputs]
if {[llength [get_ports -quiet rst_ni]]} { set_false_path -from [get_ports rst_ni] }
report_checks -path_delay max -digits 3
TCL
"$STA" -no_init -exit "$block.sta.tcl" > "$block.sta.rpt" 2>&1

# ICE40=0 skips the iCE40 mapping (a row whose synth_ice40 does not finish in this machine's memory): the
# row then has no LUT count and no Fmax, and its nextpnr log says so.
if [ "${ICE40:-1}" = 0 ]; then
  rm -f "$block.ice40.stat"
  echo "not mapped: ICE40=0 (synth_ice40 of this row needs more memory than the flow's machine has)" > "$block.nextpnr.log"
else
  "$YOSYS" -q -l "$block.ice40.log" -p "$read_rtl; $chparam synth_ice40 -top $top;
    tee -q -o $block.ice40.stat stat; write_json $block.ice40.json"
  # The HX8K has 7680 logic cells, one LUT4 each: a wrapper past that cannot be placed (nextpnr tries for
  # minutes, then fails), so it gets no Fmax and its log says why.
  luts=$(awk '$1 == "SB_LUT4" {print $2}' "$block.ice40.stat")
  if [ "${luts:-0}" -gt 7680 ]; then
    echo "does not fit: $luts LUT4s > 7680 logic cells of the HX8K" > "$block.nextpnr.log"
  else
    python3 "$here/synth_report.py" shell --netlist "$block.ice40.json" --top "$top" --out "$block.ice40_top.sv"
    "$YOSYS" -q -l "$block.ice40_top.log" -p "$read_rtl $block.ice40_top.sv; $chparam synth_ice40 -top ice40_top -json $block.ice40_top.json"
    # The shell adds its own cells: a wrapper just under the limit may still not place.
    if ! "$NEXTPNR" --hx8k --package ct256 --json "$block.ice40_top.json" --seed 1 --freq 12 --timing-allow-fail \
        -q -l "$block.nextpnr.place.log"; then
      if grep -q "no BELs remaining" "$block.nextpnr.place.log"; then
        echo "does not fit: $luts LUT4s and the shell's cells exceed the HX8K (nextpnr: no BELs remaining)" > "$block.nextpnr.log"
      else
        cat "$block.nextpnr.place.log" >&2
        exit 1
      fi
    else
      mv "$block.nextpnr.place.log" "$block.nextpnr.log"
    fi
  fi
fi

python3 "$here/synth_report.py" row --block "$block" --dir . --liberty "$lib" --period "$PERIOD_NS" --out "$block.json"
