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

# Each test starts with the core's sampling limits off (perf_limits.sh)
# shellcheck source=perf_limits.sh
. "$dir/perf_limits.sh"

run() {
	local name=$1 rc t0
	shift
	perf_limits_off
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
