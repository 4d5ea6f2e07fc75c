#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# perf's own "perf all PMU test" (perf test 101 in Debian's perf 6.1):
# perf stat -e on every event perf list shows.
set -u

out=$(perf test -v "perf all PMU test" 2>&1)
rc=$?
echo "$out" | tail -n 5
[ $rc -eq 0 ] || { echo "FAIL: perf test exited $rc"; exit 1; }
echo "$out" | grep -q 'perf all PMU test *: Ok' ||
	{ echo "FAIL: perf all PMU test did not report Ok"; exit 1; }
echo "ok: perf all PMU test"
