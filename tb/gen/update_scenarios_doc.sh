#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Regenerate the key table of docs/scenarios.md from the registry: ./tb/gen/update_scenarios_doc.sh [drbsim]
set -euo pipefail
cd "$(dirname "$0")/../.."
bin="${1:-build/tb/drbsim}"
doc=docs/scenarios.md
head=$(sed '/^| key | default | meaning |$/,$d' "$doc")
{ printf '%s\n' "$head"; "$bin" --keys-markdown; } > "$doc.tmp"
mv "$doc.tmp" "$doc"
