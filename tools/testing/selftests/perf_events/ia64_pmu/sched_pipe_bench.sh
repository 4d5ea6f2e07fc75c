#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Benchmark (reports, asserts nothing): slowdown of perf bench sched pipe
# under four per-task counting events of ours, against four software
# events and no events, in one boot. Run: make vm CMD='bash /tests/sched_pipe_bench.sh'
set -u
loops=${1:-20000}
ours=cpu/CPU_CYCLES/,cpu/IA64_INST_RETIRED/,cpu/ALAT_REPLACEMENT.ALL/,cpu/L1D_READS_RETIRED/
soft=task-clock,page-faults,minor-faults,major-faults

usecs() { awk '/usecs\/op/ { print $1 }'; }
for round in 1 2 3; do
	none=$(taskset -c 0 perf bench sched pipe -l "$loops" 2>&1 | usecs)
	sw=$(taskset -c 0 perf stat -e "$soft" -o /dev/null -- \
		perf bench sched pipe -l "$loops" 2>&1 | usecs)
	hw=$(taskset -c 0 perf stat -e "$ours" -o /dev/null -- \
		perf bench sched pipe -l "$loops" 2>&1 | usecs)
	echo "round $round: usecs/op none $none, 4 software events $sw, 4 ia64 events $hw"
done
