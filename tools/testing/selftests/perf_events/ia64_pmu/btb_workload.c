// SPDX-License-Identifier: GPL-2.0
/*
 * Workload of the branch-stack end-to-end test (perf_branch_e2e.sh): a
 * loop that calls a function, described to the PMU model as the Itanium
 * would execute it. Each iteration injects, at the workload's own code
 * addresses, the call into ia64_pmu_btb_callee, its return, and the
 * back edge of ia64_pmu_btb_hot_loop, then one period of user cycles in
 * the loop: every sample's branch stack holds those three branches (of
 * types call, return and loop, for the Itanium 2's branch type filter).
 * With "xfer", each iteration is interrupted at the back edge's bundle
 * (External Interrupt vector) and returns there by an rfi in the
 * vector's second bundle: the Montecito's buffer records both.
 * Usage: btb_workload <iterations> [xfer] (run with the model's
 * free-running mode off).
 */
#include <stdlib.h>
#include <string.h>

#include "ia64_pmu_test.h"

#define CYCLES		10000
#define TK		IA64_PMU_REC_BR_TAKEN
/* External Interrupt ([SDM-2]), and an rfi in its second bundle */
#define VEC_EXTINT	0x3000ULL
#define RFI_IP		(IA64_PMU_MODEL_IVA + VEC_EXTINT + 0x10)

/* Bundle addresses; the Makefile aligns functions to 16 bytes */
#define BUNDLE(p)	((uint64_t)(unsigned long)(p) & ~15ULL)

static struct rec_buf buf;
static int sink;
static int xfer;

/* A taken user branch of type @btype (IA64_PMU_BR_*) */
static void branch(uint64_t ip, int slot, uint64_t target, int btype)
{
	struct ia64_pmu_rec_branch *r = (void *)(buf.data + buf.len);

	rec_branch(&buf, ip, slot, 3, target, TK);
	r->btype = btype;
}

int ia64_pmu_btb_callee(int x)
{
	return x * 3 + 1;
}

int ia64_pmu_btb_hot_loop(long n)
{
	long i;

	for (i = 0; i < n; i++) {
top:
		buf.len = 0;
		branch(BUNDLE(&&call), 0, BUNDLE(ia64_pmu_btb_callee),
		       IA64_PMU_BR_CALL);
		branch(BUNDLE(ia64_pmu_btb_callee), 2, BUNDLE(&&call),
		       IA64_PMU_BR_RET);
		if (xfer) {
			rec_xfer(&buf, IA64_PMU_XFER_INTR, BUNDLE(&&back), 0,
				 3, VEC_EXTINT, 0);
			rec_xfer(&buf, IA64_PMU_XFER_RFI, RFI_IP, 2, 0,
				 BUNDLE(&&back), 0);
		}
		branch(BUNDLE(&&back), 1, BUNDLE(&&top), IA64_PMU_BR_LOOP);
		rec_cycles(&buf, BUNDLE(&&top), CYCLES, 3, IA64_PMU_ISA_IA64,
			   NULL, 0);
		if (sim_inject(&buf))
			return -1;
call:
		sink += ia64_pmu_btb_callee(i);
back:
		;
	}
	return sink;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100;

	xfer = argc > 2 && !strcmp(argv[2], "xfer");

	return ia64_pmu_btb_hot_loop(n) < 0;
}
