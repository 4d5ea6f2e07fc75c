#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run every Itanium PMU test inside the VM: the kselftest programs
# (/tests/*_test), then the perf end-to-end scripts (/tests/*_e2e.sh).
# Prints one line per test with its time in the guest (where CI's
# minutes go) and the summary
#   ia64-pmu-vm: N passed, N failed
# and exits non-zero if anything failed.

set -uo pipefail

dir=${IA64_PMU_TESTS:-/tests}
pass=0
fail=0
failed=()

# The core throttles sampling when the interrupts' reported durations
# exceed perf_cpu_time_max_percent of the CPU (25 % by default: 2.5 us
# an interrupt at 100 kHz). An emulated interrupt takes 10-50 us, so
# bursts of injected overflows that hardware samples in full would be
# throttled: each test starts with that limit off and the default
# sample rate (the per-tick cap stays). The tests of throttling itself
# and the fuzzer turn it on.
perf_limits() {
	local k=/proc/sys/kernel

	[ "$(cat $k/perf_cpu_time_max_percent)" = 0 ] &&
		[ "$(cat $k/perf_event_max_sample_rate)" = 100000 ] && return
	# the rate cannot be set while the limit is 0
	echo 25 >$k/perf_cpu_time_max_percent
	echo 100000 >$k/perf_event_max_sample_rate
	echo 0 >$k/perf_cpu_time_max_percent
}

run() {
	local name=$1 rc t0
	shift
	perf_limits
	echo "=== $name"
	t0=$SECONDS
	"$@"
	rc=$?
	if [ $rc -eq 0 ]; then
		echo "=== $name: PASS ($((SECONDS - t0)) s)"
		pass=$((pass + 1))
	else
		echo "=== $name: FAIL (exit $rc, $((SECONDS - t0)) s)"
		fail=$((fail + 1))
		failed+=("$name")
	fi
}

# IA64_PMU_ONLY: the names of the tests to run (default: all)
only() {
	[ -z "${IA64_PMU_ONLY:-}" ] || [[ " $IA64_PMU_ONLY " == *" $1 "* ]]
}

shopt -s nullglob
for t in "$dir"/*_test; do
	[ -x "$t" ] || continue
	only "${t##*/}" || continue
	run "${t##*/}" "$t"
done
for t in "$dir"/*_e2e.sh; do
	only "${t##*/}" || continue
	run "${t##*/}" bash "$t"
done

if [ $((pass + fail)) -eq 0 ]; then
	echo "ia64-pmu-vm: no tests found in $dir"
	fail=1
fi
[ $fail -eq 0 ] || echo "failed: ${failed[*]}"
echo "ia64-pmu-vm: $pass passed, $fail failed"
[ $fail -eq 0 ]
