#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Stock perf on an Itanium 2 (make vm MODEL=itanium2): perf list shows
# its events, perf stat counts an 8-bit event select and the generic
# events exactly, perf record samples on its 47-bit counters. On another
# CPU model there is nothing to do.
set -u

fail() { echo "FAIL: $*"; exit 1; }
pmu=/sys/bus/event_source/devices/cpu
sim=/sys/kernel/debug/ia64_pmu_sim
[ "$(cat $pmu/caps/pmu_name)" = itanium2 ] ||
	{ echo "skip: the PMU is not an Itanium 2"; exit 0; }
data=/tmp/perf-ita2.data
was=$(cat "$sim/freerun")
echo 0 >"$sim/freerun" || fail "cannot stop free-running mode"
trap 'echo "$was" >"$sim/freerun"' EXIT

# cpu/NAME/, or NAME when the pmu-events tables describe it (PERF_CPUID)
perf list --no-desc pmu 2>/dev/null | grep -Eq '(^| )(cpu/)?LOADS_RETIRED/?( |$)' ||
	fail "perf list does not show cpu/LOADS_RETIRED/"
perf list --no-desc pmu 2>/dev/null | grep -Eq '(^| )(cpu/)?L2_OZQ_CANCELS0_ANY/?( |$)' ||
	fail "perf list does not show cpu/L2_OZQ_CANCELS0_ANY/"

# mem_workload: 4 aligned loads per iteration, at user level; the two
# events are of one L1D set, so they count together
out=$(perf stat -x, -e cpu/LOADS_RETIRED/u,cpu/MISALIGNED_LOADS_RETIRED/u \
	-- /tests/mem_workload 100 2>&1 >/dev/null) || fail "perf stat: $out"
echo "$out"
n=$(echo "$out" | awk -F, '$3 ~ /\/LOADS_RETIRED/ { print $1 }')
[ "$n" = 400 ] || fail "LOADS_RETIRED: $n, want 400"
n=$(echo "$out" | awk -F, '/MISALIGNED_LOADS_RETIRED/ { print $1 }')
[ "$n" = 0 ] || fail "MISALIGNED_LOADS_RETIRED: $n, want 0"
# STORES_RETIRED is of another set: perf multiplexes the two (scaled)
out=$(perf stat -x, -e cpu/LOADS_RETIRED/u,cpu/STORES_RETIRED/u \
	-- /tests/mem_workload 100 2>&1 >/dev/null) || fail "perf stat: $out"
echo "$out" | awk -F, '/STORES_RETIRED/ { exit !($5 < 100) }' ||
	fail "LOADS_RETIRED and STORES_RETIRED (two L1D sets) counted together: $out"

# perf record on the 8-bit event: one sample per 10 loads
out=$(perf record -o "$data" -c 10 -e cpu/LOADS_RETIRED/u \
	-- /tests/mem_workload 100 2>&1) || fail "perf record: $out"
n=$(perf script -i "$data" -F ip,sym 2>/dev/null | grep -c ia64_pmu_mem_hot_loop)
[ "$n" = 40 ] || fail "perf record -c 10: $n samples in the loop, want 40"

# a raw code with bit 15 set is an event here
perf stat -e cpu/event=0xcd,umask=0x0/u -- true >/dev/null 2>&1 ||
	fail "event=0xcd refused"
echo "ok: perf list, stat and record on the Itanium 2"
