// SPDX-License-Identifier: GPL-2.0
/*
 * The example of Documentation/admin-guide/perf/ia64-pmu.rst, "Reading
 * counters from user space", which shows example_read() (from its
 * comment on): the Makefile fails when the two differ, and the
 * user_read_example test runs it. The system calls are this suite's
 * (ski.h); with a C library, syscall(SYS_perf_event_open, ...) and
 * mmap().
 */
#include "ski.h"

/* The task's user-mode instructions: the event's fd, its page in *pg */
long example_open(struct perf_event_mmap_page **pg)
{
	struct perf_event_attr a = {
		.size = sizeof(a), .type = PERF_TYPE_HARDWARE,
		.config = PERF_COUNT_HW_INSTRUCTIONS, .exclude_kernel = 1,
	};
	long fd = sys_perf_event_open(&a, 0, -1, -1, 0);	/* pid 0: me */

	if (fd >= 0)	/* the first page, the user page, is enough */
		*pg = (void *)sys_mmap(0, id.page, PROT_READ, MAP_SHARED,
				       fd, 0);
	return fd;
}

/* The count, without a system call; -1 if it cannot be read so now */
s64 example_read(volatile struct perf_event_mmap_page *pg)
{
	u64 count, pmd;
	u32 seq, idx, shift;

	do {
		seq = pg->lock;
		asm volatile("" : : : "memory");
		idx = pg->index;
		count = pg->offset;
		if (!pg->cap_user_rdpmc || !idx)
			return -1;	/* not on a counter now: read() */
		/* the counter, PMD idx - 1, sign-extended from its width */
		asm volatile("mov %0 = pmd[%1]" : "=r" (pmd) : "r" (idx - 1UL));
		shift = 64 - pg->pmc_width;
		count += (u64)((s64)(pmd << shift) >> shift);
		asm volatile("" : : : "memory");
	} while (pg->lock != seq);
	return count;
}
