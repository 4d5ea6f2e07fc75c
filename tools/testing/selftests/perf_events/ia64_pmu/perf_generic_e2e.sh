#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Stock perf on the driver's generic model (make vm MODEL=generic,...):
# the probe line says why the generic model was chosen, perf stat counts
# cycles and instructions and a group of one raw event per counter, perf
# record samples cycles, and perf record -b fails cleanly. On another CPU
# model there is nothing to do.
set -u

# sample counts as under run-all.sh when run alone
# shellcheck source=perf_limits.sh
. "$(dirname "$0")/perf_limits.sh"
perf_limits_off

fail() { echo "FAIL: $*"; echo "${out:-}"; exit 1; }
pmu=/sys/bus/event_source/devices/cpu
sim=/sys/kernel/debug/ia64_pmu_sim
[ "$(cat $pmu/caps/pmu_name)" = generic ] ||
	{ echo "skip: the PMU is not the generic model"; exit 0; }
n=$(cat $pmu/caps/counters)
family=$(cat $pmu/caps/cpu_family)
data=/tmp/perf-generic.data
was=$(cat "$sim/freerun")
echo 1 >"$sim/freerun" || fail "cannot start free-running mode"
trap 'echo "$was" >"$sim/freerun"' EXIT

# 1. the probe line: family, model, counters, width, codes and the reason
out=$(dmesg | grep 'ia64_pmu: generic PMU for CPU family')
echo "$out"
echo "$out" | grep -q "family $family model $(cat $pmu/caps/cpu_model) " ||
	fail "no probe line for family $family"
echo "$out" | grep -q ": $n counters of $(cat $pmu/caps/counter_width) bits, cycles 0x" ||
	fail "the probe line does not give the counters"
case $family in
0x07|0x1f|0x20)	# a family with tables: PAL disagreed with them
	echo "$out" | grep -Eq '\((PAL reports|PAL_PMCmask)' ||
		fail "the probe line does not say how PAL disagreed" ;;
*)	echo "$out" | grep -q '(no tables for this family)' ||
		fail "the probe line does not say there are no tables" ;;
esac

# ... and with two threads per core, the conservative rules it takes (the
# Montecito's errata 121 and 120), said in the probe
if grep -q ',threads=2' /sys/module/ia64_pmu_sim/parameters/model; then
	last=$((n < 6 ? n + 3 : 9))
	dmesg | grep -q "ia64_pmu: 2 threads per core: events on PMC4-$last only (erratum 121), no IP-EAR (erratum 120)\$" ||
		fail "two threads: no errata line in the probe"
	echo "two threads: events on PMC4-$last only"
	n=$((last - 3))		# the counters used from here on
fi

# 2. cycles and instructions (CSV: value,unit,event,run time,run %)
work="/tests/spin_workload 300"
out=$(perf stat -x, -e cycles,instructions -- $work 2>&1 >/dev/null) ||
	fail "perf stat exited $?"
for e in cycles instructions; do
	v=$(echo "$out" | awk -F, -v e="$e" '$3 == e { print $1 }')
	[[ "$v" =~ ^[0-9]+$ ]] && [ "$v" -gt 0 ] || fail "$e: not a positive count: '$v'"
done

# 3. a group of one raw event per counter (rNNNN: config in hex, es in
# bits 15:8, umask in 19:16), all counting all the time: PAL's cycles
# code takes every umask
cyc=$(sed 's/.*event=\(0x[0-9a-f]*\).*/\1/' $pmu/events/cpu-cycles)
group=
for ((i = 0; i < n; i++)); do
	group+="${group:+,}r$(printf %x $((cyc << 8 | (i % 16) << 16)))"
done
out=$(perf stat -x, -e "{$group}" -- $work 2>&1 >/dev/null) ||
	fail "perf stat of the $n-event group exited $?"
echo "$out"
lines=$(echo "$out" | awk -F, '$3 ~ /^r[0-9a-f]+$/ && $1 ~ /^[0-9]+$/ && $1 > 0 && $5 == "100.00"' | wc -l)
[ "$lines" = "$n" ] || fail "$lines of the $n group members counted all the time"
# one more does not fit in a group
out=$(perf stat -x, -e "{$group,r$(printf %x $((cyc << 8)))}" -- true 2>&1 >/dev/null)
echo "$out" | grep -q '^[0-9]' &&
	fail "a group of $((n + 1)) events counted"

# 4. perf record samples cycles, in the workload's loop
out=$(perf record -o "$data" -c 100000 -e cycles -- $work 2>&1) ||
	fail "perf record: $out"
s=$(perf script -i "$data" -F ip,sym 2>/dev/null | grep -c ia64_pmu_hot_loop)
[ "$s" -gt 0 ] || fail "perf record: no sample in the loop"
echo "perf record: $s samples in the loop"

# 5. branch stacks: refused, perf says so and exits non-zero
out=$(perf record -o "$data" -b -e cycles -- true 2>&1) &&
	fail "perf record -b succeeded"
echo "ok: perf on the generic model ($n counters)"
