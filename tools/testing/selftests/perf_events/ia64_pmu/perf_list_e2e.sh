#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf list shows every event of the model's table ([ITA-RM] §7.8: 161
# entries, two of them split in two: 163 events) under the cpu PMU.
set -u

fail() { echo "FAIL: $*"; exit 1; }

ev=/sys/bus/event_source/devices/cpu/events
n_sysfs=$(ls "$ev" | wc -l)
# 163 of [ITA-RM] §7.8, and mem-loads (the D-EAR alias perf mem opens)
[ "$n_sysfs" -eq 164 ] || fail "events/ has $n_sysfs files, want 164"

dump=$(perf list --raw-dump pmu 2>&1) || fail "perf list failed: $dump"
for f in "$ev"/*; do
	name=$(basename "$f")
	echo "$dump" | tr ' ' '\n' | grep -qxF "cpu/$name/" ||
		fail "perf list --raw-dump pmu lacks cpu/$name/"
done

# The human-readable list too, with the Kernel PMU event tag
perf list pmu 2>&1 | grep -q 'cpu/CPU_CYCLES/.*\[Kernel PMU event\]' ||
	fail "perf list pmu does not show cpu/CPU_CYCLES/"
perf list pmu 2>&1 | grep -q 'cpu/BUS_IOQ_LIVE_REQ_HI/' ||
	fail "perf list pmu does not show the split BUS_IOQ_LIVE_REQ_HI"
echo "ok: perf list shows all $n_sysfs events"
