#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (reports, asserts nothing): the cost of perf bench sched pipe
# under four per-task counting events of ours against four software events
# (and no events), side by side in one boot, free-running mode off, over
# ROUNDS rounds (default 15) whose order rotates. Prints each round's
# usecs/op and ratio ours/software, then the median, min and max of the
# ratio. Run:
#   make vm ICOUNT=1 MODEL=... CMD='bash /tests/sched_pipe_bench.sh'
# ICOUNT=1 boots one CPU whose clock counts the instructions it executes:
# the times are then exact and repeatable, whatever the host's load.
# Without it, TCG's times swing by +-40 % from one run to the next.
set -u
loops=${1:-5000}
rounds=${ROUNDS:-15}
pmu=/sys/bus/event_source/devices/cpu
sim=/sys/kernel/debug/ia64_pmu_sim
model=$(cat $pmu/caps/pmu_name)
# four events of the PMU: the generic ones every model with tables maps;
# the generic model has two, each counted twice
if [ "$model" = generic ]; then
	ours=cycles,instructions,cycles,instructions
else
	ours=cycles,instructions,cache-references,cache-misses
fi
soft=task-clock,page-faults,minor-faults,major-faults

was=$(cat $sim/freerun)
echo 0 >$sim/freerun
trap 'echo "$was" >$sim/freerun' EXIT

usecs() { awk '/usecs\/op/ { print $1 }'; }
run() {
	case $1 in
	none) taskset -c 0 perf bench sched pipe -l "$loops" 2>&1 | usecs ;;
	*) taskset -c 0 perf stat -e "$1" -o /dev/null -- \
		perf bench sched pipe -l "$loops" 2>&1 | usecs ;;
	esac
}

echo "model $model, $rounds rounds of $loops loops, free-running off, $(nproc) CPU(s)"
echo "ours: $ours"
echo "software: $soft"
printf '%-6s %10s %10s %10s %8s\n' round none software ours ratio
ratios=()
for ((r = 1; r <= rounds; r++)); do
	declare -A t=()
	# rotate the order, so that no kind always runs first
	case $((r % 3)) in
	0) order="none soft ours" ;;
	1) order="soft ours none" ;;
	*) order="ours none soft" ;;
	esac
	for k in $order; do
		case $k in
		none) t[none]=$(run none) ;;
		soft) t[soft]=$(run "$soft") ;;
		ours) t[ours]=$(run "$ours") ;;
		esac
	done
	ratio=$(awk -v a="${t[ours]}" -v b="${t[soft]}" 'BEGIN { printf "%.3f", a / b }')
	ratios+=("$ratio")
	printf '%-6s %10s %10s %10s %8s\n' "$r" "${t[none]}" "${t[soft]}" \
		"${t[ours]}" "$ratio"
	unset t
done
printf '%s\n' "${ratios[@]}" | sort -n | awk '
	{ v[NR] = $1 }
	END {
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "ratio ours/software: median %.3f, min %.3f, max %.3f\n",
		       m, v[1], v[NR]
	}'
