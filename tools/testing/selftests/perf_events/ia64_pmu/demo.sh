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
# What the PMU offers (a file each in sysfs), each shown by perf list as
# cpu/NAME/ or, described by the model's tables, as NAME: counted
# against sysfs, so that a wrong count fails the demo.
ev=/sys/bus/event_source/devices/cpu/events
n_sysfs=$(ls "$ev" | wc -l)
listed=$(mktemp)
perf list --raw-dump pmu 2>&1 | tr ' ' '\n' |
	sed 's|^cpu/\(.*\)/$|\1|' >"$listed" || true
n_listed=$(ls "$ev" | grep -ixFf "$listed" | sort -uf | wc -l) || true
rm -f "$listed"
if [ "$n_sysfs" -eq 0 ] || [ "$n_listed" -ne "$n_sysfs" ]; then
	echo "demo: perf list shows $n_listed of the $n_sysfs events in $ev" >&2
	exit 1
fi
echo "# ... $n_listed events of the cpu PMU in all ($ev)"

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
