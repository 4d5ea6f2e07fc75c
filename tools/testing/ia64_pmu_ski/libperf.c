// SPDX-License-Identifier: GPL-2.0
/*
 * libperf's ia64 read_perf_counter() and read_timestamp(), the branch
 * "#elif defined(__ia64__)" of tools/lib/perf/mmap.c as patches/perf
 * makes it: the Makefile extracts it from the patched file into
 * OUTPUT/libperf_ia64.h, and the user_read_libperf test reads its
 * counter with it.
 */
#include "ski.h"
#include "libperf_ia64.h"

u64 libperf_read_perf_counter(unsigned int counter)
{
	return read_perf_counter(counter);
}

u64 libperf_read_timestamp(void)
{
	return read_timestamp();
}
