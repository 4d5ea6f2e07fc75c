#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf list shows every event of the model's table under the cpu PMU:
# on the Itanium (caps/pmu_name "itanium") [ITA-RM] §7.8's 161 entries,
# two of them split in two: 163 events; on the Itanium 2 the 460
# counting events of [PFM-I2]'s event list and BRANCH_EVENT: 461; on the
# Montecito the 599 counting events of [PFM-MONT]'s event list,
# ETB_EVENT and BRANCH_EVENT: 601.
set -u

fail() { echo "FAIL: $*"; exit 1; }

pmu=/sys/bus/event_source/devices/cpu
ev=$pmu/events
model=$(cat "$pmu/caps/pmu_name")
n_sysfs=$(ls "$ev" | wc -l)
cycles=CPU_CYCLES
case "$model" in
itanium)
	# 163 of [ITA-RM] §7.8, and mem-loads (the D-EAR alias perf mem opens)
	want=164
	split=BUS_IOQ_LIVE_REQ_HI	# one of the events split in two
	;;
itanium2)
	# 461, and mem-loads once the driver drives the D-EAR (format/ear)
	want=461
	[ -e "$pmu/format/ear" ] && want=462
	[ -e "$pmu/format/ear" ] || [ ! -e "$ev/mem-loads" ] ||
		fail "events/mem-loads without format/ear"
	split=BUS_MEM_READ_OUT_HI	# an 8-bit event select (0x94)
	[ "$(cat "$ev/$split")" = "event=0x94,umask=0x0" ] ||
		fail "$split is $(cat "$ev/$split"), want event=0x94,umask=0x0"
	;;
montecito)
	# 601, and mem-loads (the D-EAR's)
	want=602
	split=BUS_ALL_ANY		# an 8-bit event select (0x87)
	[ "$(cat "$ev/$split")" = "event=0x87,umask=0x3" ] ||
		fail "$split is $(cat "$ev/$split"), want event=0x87,umask=0x3"
	cycles=CPU_OP_CYCLES_ALL
	;;
*)
	fail "unknown caps/pmu_name '$model'"
	;;
esac
[ "$n_sysfs" -eq "$want" ] || fail "events/ has $n_sysfs files, want $want"

dump=$(perf list --raw-dump pmu 2>&1) || fail "perf list failed: $dump"
# every file of events/ as cpu/NAME/ (one grep: 461 of them take
# minutes under TCG)
listed=$(mktemp)
echo "$dump" | tr ' ' '\n' >"$listed"
missing=$(ls "$ev" | sed 's|.*|cpu/&/|' | grep -vxFf "$listed")
rm -f "$listed"
[ -z "$missing" ] || fail "perf list --raw-dump pmu lacks" $missing

# The human-readable list too, with the Kernel PMU event tag
perf list pmu 2>&1 | grep -q "cpu/$cycles/.*\[Kernel PMU event\]" ||
	fail "perf list pmu does not show cpu/$cycles/"
perf list pmu 2>&1 | grep -q "cpu/$split/" ||
	fail "perf list pmu does not show $split"
echo "ok: perf list shows all $n_sysfs events of the $model"
