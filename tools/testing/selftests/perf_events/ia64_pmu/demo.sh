#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Demo inside the VM: the Itanium PMU, driven by its software model in
# free-running mode, seen through the stock perf tool.

set -euo pipefail

freerun=/sys/kernel/debug/ia64_pmu_sim/freerun
if [ -r "$freerun" ] && [ "$(cat "$freerun")" = 1 ]; then
	echo "# the model is in free-running mode: counts follow what runs"
	echo "# (make vm FREERUN=0 ... counts only injected records)"
else
	echo "# free-running mode is off: counts come only from injected records"
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

echo
echo "# perf stat -a -e cycles,instructions -- sleep 0.2 (system wide)"
perf stat -a -e cycles,instructions -- sleep 0.2

echo
echo "# perf record -e cycles -- /tests/spin_workload 500; perf report"
perf record -q -e cycles -o /tmp/demo.data -- /tests/spin_workload 500
perf report -i /tmp/demo.data --stdio --sort comm,symbol 2>/dev/null |
	grep -v '^#' | grep -v '^$' | head -n 8
