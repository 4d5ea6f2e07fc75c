// SPDX-License-Identifier: GPL-2.0
/*
 * Workload of the perf record end-to-end test: spends its time in one
 * named function, so that samples must land in ia64_pmu_hot_loop.
 * Built with -fno-inline and frame pointers (call chains). Usage:
 * spin_workload <milliseconds>; spin_workload -i <milliseconds> spins in
 * main itself and spin_workload -m prints the address of main (the
 * filter on main of perf_qual_e2e.sh).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static unsigned long sink;

void ia64_pmu_hot_loop(unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++)
		sink = sink * 31 + i;
}

int main(int argc, char **argv)
{
	int in_main = argc > 2 && !strcmp(argv[1], "-i");
	long ms = argc > 1 ? atol(argv[argc - 1]) : 1000;
	struct timespec t0, t;
	unsigned long i;

	if (argc > 1 && !strcmp(argv[1], "-m")) {
		printf("%#lx\n", (unsigned long)main);
		return 0;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		if (!in_main)
			ia64_pmu_hot_loop(100000);
		else
			for (i = 0; i < 100000; i++)
				sink = sink * 31 + i;
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000 +
		 (t.tv_nsec - t0.tv_nsec) / 1000000 < ms);
	return 0;
}
