#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf mem and perf record -d -W end to end: memory samples from the
# data EAR. mem_workload describes to the model its loop's loads from
# ia64_pmu_hot_array, missing to memory; perf mem report must put that
# array on top, and perf script show its addresses and latencies.
# On every CPU model with EARs (caps/pmu_name): the Itanium 2 and the
# Montecito call the I-EAR's capture event L1I_EAR_EVENTS, and have the
# D-EAR's ALAT mode.
set -u

# sample counts as under run-all.sh when run alone
# shellcheck source=perf_limits.sh
. "$(dirname "$0")/perf_limits.sh"
perf_limits_off

fail() { echo "FAIL: $*"; exit 1; }
sim=/sys/kernel/debug/ia64_pmu_sim
pmu=/sys/bus/event_source/devices/cpu
model=$(cat "$pmu/caps/pmu_name") || fail "no caps/pmu_name"
iear_event=INSTRUCTION_EAR_EVENTS
ita2_ears=0
case "$model" in itanium2|montecito) ita2_ears=1 ;; esac
[ "$ita2_ears" = 1 ] && iear_event=L1I_EAR_EVENTS
data=/tmp/perf-mem.data
was=$(cat "$sim/freerun")
echo 0 >"$sim/freerun" || fail "cannot stop free-running mode"
trap 'echo "$was" >"$sim/freerun"' EXIT

# perf 6.1 records loads and stores by default: the D-EAR has no store
# event (mem-stores), so -t load
out=$(perf mem -t load record -o "$data" -- /tests/mem_workload 300 2>&1) ||
	fail "perf mem record exited $?: $out"
report=$(perf mem -t load report -i "$data" --stdio \
	--sort=mem,sym,symbol_daddr 2>/dev/null) || fail "perf mem report"
echo "$report" | grep -v '^#' | grep -v '^$' | head -n 3
top=$(echo "$report" | grep -v '^#' | grep -v '^$' | head -n 1)
echo "$top" | grep -q 'L1 miss.*ia64_pmu_mem_hot_loop.*ia64_pmu_hot_array' ||
	fail "top of perf mem report is not the hot loop's loads from ia64_pmu_hot_array: $top"

script=$(perf script -i "$data" -F ip,sym,addr,weight,data_src 2>/dev/null) ||
	fail "perf script"
echo "$script" | head -n 2
n=$(echo "$script" | grep -cE 'LOAD.*L1 miss.* (150|160|170|180) +[0-9a-f]+ ia64_pmu_mem_hot_loop')
[ "$n" -ge 50 ] || fail "perf script: only $n samples with the loop's latencies"

# perf record -d -W on the D-EAR's event, TLB-less cache mode, ldlat 128:
# no load of the workload (150-180 cycles) is under it
out=$(perf record -o "$data" -d -W -c 1 \
	-e 'cpu/DATA_EAR_EVENTS,ear=1,ldlat=128/upp' -- /tests/mem_workload 50 2>&1) ||
	fail "perf record -d -W exited $?: $out"
n=$(perf script -i "$data" -F ip,sym,addr,weight 2>/dev/null | grep -c ia64_pmu_mem_hot_loop)
[ "$n" -eq 200 ] || fail "perf record -c 1: $n samples, want 200 (4 loads x 50)"
n=$(perf report -i "$data" --stdio --mem-mode --sort=mem,sym,symbol_daddr 2>/dev/null |
	grep -c 'ia64_pmu_hot_array')
[ "$n" -ge 1 ] || fail "perf report --mem-mode --sort=mem,sym,symbol_daddr: no ia64_pmu_hot_array"

# stores: no event, said cleanly
out=$(perf mem -t store record -o "$data" -- true 2>&1) && fail "perf mem -t store was accepted"
echo "$out" | grep -q 'not supported' || fail "perf mem -t store: $out"
# free-running mode feeds the D-EAR: perf mem on anything shows misses
echo 1 >"$sim/freerun" || fail "cannot start free-running mode"
out=$(perf mem -t load record -o "$data" -- /tests/spin_workload 500 2>&1) ||
	fail "perf mem record (free-running) exited $?: $out"
n=$(perf script -i "$data" -F addr,weight,data_src 2>/dev/null | grep -c 'LOAD.*L1 miss')
[ "$n" -ge 3 ] || fail "free-running: only $n memory samples"
# and the I-EAR: instruction cache misses
out=$(perf record -o "$data" -d -W -e "cpu/$iear_event,ear=2,ldlat=8/" -- \
	/tests/spin_workload 500 2>&1) || fail "perf record (I-EAR) exited $?: $out"
n=$(perf script -i "$data" -F addr,weight,data_src 2>/dev/null | grep -c 'EXEC.*L1 miss')
[ "$n" -ge 3 ] || fail "free-running: only $n instruction EAR samples"
# the ALAT mode: the Itanium 2's, a clean EOPNOTSUPP on the Itanium
# (free-running mode has user code's ALAT misses)
if [ "$ita2_ears" = 1 ]; then
	out=$(perf record -o "$data" -d -W -e cpu/DATA_EAR_EVENTS,ear=1,ear_alat=1/upp \
		-- /tests/spin_workload 500 2>&1) || fail "perf record (ALAT mode) exited $?: $out"
	n=$(perf script -i "$data" -F addr,weight 2>/dev/null | grep -c .)
	[ "$n" -ge 1 ] || fail "free-running: no ALAT mode samples"
else
	[ -e "$pmu/format/ear_alat" ] && fail "format/ear_alat on the Itanium"
	out=$(perf record -o "$data" -e cpu/DATA_EAR_EVENTS,config1=0x9/upp \
		-- true 2>&1) && fail "ALAT mode accepted on the Itanium: $out"
fi
echo "ok ($model): perf mem and perf record -d -W show the workload's misses"
