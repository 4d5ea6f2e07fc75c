#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf list shows every event of the model's table under the cpu PMU:
# on the Itanium (caps/pmu_name "itanium") [ITA-RM] §7.8's 161 entries,
# two of them split in two: 163 events; on the Itanium 2 the 460
# counting events of [PFM-I2]'s event list and BRANCH_EVENT: 461; on the
# Montecito the 599 counting events of [PFM-MONT]'s event list,
# ETB_EVENT and BRANCH_EVENT: 601.
#
# With the model's pmu-events tables (the VM's /init sets PERF_CPUID for
# the processor the driver drives), perf list prints a description under
# the cycles event and under a few others of each model: those of
# tools/perf/pmu-events/arch/ia64/<model>/*.json.
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
	;;
*)
	fail "unknown caps/pmu_name '$model'"
	;;
esac
[ "$n_sysfs" -eq "$want" ] || fail "events/ has $n_sysfs files, want $want"

# Descriptions (BriefDescription of the JSON) that perf list must print
# under these events: the cycles event, instructions retired, one of each
# model's less obvious ones; perf list wraps long ones, so only the start
# of each is asked for
case "$model" in
itanium)
	cycles=CPU_CYCLES
	desc=("CPU_CYCLES|Processor clock cycles elapsed"
	      "IA64_INST_RETIRED|Retired IA-64 instructions, predicated-off"
	      "BUS_IOQ_LIVE_REQ_HI|Live in-order bus queue requests accumulated")
	others=("BUS_SNOOPQ_REQ|per task: needs CPU-wide privilege")
	;;
itanium2)
	cycles=CPU_CYCLES
	desc=("CPU_CYCLES|Processor clock cycles elapsed"
	      "IA64_INST_RETIRED_THIS|Retired IA-64 instructions, predicated-off"
	      "BE_FLUSH_BUBBLE_ALL|Back-end stall cycles caused by pipeline flushes"
	      "L2_OZQ_CANCELS1_BANK_CONF|L2 OZ queue cancels by cause (first set): bank conflicts")
	others=("BUS_ALL_ANY|per task: needs CPU-wide privilege")
	;;
montecito)
	# the Montecito's cycles event: es 0x12, CPU_CYCLES before it
	cycles=CPU_OP_CYCLES_ALL
	desc=("CPU_OP_CYCLES_ALL|Processor clock cycles elapsed"
	      "IA64_INST_RETIRED_THIS|Retired IA-64 instructions, predicated-off"
	      "BE_FLUSH_BUBBLE_ALL|Back-end stall cycles caused by pipeline flushes"
	      "L2D_OZQ_CANCELS1_LATE_SPEC_BYP|L2D OZ queue cancels, total and late ones: late cancels")
	others=("SI_SCB_INSERTS_HITM_EITHER|per task: needs CPU-wide privilege"
		"BUS_DATA_CYCLE_SELF|per task on two threads: needs CPU-wide privilege")
	;;
esac
[ -n "${PERF_CPUID:-}" ] || fail "PERF_CPUID is not set for the $model"

dump=$(perf list --raw-dump pmu 2>&1) || fail "perf list failed: $dump"
# every file of events/, as cpu/NAME/ or, described by the tables, as
# NAME (one grep: 461 of them take minutes under TCG)
listed=$(mktemp)
echo "$dump" | tr ' ' '\n' | sed 's|^cpu/\(.*\)/$|\1|' >"$listed"
missing=$(ls "$ev" | grep -vixFf "$listed")
# the count make demo prints: each event once
n_listed=$(ls "$ev" | grep -ixFf "$listed" | sort -uf | wc -l)
rm -f "$listed"
[ -z "$missing" ] || fail "perf list --raw-dump pmu lacks" $missing
[ "$n_listed" -eq "$n_sysfs" ] ||
	fail "perf list --raw-dump pmu shows $n_listed of $n_sysfs events"

# The human-readable list: each event of desc[] on a line of its own
# and its description on the next, in brackets
list=$(perf list pmu 2>&1) || fail "perf list pmu failed: $list"
for d in "${desc[@]}"; do
	name=${d%%|*} text=${d#*|}
	under=$(echo "$list" | awk -v n="$name" '
		found { print; exit }
		{ l = $0; gsub(/^ +| +$/, "", l) }
		toupper(l) == n { found = 1 }')
	[ -n "$under" ] || fail "perf list pmu does not show $name on a line of its own"
	# perf 7.2 wraps at commas too, and drops the space after them
	case "${under//, /,}" in
	*"[${text//, /,}"*) ;;
	*) fail "perf list pmu: under $name '$under', want '[$text...'" ;;
	esac
	echo "$name: $under"
done
# The events that count other agents say that a per-task event of them
# needs CPU-wide privilege (ia64_pmu_others_test); the cycles do not.
# The description, wrapped over lines, joined up to its closing bracket
described() {
	echo "$list" | awk -v n="$1" '
		found { t = t " " $0; if ($0 ~ /]/) { print t; exit } }
		{ l = $0; gsub(/^ +| +$/, "", l) }
		toupper(l) == n { found = 1 }' | tr -s ' \n' '  '
}
for d in "${others[@]}"; do
	name=${d%%|*} text=${d#*|}
	under=$(described "$name")
	case "${under//, /,}" in
	*"$text"*) echo "$name: $under" ;;
	*) fail "perf list pmu: under $name '$under', want '$text'" ;;
	esac
done
case "$(described "$cycles")" in
*privilege*) fail "perf list pmu: $cycles needs privilege" ;;
esac
echo "$list" | grep -qi "^ *$split\( \|$\)" ||
	fail "perf list pmu does not show $split"
echo "ok: perf list shows all $n_sysfs events of the $model, described ($cycles: yes)"
