#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The fuzzer (ia64_pmu_fuzz*.c) for a fixed time on a fixed seed, so that
# "make check" replays the same operations each time. It restores every
# fault knob, freerun and CPU1's online state when it ends: the tests
# after it start from a clean PMU. The seed and duration can be changed
# with IA64_PMU_FUZZ_SEED and IA64_PMU_FUZZ_SECONDS.
set -u

dir=${IA64_PMU_TESTS:-/tests}
exec "$dir/ia64_pmu_fuzz" --seconds "${IA64_PMU_FUZZ_SECONDS:-60}" \
	--seed "${IA64_PMU_FUZZ_SEED:-1}"
