# SPDX-License-Identifier: GPL-2.0
#
# Sourced by run-all.sh and by the end-to-end scripts that count
# samples, so that they pass when run alone too.
#
# The core throttles sampling when the interrupts' reported durations
# exceed perf_cpu_time_max_percent of the CPU (25 % by default: 2.5 us
# an interrupt at 100 kHz). An emulated interrupt takes 10-50 us, so
# bursts of injected overflows that hardware samples in full would be
# throttled: perf_limits_off turns that limit off and sets the default
# sample rate (the per-tick cap stays), as perf_limits_off() of
# ia64_pmu_test.h does for the kselftests. The tests of throttling
# itself and the fuzzer turn it on.
perf_limits_off() {
	local k=/proc/sys/kernel

	[ "$(cat $k/perf_cpu_time_max_percent)" = 0 ] &&
		[ "$(cat $k/perf_event_max_sample_rate)" = 100000 ] && return
	# the rate cannot be set while the limit is 0
	echo 25 >$k/perf_cpu_time_max_percent
	echo 100000 >$k/perf_event_max_sample_rate
	echo 0 >$k/perf_cpu_time_max_percent
}
