#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Stock perf on a Montecito (make vm MODEL=montecito): perf list shows its
# events, perf stat counts a group of twelve events on the twelve
# counters, all the time, and the generic events, the MESI filter is
# taken where it applies, so is the thread bit (all=1), perf record
# samples cycles; with two threads per core, or threads PAL cannot tell
# (the driver then assumes two), the errata 120 and 121. On another CPU
# model there is nothing to do.
set -u

# sample counts as under run-all.sh when run alone
# shellcheck source=perf_limits.sh
. "$(dirname "$0")/perf_limits.sh"
perf_limits_off

fail() { echo "FAIL: $*"; echo "${out:-}"; exit 1; }
# refused <event> <perf 7.2's words>: perf stat's output $out says the
# event was refused: perf 6.1 prints it <not supported>; perf 7.2, left
# with no event, fails with words that depend on the errno
refused() {
	echo "$out" | grep -qF -e "<not supported>,,$1" -e "$2"
}
pmu=/sys/bus/event_source/devices/cpu
sim=/sys/kernel/debug/ia64_pmu_sim
[ "$(cat $pmu/caps/pmu_name)" = montecito ] ||
	{ echo "skip: the PMU is not a Montecito"; exit 0; }
data=/tmp/perf-mont.data
was=$(cat "$sim/freerun")
echo 1 >"$sim/freerun" || fail "cannot start free-running mode"
trap 'echo "$was" >"$sim/freerun"' EXIT

# cpu/NAME/, or NAME when the pmu-events tables describe it (PERF_CPUID)
n=$(perf list --no-desc pmu 2>/dev/null |
	grep -Ec '^ *(cpu/[A-Z0-9_]+/|[A-Z0-9_]+)( |$)')
[ "$n" -ge 600 ] || fail "perf list shows $n events of the cpu PMU"
perf list --no-desc pmu 2>/dev/null |
	grep -Eq '(^| )(cpu/)?CPU_OP_CYCLES_HALTED/?( |$)' ||
	fail "perf list does not show cpu/CPU_OP_CYCLES_HALTED/"
echo "perf list: $n events"

work="/tests/spin_workload 300"
out=$(perf stat -x, -e cycles,instructions -- $work 2>&1 >/dev/null) ||
	fail "perf stat exited $?"
for e in cycles instructions; do
	v=$(echo "$out" | awk -F, -v e="$e" '$3 == e { print $1 }')
	[[ "$v" =~ ^[0-9]+$ ]] && [ "$v" -gt 0 ] || fail "$e: not a positive count: '$v'"
done

# twelve CPU_OP_CYCLES_ALL (r1200) in one group: all twelve counters;
# with two threads per core six, on PMC4-9 (erratum 121)
threads=1
grep -q ',threads=2' /sys/module/ia64_pmu_sim/parameters/model && threads=2
nr=$((threads > 1 ? 6 : 12))
group=r1200
for ((i = 1; i < nr; i++)); do
	group+=",r1200"
done
out=$(perf stat -x, -e "{$group}" -- $work 2>&1 >/dev/null) ||
	fail "perf stat of the $nr-event group exited $?"
echo "$out"
lines=$(echo "$out" | awk -F, '$3 == "r1200" && $1 ~ /^[0-9]+$/ && $1 > 0 && $5 == "100.00"' | wc -l)
[ "$lines" = "$nr" ] || fail "$lines of the $nr group members counted all the time"

# the MESI filter through perf's event syntax: on an L3 event that takes
# it, counted; on one that does not, refused
out=$(perf stat -x, -e cpu/L3_READS_ALL_ALL,mesi=0x8/u -- $work 2>&1 >/dev/null) ||
	fail "perf stat with mesi=0x8 exited $?"
echo "$out" | grep -q 'L3_READS_ALL_ALL,mesi=0x8' || fail "perf stat: no mesi count"
out=$(perf stat -x, -e cpu/L3_REFERENCES,mesi=0x8/u -- true 2>&1)
refused cpu/L3_REFERENCES,mesi=0x8/u \
	"failed for event (cpu/L3_REFERENCES,mesi=0x8/u): Invalid argument" ||
	fail "perf stat: mesi on L3_REFERENCES was not refused"

# LLC-loads, L3_READS_ALL_ALL with mesi=0: every line state, which the
# counter's PMC says with all four bits (a PMC with none counts nothing)
out=$(perf stat -x, -e LLC-loads -- $work 2>&1 >/dev/null) ||
	fail "perf stat of LLC-loads exited $?"
v=$(echo "$out" | awk -F, '$3 == "LLC-loads" { print $1 }')
[[ "$v" =~ ^[0-9]+$ ]] && [ "$v" -gt 0 ] || fail "LLC-loads: not a positive count: '$v'"

# the thread bit through perf's event syntax: both threads'
# instructions; on a causal event (the core's cycles), refused
out=$(perf stat -x, -e cpu/IA64_INST_RETIRED,all=1/u -- $work 2>&1 >/dev/null) ||
	fail "perf stat with all=1 exited $?"
# (the event's name has a comma: the count is the first field of its line)
v=$(echo "$out" | grep 'cpu/IA64_INST_RETIRED,all=1/u' | cut -d, -f1)
[[ "$v" =~ ^[0-9]+$ ]] && [ "$v" -gt 0 ] || fail "all=1: not a positive count: '$v'"
out=$(perf stat -x, -e cpu/CPU_OP_CYCLES_ALL,all=1/u -- true 2>&1)
refused cpu/CPU_OP_CYCLES_ALL,all=1/u \
	"failed for event (cpu/CPU_OP_CYCLES_ALL,all=1/u): Invalid argument" ||
	fail "perf stat: all on CPU_OP_CYCLES_ALL was not refused"

# With two threads per core the probe (dmesg from line $1 on) says so,
# CPU_OP_CYCLES_HALTED (PMC10 only) is not supported (erratum 121), and
# there is no IP-EAR (erratum 120)
two_threads() {
	dmesg | tail -n "+$1" |
		grep -q 'ia64_pmu: 2 threads per core: events on PMC4-9 only (erratum 121), no IP-EAR (erratum 120)$' ||
		fail "no errata line in the probe"
	out=$(perf record -o "$data" -c 100000 -e cpu/CPU_OP_CYCLES_HALTED/ -- true 2>&1) &&
		fail "perf record sampled CPU_OP_CYCLES_HALTED with two threads"
	out=$(perf stat -x, -e cpu/CPU_OP_CYCLES_HALTED/u -- true 2>&1)
	# (EOPNOTSUPP: perf 7.2 retried it with H added, and says so)
	refused cpu/CPU_OP_CYCLES_HALTED/u \
		"Unsupported event (cpu/CPU_OP_CYCLES_HALTED/uH) in per-thread mode" ||
		fail "perf stat counted CPU_OP_CYCLES_HALTED with two threads"
	[ -e $pmu/format/ipear ] && fail "two threads: the ipear format field is shown"
	out=$(perf record -o "$data" -b -c 10000 \
		-e cpu/CPU_OP_CYCLES_ALL,config1=0x8000000000000000/u -- true 2>&1) &&
		fail "perf record opened an IP-EAR with two threads"
	echo "two threads: HALTED refused, no IP-EAR"
}

# Reload the driver with PAL_LOGICAL_TO_PHYSICAL failing ($1 1) or not
reload() {
	rmmod ia64_pmu || fail "rmmod ia64_pmu"
	echo "$1" >"$sim/fault/pal_threads_fail"
	insmod "${IA64_PMU_MODULES:-/modules}/ia64_pmu.ko" ||
		fail "insmod ia64_pmu (pal_threads_fail $1)"
}

if grep -q ',threads=2' /sys/module/ia64_pmu_sim/parameters/model; then
	two_threads 1
else
	# PAL cannot tell the threads per core: the driver assumes two,
	# says so, and the errata apply; back to one when it can
	[ -e $pmu/format/ipear ] || fail "one thread: no ipear format field"
	trap 'echo "$was" >"$sim/freerun"
	      [ "$(cat $sim/fault/pal_threads_fail)" = Y ] && reload 0' EXIT
	line=$(($(dmesg | wc -l) + 1))
	reload 1
	dmesg | tail -n "+$line" |
		grep -q 'ia64_pmu: threads per core unknown (PAL_LOGICAL_TO_PHYSICAL status -3), assuming 2$' ||
		fail "the probe does not say the threads are assumed"
	two_threads "$line"
	reload 0
	[ -e $pmu/format/ipear ] || fail "one thread again: no ipear format field"
fi

out=$(perf record -o "$data" -c 100000 -e cycles -- $work 2>&1) ||
	fail "perf record: $out"
s=$(perf script -i "$data" -F ip,sym 2>/dev/null | grep -c ia64_pmu_hot_loop)
[ "$s" -gt 0 ] || fail "perf record: no sample in the loop"
echo "ok: perf list, stat and record on the Montecito ($s samples)"
