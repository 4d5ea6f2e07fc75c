#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf stat -M end to end: the metrics of the model's pmu-events tables
# (tools/perf/pmu-events/arch/ia64/<model>/metrics.json, selected by the
# PERF_CPUID the VM's /init sets) computed from exact counts.
#
# With the model's free-running mode off, events_workload injects cycles
# records in which chosen events count: each event's count is known, and
# so is each metric's value, worked out here by hand (awk) from the
# injected counts.
#
# 1. Exact: each metric, or each metric group whose events all fit the
#    counters at once, counted without multiplexing; every event count
#    and metric value must be the hand-computed one.
# 2. Multiplexed: perf stat -M CycleAccounting on a model with fewer
#    counters than its events (Itanium, Itanium 2: four counters; each
#    metric is a group of its own). perf must end without error, print
#    every component, with counts scaled from part of the time, and the
#    values must be close to the hand-computed ones (the workload injects
#    the same mix throughout, so every time slice sees the same ratios).
# 3. perf stat -M CycleAccounting -- busybox true under the free-running
#    mix prints every component of the breakdown.
set -u

fail() { echo "FAIL: $*"; echo "$out"; exit 1; }
sim=/sys/kernel/debug/ia64_pmu_sim
pmu=/sys/bus/event_source/devices/cpu
model=$(cat "$pmu/caps/pmu_name")
work=/tests/events_workload
out=

[ -n "${PERF_CPUID:-}" ] || fail "PERF_CPUID is not set for the $model"
was=$(cat "$sim/freerun")
echo 0 >"$sim/freerun" || fail "cannot stop free-running mode"
trap 'echo "$was" >"$sim/freerun"' EXIT

# The mix of one iteration: "<cycles>:<EVENT>[=<inc>]..." (events_workload)
# and, for the checks, the metrics with their formulas over the counts.
case "$model" in
itanium)
	cyc=CPU_CYCLES
	mix=(300:UNSTALLED_BACKEND_CYCLE:IA64_INST_RETIRED=2
	     100:UNSTALLED_BACKEND_CYCLE:INST_ACCESS_CYCLE
	     60:DEPENDENCY_ALL_CYCLE:DEPENDENCY_SCOREBOARD_CYCLE
	     20:DEPENDENCY_ALL_CYCLE
	     50:MEMORY_CYCLE:DATA_ACCESS_CYCLE
	     10:MEMORY_CYCLE
	     40:PIPELINE_ALL_FLUSH_CYCLE:PIPELINE_BACKEND_FLUSH_CYCLE
	     20:PIPELINE_ALL_FLUSH_CYCLE)
	# metric|formula (awk, event names as variables)|x100 (percent)
	metrics=("dependency_stall|DEPENDENCY_ALL_CYCLE / CPU_CYCLES|100"
		 "memory_stall|MEMORY_CYCLE / CPU_CYCLES|100"
		 "flush_stall|PIPELINE_ALL_FLUSH_CYCLE / CPU_CYCLES|100"
		 "unstalled|UNSTALLED_BACKEND_CYCLE / CPU_CYCLES|100"
		 "issue_limit_stall|(DEPENDENCY_ALL_CYCLE - DEPENDENCY_SCOREBOARD_CYCLE) / CPU_CYCLES|100"
		 "rse_active_stall|(MEMORY_CYCLE - DATA_ACCESS_CYCLE) / CPU_CYCLES|100"
		 "taken_branch_stall|(PIPELINE_ALL_FLUSH_CYCLE - PIPELINE_BACKEND_FLUSH_CYCLE) / CPU_CYCLES|100"
		 "unstalled_pipeline|(UNSTALLED_BACKEND_CYCLE - INST_ACCESS_CYCLE) / CPU_CYCLES|100"
		 "ia64_ipc|IA64_INST_RETIRED / CPU_CYCLES|1")
	# counted in one perf stat each: each metric fits the 4 counters
	runs=(dependency_stall memory_stall flush_stall unstalled
	      issue_limit_stall rse_active_stall taken_branch_stall
	      unstalled_pipeline ia64_ipc)
	accounting=(dependency_stall memory_stall flush_stall unstalled)
	;;
itanium2 | montecito)
	cyc=CPU_CYCLES
	[ "$model" = montecito ] && cyc=CPU_OP_CYCLES_ALL
	mix=(400:IA64_INST_RETIRED_THIS=3:L1D_READS_SET1=2:L2_REFERENCES:BR_MISPRED_DETAIL_ALL_ALL_PRED
	     60:BACK_END_BUBBLE_ALL:BE_FLUSH_BUBBLE_ALL:BR_MISPRED_DETAIL_ALL_WRONG_PATH:L3_REFERENCES
	     50:BACK_END_BUBBLE_ALL:BE_L1D_FPU_BUBBLE_ALL:L1D_READ_MISSES_ALL:L2_MISSES
	     40:BACK_END_BUBBLE_ALL:BE_EXE_BUBBLE_ALL:BR_MISPRED_DETAIL_ALL_WRONG_TARGET
	     30:BACK_END_BUBBLE_ALL:BE_RSE_BUBBLE_ALL:L3_MISSES
	     20:BACK_END_BUBBLE_ALL:BACK_END_BUBBLE_FE)
	metrics=("be_flush_stall|BE_FLUSH_BUBBLE_ALL / $cyc|100"
		 "be_l1d_fpu_stall|BE_L1D_FPU_BUBBLE_ALL / $cyc|100"
		 "be_exe_stall|BE_EXE_BUBBLE_ALL / $cyc|100"
		 "be_rse_stall|BE_RSE_BUBBLE_ALL / $cyc|100"
		 "fe_stall|BACK_END_BUBBLE_FE / $cyc|100"
		 "unstalled|($cyc - BACK_END_BUBBLE_ALL) / $cyc|100"
		 "ipc|IA64_INST_RETIRED_THIS / $cyc|1"
		 "l1d_read_miss_ratio|L1D_READ_MISSES_ALL / L1D_READS_SET1|100"
		 "l3_miss_ratio|L3_MISSES / L3_REFERENCES|100"
		 "br_mispred_ratio|(BR_MISPRED_DETAIL_ALL_WRONG_PATH + BR_MISPRED_DETAIL_ALL_WRONG_TARGET) / BR_MISPRED_DETAIL_ALL_ALL_PRED|100")
	accounting=(be_flush_stall be_l1d_fpu_stall be_exe_stall be_rse_stall
		    fe_stall unstalled)
	if [ "$model" = itanium2 ]; then
		metrics+=("l2_miss_ratio|L2_MISSES / L2_REFERENCES|100")
		runs=("${accounting[@]}" ipc l1d_read_miss_ratio l2_miss_ratio
		      l3_miss_ratio br_mispred_ratio)
	else
		# twelve counters: each group in one run
		mix[0]=${mix[0]}:L2D_REFERENCES_ALL:L2I_READS_ALL_ALL
		mix[2]=${mix[2]}:L2D_MISSES:L2I_READS_MISS_ALL
		mix[2]=${mix[2]/:L2_MISSES/}
		mix[0]=${mix[0]/:L2_REFERENCES/}
		metrics+=("l2d_miss_ratio|L2D_MISSES / L2D_REFERENCES_ALL|100"
			  "l2i_miss_ratio|L2I_READS_MISS_ALL / L2I_READS_ALL_ALL|100")
		runs=(CycleAccounting Summary Cache Branch)
	fi
	;;
*)
	echo "SKIP: no pmu-events tables for the $model"
	exit 0
	;;
esac

# Hand computation: the count of every event over $1 iterations, as awk
# assignments ("-v NAME=count")
counts() {
	local n=$1 spec c e name inc
	declare -A tot=()
	for spec in "${mix[@]}"; do
		IFS=: read -r -a f <<<"$spec"
		c=${f[0]}
		tot[$cyc]=$(( ${tot[$cyc]:-0} + n * c ))
		for e in "${f[@]:1}"; do
			name=${e%%=*} inc=1
			[ "$name" = "$e" ] || inc=${e#*=}
			tot[$name]=$(( ${tot[$name]:-0} + n * c * inc ))
		done
	done
	for e in "${!tot[@]}"; do
		echo "-v $e=${tot[$e]}"
	done
}

# The expected value of metric $1 (as perf prints it: x100 for ratios
# shown in percent) from the counts of $2 iterations
expect() {
	local m e
	for m in "${metrics[@]}"; do
		IFS='|' read -r name formula scale <<<"$m"
		[ "$name" = "$1" ] || continue
		# shellcheck disable=SC2046 # one word per assignment
		awk $(counts "$2") "BEGIN { printf \"%.4f\\n\", ($formula) * $scale }"
		return
	done
	echo "no metric $1" >&2
	return 1
}

# perf stat -x, lines: count,unit,event,run time,run %,metric value,metric
# unit (the metric's name after its unit). The value of metric $1:
metric_val() {
	echo "$out" | awk -F, -v m="$1" '
		{ n = split($7, u, " "); if (n && u[n] == m) { print $6; exit } }'
}

# 1. Exact counts and values
iter=20
for r in "${runs[@]}"; do
	out=$(perf stat -x, -M "$r" -- "$work" "$iter" "${mix[@]}" 2>&1 >/dev/null) ||
		fail "perf stat -M $r exited $?"
	# every event of the run: its exact count, counted all the time (a
	# here-string: the VM has no /dev/fd for <(...))
	nev=0
	while IFS=, read -r val _ ev _ pct _; do
		[ -n "$ev" ] || continue
		case "$val" in
		"<not counted>" | "<not supported>") fail "$r: $ev $val" ;;
		esac
		# shellcheck disable=SC2046 # one word per assignment
		want=$(awk $(counts "$iter") "BEGIN { print $ev + 0 }")
		[ "$val" = "$want" ] || fail "$r: $ev counted $val, injected $want"
		[ "${pct%%.*}" = 100 ] || fail "$r: $ev ran $pct % of the time"
		nev=$((nev + 1))
	done <<<"$(echo "$out" | grep -v '^#' | grep ',')"
	[ "$nev" -gt 0 ] || fail "$r: no event counts"
	echo "$r: $nev event counts as injected"
	for m in "${metrics[@]}"; do
		name=${m%%|*}
		v=$(metric_val "$name")
		[ -n "$v" ] || continue
		want=$(expect "$name" "$iter")
		awk -v v="$v" -v w="$want" 'BEGIN { d = v - w; exit !(d < 0.051 && d > -0.051) }' ||
			fail "$r: $name = $v, by hand $want"
		echo "$r: $name = $v (by hand $want)"
		seen+=" $name"
	done
done
for m in "${metrics[@]}"; do
	name=${m%%|*}
	[[ " ${seen:-} " == *" $name "* ]] || fail "metric $name never printed"
done

# 2. Multiplexed: CycleAccounting where its events exceed the counters
if [ "$model" != montecito ]; then
	iter=3000
	out=$(perf stat -x, -M CycleAccounting -- "$work" "$iter" "${mix[@]}" 2>&1 >/dev/null) ||
		fail "perf stat -M CycleAccounting exited $?"
	echo "$out" | grep -q '<not counted>' && fail "an event was never counted"
	echo "$out" | awk -F, '$5 != "" && $5 + 0 < 100 { s = 1 } END { exit !s }' ||
		fail "no event ran only part of the time: nothing multiplexed"
	for name in "${accounting[@]}"; do
		v=$(metric_val "$name")
		[ -n "$v" ] || fail "CycleAccounting: $name not printed"
		want=$(expect "$name" "$iter")
		# scaled counts: within 2 points of the percentage
		awk -v v="$v" -v w="$want" 'BEGIN { d = v - w; exit !(d < 2 && d > -2) }' ||
			fail "CycleAccounting (multiplexed): $name = $v, by hand $want"
		echo "CycleAccounting (multiplexed): $name = $v (by hand $want)"
	done
fi

# 3. A short command under the free-running mix: perf stat -M
# CycleAccounting -- busybox true prints every component. Multiplexed,
# a command that short (25 ms in the VM) may end before the sixth group's
# turn with the default rotation every 4 ms (perf_event_mux_interval_ms):
# rotate every 1 ms, and three tries.
echo 1 >"$sim/freerun"
mux=$pmu/perf_event_mux_interval_ms
mux_was=$(cat "$mux")
trap 'echo "$was" >"$sim/freerun"; echo "$mux_was" >"$mux"' EXIT
echo 1 >"$mux" || fail "cannot set $mux"
for try in 1 2 3; do
	out=$(perf stat -M CycleAccounting -- busybox true 2>&1 >/dev/null) ||
		fail "perf stat -M CycleAccounting -- busybox true exited $?"
	missing=
	for name in "${accounting[@]}"; do
		echo "$out" | grep -Eq "%  $name( |$)" || missing+=" $name"
	done
	[ -z "$missing" ] && break
	echo "try $try: busybox true: not printed:$missing"
done
[ -z "$missing" ] || fail "busybox true: CycleAccounting lacks$missing"
echo "$out"
echo "ok: perf stat -M on the $model"
