#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# fetch_liberty.sh <dir>: the OSU 0.18 um standard-cell liberty from Debian's qflow-tech-osu018 package,
# downloaded (not installed) and unpacked under <dir>. Nothing of it is committed.
set -euo pipefail
dir=$1
mkdir -p "$dir/deb"
cd "$dir/deb"
ls qflow-tech-osu018_*.deb > /dev/null 2>&1 || apt-get download qflow-tech-osu018
dpkg -x qflow-tech-osu018_*.deb "$dir"
test -f "$dir/usr/share/qflow/tech/osu018/osu018_stdcells.lib"
