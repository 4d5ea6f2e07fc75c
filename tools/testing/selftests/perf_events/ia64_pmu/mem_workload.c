// SPDX-License-Identifier: GPL-2.0
/*
 * Workload of the perf mem end-to-end test (perf_mem_e2e.sh): a loop
 * that walks ia64_pmu_hot_array, described to the PMU model as the
 * Itanium would execute it: each iteration injects four loads from that
 * array that miss to memory (150-180 cycles), at the loop's own
 * instruction address. Usage: mem_workload <iterations> (run with the
 * model's free-running mode off).
 */
#include <stdlib.h>

#include "ia64_pmu_test.h"

#define BUNDLE(p)	((uint64_t)(unsigned long)(p) & ~15ULL)
#define NR		4096

/* initialised: in .data, file-backed, so that perf names it */
uint64_t ia64_pmu_hot_array[NR] = { 1 };
static struct rec_buf buf;

int ia64_pmu_mem_hot_loop(long n)
{
	uint64_t sum = 0;
	long i;
	int k;

	for (i = 0; i < n; i++) {
		unsigned long idx;
top:
		buf.len = 0;
		for (k = 0; k < 4; k++) {
			idx = (i * 8 + k * 512) % NR;
			rec_mem(&buf, BUNDLE(&&top), k % 3, 3,
				(uint64_t)(unsigned long)&ia64_pmu_hot_array[idx],
				IA64_PMU_MEM_LOAD, IA64_PMU_LVL_MEM,
				IA64_PMU_TLB_L1, 150 + 10 * k);
			sum += ia64_pmu_hot_array[idx];
		}
		if (sim_inject(&buf))
			return -1;
	}
	return sum == 1;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100;

	return ia64_pmu_mem_hot_loop(n) < 0;
}
