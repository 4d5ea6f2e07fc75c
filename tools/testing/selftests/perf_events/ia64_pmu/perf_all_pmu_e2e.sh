#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf's own "perf all PMU test" (perf test 101 in perf 6.1, the
# VM's perf of build-perf.sh): perf stat -e on every event perf list
# shows.
set -u

# Every event opens and counts; the values do not matter: without the
# free-running mode the 160 perf stat runs take a minute, not five.
sim=/sys/kernel/debug/ia64_pmu_sim
was=$(cat "$sim/freerun")
echo 0 >"$sim/freerun"
trap 'echo "$was" >"$sim/freerun"' EXIT
out=$(perf test -v "perf all PMU test" 2>&1)
rc=$?
echo "$out" | tail -n 5
[ $rc -eq 0 ] || { echo "FAIL: perf test exited $rc"; exit 1; }
echo "$out" | grep -q 'perf all PMU test *: Ok' ||
	{ echo "FAIL: perf all PMU test did not report Ok"; exit 1; }
echo "ok: perf all PMU test"
