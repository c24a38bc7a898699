#!/bin/bash
# SPDX-License-Identifier: Apache-2.0
# The one-way house, checked on the includes: models/ knows nothing of systemc/ or tb/, systemc/ nothing of
# tb/, and the testbench's libraries below the front end know nothing of it (tb/io below tb/traffic and
# tb/stats, none of them including tb/drbsim/ or tb/vp/); systemc/channel/ (the channels) knows none of the
# elements it connects, systemc/base/ (packet store, memory accounting) none of the elements or channels,
# systemc/router/ reaches neither the network nor the NIs through any chain of includes, and the NIs'
# cores not the network (an element has walls: it sees its configuration, its channels and the packet
# store). Usage: layering_test.sh SOURCE_DIR;
# with --self-test it first checks that a tree breaking each rule is caught (the negative control).
set -euo pipefail

# check DIR: prints every include that crosses a rule, exit 1 if any.
check() {
  local root=$1 bad=0
  rule() {  # rule FOLDER PATTERN WHY
    [ -d "$root/$1" ] || return 0
    local hits
    hits=$(grep -rnE --include='*.h' --include='*.cpp' "^#include \"($2)" "$root/$1" || true)
    if [ -n "$hits" ]; then
      echo "$1 may not include $3:"
      echo "$hits" | sed "s|^$root/|  |"
      bad=1
    fi
  }
  walls() {  # walls PREFIX PATTERN WHY: no file under PREFIX reaches PATTERN through any chain of includes
    [ -d "$root/$(dirname "$1")" ] || return 0
    local -A seen=()
    local todo=() f inc hits=""
    while IFS= read -r f; do todo+=("${f#"$root"/}"); done < <(find "$root/$(dirname "$1")" -path "$root/$1*" \( -name '*.h' -o -name '*.cpp' \))
    while [ ${#todo[@]} -gt 0 ]; do
      f=${todo[-1]}
      unset 'todo[-1]'
      [ -n "${seen[$f]:-}" ] && continue
      seen[$f]=1
      [ -f "$root/$f" ] || continue  # generated or system headers
      while IFS= read -r inc; do
        if [[ $inc =~ ^($2) ]]; then hits+="  $f includes $inc"$'\n'; fi
        todo+=("$inc")
      done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$root/$f")
    done
    if [ -n "$hits" ]; then
      echo "$1 may not reach $3, even through other headers:"
      printf '%s' "$hits"
      bad=1
    fi
  }
  rule models "systemc/|tb/" "systemc/ or tb/ (plain C++ models only)"
  rule systemc "tb/" "tb/ (the timed model never knows its testbench)"
  rule systemc/channel "systemc/router/|systemc/ni/|systemc/fabric/|systemc/cosim/" \
    "the elements it connects (channels are the bottom of the timed model)"
  rule systemc/base "systemc/channel/|systemc/router/|systemc/ni/|systemc/fabric/|systemc/cosim/" \
    "the elements or channels (the packet store and memory accounting are below them)"
  walls systemc/router/ "systemc/fabric/|systemc/ni/" "the network or the NIs"
  walls systemc/ni/ni_core "systemc/fabric/" "the network (the TLM adapter ni_host sits on the fabric)"
  walls systemc/face/ "systemc/fabric/(network|fabric)\\." "the fast fabric (a hand-wired design is its own assembly; the link controllers it shares see a LinkHost)"
  walls systemc/fabric/link_ "systemc/fabric/(network|fabric)\\." "the network (a link controller sees its LinkHost)"
  rule tb/io "tb/traffic/|tb/stats/|tb/drbsim/|tb/vp/" "the libraries above it"
  rule tb/traffic "tb/stats/|tb/drbsim/|tb/vp/" "the statistics or the front end"
  rule tb/stats "tb/traffic/|tb/drbsim/|tb/vp/" "the traffic or the front end"
  return $bad
}

if [ "${1:-}" = "--self-test" ]; then
  shift
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  for case in "models/a.h:systemc/x.h" "systemc/b.cpp:tb/y.h" "tb/io/c.h:tb/drbsim/keys.h" \
              "tb/traffic/d.cpp:tb/drbsim/scenario.h" "tb/stats/e.h:tb/traffic/t.h" \
              "systemc/channel/f.h:systemc/router/router_core.h" \
              "systemc/base/g.h:systemc/channel/channel.h" \
              "systemc/router/h.cpp:systemc/fabric/network.h" \
              "systemc/ni/ni_core.cpp:systemc/fabric/network.h" \
              "systemc/face/i.h:systemc/fabric/fabric.h" "systemc/fabric/link_j.cpp:systemc/fabric/network.h"; do
    rm -rf "${tmp:?}"/*
    file=${case%%:*} inc=${case#*:}
    mkdir -p "$tmp/$(dirname "$file")"
    printf '#include "%s"\n' "$inc" > "$tmp/$file"
    if check "$tmp" > /dev/null; then echo "self-test: $file including $inc was not caught"; exit 1; fi
  done
  # through a header of another folder: router -> cosim -> fabric
  rm -rf "${tmp:?}"/*
  mkdir -p "$tmp/systemc/router" "$tmp/systemc/cosim"
  printf '#include "systemc/cosim/rtl.h"\n' > "$tmp/systemc/router/r.h"
  printf '#include "systemc/fabric/net_types.h"\n' > "$tmp/systemc/cosim/rtl.h"
  if check "$tmp" > /dev/null; then echo "self-test: the router reaching the fabric through cosim was not caught"; exit 1; fi
  rm -rf "${tmp:?}"/*
  mkdir -p "$tmp/tb/traffic" && printf '#include "tb/io/inputs.h"\n#include "models/x.h"\n' > "$tmp/tb/traffic/ok.cpp"
  check "$tmp" > /dev/null || { echo "self-test: an allowed include was refused"; exit 1; }
fi
check "$1"
echo "includes go one way: models <- systemc <- tb (base <- channel <- router <- fabric, ni <- fabric; io <- traffic, stats <- drbsim, vp)"
