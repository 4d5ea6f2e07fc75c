#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Demo inside the VM: the Itanium PMU, driven by its software model in
# free-running mode, seen through the stock perf tool.

set -euo pipefail

freerun=/sys/kernel/debug/ia64_pmu_sim/freerun
if [ -w "$freerun" ]; then
	echo 1 >"$freerun"
	echo "# model free-running mode on ($freerun)"
else
	echo "# no $freerun: counts come only from injected records"
fi

echo
echo "# perf list pmu"
list=$(perf list pmu 2>&1)
echo "$list" | head -n 40
echo "# ... $(echo "$list" | grep -c 'cpu/') cpu/ events in all"

echo
echo "# perf stat -e cycles,instructions -- dd if=/dev/zero of=/dev/null bs=4k count=20000"
perf stat -e cycles,instructions -- \
	dd if=/dev/zero of=/dev/null bs=4k count=20000
