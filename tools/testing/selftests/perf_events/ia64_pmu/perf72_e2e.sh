#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf 7.2 end to end: the perf of patches/perf-7.2 (the VM's with
# LINUX=7.2 or PERF=7.2, tools/ia64-pmu/build-perf.sh) on the model's
# free-running mix, the commands a user starts with, each checked on its
# output:
# 1. perf list: the cycles event with its description from the model's
#    pmu-events tables (the VM's /init sets PERF_CPUID), and the metric
#    group CycleAccounting;
# 2. perf stat -M CycleAccounting true: every metric of the group has a
#    value, no event went uncounted, and the cycles counted;
# 3. perf record -b -e cycles true: samples with branch stacks, which
#    perf report and perf script show as from/to pairs;
# 4. perf mem record true, and with -t load: the D-EAR's load samples,
#    with data address, latency and data source. The plain form records
#    the same load event: perf mem's ia64 table (patches/perf-7.2/0002,
#    given to the VM's x86 perf by patches/perf-7.2/vm/0001) names it
#    for "loads and stores", as the D-EAR samples no stores; -t store is
#    refused for want of mem-stores.
# The counts follow what runs, so only their presence is asserted. On
# the models with pmu-events tables; another perf (6.1 refuses the plain
# perf mem record) skips.
set -u

# sample counts as under run-all.sh when run alone
# shellcheck source=perf_limits.sh
. "$(dirname "$0")/perf_limits.sh"
perf_limits_off

fail() { echo "FAIL: $*"; exit 1; }
sim=/sys/kernel/debug/ia64_pmu_sim
pmu=/sys/bus/event_source/devices/cpu
mux=$pmu/perf_event_mux_interval_ms
model=$(cat "$pmu/caps/pmu_name") || fail "no caps/pmu_name"
data=/tmp/perf72.data

ver=$(perf --version) || fail "perf --version"
case "$ver" in
"perf version 7.2."*) ;;
*) echo "skip: $ver, not perf 7.2"; exit 0 ;;
esac
case "$model" in
itanium)
	cycles=CPU_CYCLES
	accounting=(dependency_stall memory_stall flush_stall unstalled)
	;;
itanium2)
	cycles=CPU_CYCLES
	accounting=(be_flush_stall be_l1d_fpu_stall be_exe_stall
		    be_rse_stall fe_stall unstalled)
	;;
montecito)
	cycles=CPU_OP_CYCLES_ALL
	accounting=(be_flush_stall be_l1d_fpu_stall be_exe_stall
		    be_rse_stall fe_stall unstalled)
	;;
*)
	echo "skip: no pmu-events tables for the $model"
	exit 0
	;;
esac
[ -n "${PERF_CPUID:-}" ] || fail "PERF_CPUID is not set for the $model"

was=$(cat "$sim/freerun")
mux_was=$(cat "$mux")
trap 'echo "$was" >"$sim/freerun"; echo "$mux_was" >"$mux"' EXIT
echo 1 >"$sim/freerun" || fail "cannot start free-running mode"

# 1. perf list
list=$(perf list 2>&1) || fail "perf list: $list"
under=$(echo "$list" | awk -v n="$cycles" '
	found { print; exit }
	{ l = $0; gsub(/^ +| +$/, "", l) }
	l == n { found = 1 }')
case "$under" in
*"[Processor clock cycles elapsed"*) echo "perf list: $cycles: $under" ;;
*) fail "perf list: under $cycles '$under', want its description" ;;
esac
perf list metricgroups 2>&1 | grep -qx CycleAccounting ||
	fail "perf list metricgroups has no CycleAccounting"

# 2. perf stat -M: the groups of the metrics take turns on the counters
# (four on the Itanium and Itanium 2); rotate every 1 ms so that each
# gets some of a run of true, and allow three tries
echo 1 >"$mux" || fail "cannot set $mux"
for try in 1 2 3; do
	out=$(perf stat -x, -M CycleAccounting -- true 2>&1 >/dev/null) ||
		fail "perf stat -M CycleAccounting exited $?: $out"
	bad=
	for name in "${accounting[@]}"; do
		echo "$out" | awk -F, -v m="%  $name" '
			$7 == m && $6 ~ /^[0-9.]+$/ { ok = 1 } END { exit !ok }' ||
			bad+=" $name"
	done
	echo "$out" | grep -q '<not counted>' && bad+=" (<not counted>)"
	[ -z "$bad" ] && break
	echo "try $try: without a value:$bad"
done
echo "$out"
[ -z "$bad" ] || fail "perf stat -M CycleAccounting true: without a value:$bad"
echo "$out" | awk -F, -v c="$cycles" '$3 == c { n++; if ($1 + 0 <= 0) bad = 1 }
	END { exit !(n > 0 && !bad) }' ||
	fail "perf stat -M CycleAccounting true: $cycles not counted"

# 3. perf record -b
out=$(perf record -o "$data" -b -e cycles -- true 2>&1) ||
	fail "perf record -b exited $?: $out"
perf report -i "$data" --header-only 2>&1 | grep -q 'contains samples with branch stack' ||
	fail "perf report --header-only: no branch stack in $data"
report=$(perf report -i "$data" --stdio --sort symbol_from,symbol_to 2>&1) ||
	fail "perf report: $report"
n=$(echo "$report" | grep -cE '^ +[0-9.]+% ')
echo "$report" | grep -E '^ +[0-9.]+% ' | head -n 3
[ "$n" -ge 1 ] || fail "perf report --sort symbol_from,symbol_to: no branches"
n=$(perf script -i "$data" -F brstack 2>/dev/null |
	grep -cE '0x[0-9a-f]+/0x[0-9a-f]+/[PM-]/')
[ "$n" -ge 1 ] || fail "perf script -F brstack: no sample with a branch stack"
echo "perf record -b: $n samples with a branch stack"

# 4. perf mem: the table is the ia64 one, with the loads for the default
# (perf ends an entry's line only when it is available: "ldlat-stores"
# and the next entry share one)
out=$(perf mem record -e list 2>&1)
echo "$out" | grep -q 'dear-loads *: available' ||
	fail "perf mem record -e list: no dear-loads available: $out"
for t in "" "-t load"; do
	# shellcheck disable=SC2086 # no argument when empty
	out=$(perf mem $t record -o "$data" -- true 2>&1) ||
		fail "perf mem $t record exited $?: $out"
	ev=$(perf evlist -i "$data" 2>/dev/null)
	[ "$ev" = "cpu/mem-loads,ldlat=30/P" ] ||
		fail "perf mem $t record recorded '$ev', want cpu/mem-loads,ldlat=30/P"
	n=$(perf script -i "$data" -F addr,weight,data_src 2>/dev/null |
		grep -cE '^ *[0-9a-f]+ +[0-9]+ \|OP LOAD\|LVL L1 miss')
	[ "$n" -ge 1 ] || fail "perf mem $t record: no load sample"
	# shellcheck disable=SC2086
	report=$(perf mem $t report -i "$data" --stdio 2>&1) ||
		fail "perf mem $t report: $report"
	echo "$report" | grep -qE '^ +[0-9.]+% .* L1 miss ' ||
		fail "perf mem $t report shows no L1 miss: $report"
	echo "perf mem${t:+ $t} record: $n load samples"
done
out=$(perf mem -t store record -o "$data" -- true 2>&1) &&
	fail "perf mem -t store record was accepted"
echo "$out" | grep -q "event 'cpu/mem-stores/P' not supported" ||
	fail "perf mem -t store record: $out"
echo "ok ($model): perf 7.2 list, stat -M, record -b and mem"
