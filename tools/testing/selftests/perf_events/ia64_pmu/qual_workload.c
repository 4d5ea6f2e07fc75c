// SPDX-License-Identifier: GPL-2.0
/*
 * Workload of the qualification end-to-end test (perf_qual_e2e.sh). Each
 * iteration, ia64_pmu_qual_hot() describes to the PMU model, at its own
 * address, 8 instructions (4 M, 2 I of encoding QUAL_ENC, 1 F, 1 B; the
 * others encoded 0) and 3 loads from
 * ia64_pmu_qual_array, and ia64_pmu_qual_cold(), at its own address, 4
 * instructions (2 M, 2 B) and 2 loads from ia64_pmu_qual_other. Usage:
 * qual_workload <iterations>, or qual_workload -a (-f) to print the
 * address of ia64_pmu_qual_array (ia64_pmu_qual_hot) (run with the model's
 * free-running mode off).
 */
#include <stdlib.h>

#include "ia64_pmu_test.h"

#define BUNDLE(p)	((uint64_t)(unsigned long)(p) & ~15ULL)

/* a page each, apart: a 4 KiB data range holds exactly one */
uint64_t ia64_pmu_qual_array[512] __aligned(4096) = { 1 };
uint64_t ia64_pmu_qual_other[512] __aligned(4096) = { 1 };
static struct rec_buf buf;

/* Encoding bits 40:0 alternate, 26:13 included: a full opcode match */
#define QUAL_ENC	0x15555555555ULL

static void op_enc(uint64_t ip, int itype, uint64_t enc)
{
	struct ia64_pmu_rec_inst *r = (void *)(buf.data + buf.len);

	memset(r, 0, sizeof(*r));
	r->hdr.type = IA64_PMU_REC_INST;
	r->hdr.size = sizeof(*r);
	rec_ctx(&r->ctx, ip, 1, 3, IA64_PMU_ISA_IA64);
	r->itype = itype;
	r->encoding = enc;
	r->per_cycle = 1;
	buf.len += sizeof(*r);
}

static void op(uint64_t ip, int itype)
{
	op_enc(ip, itype, 0);
}

static void load(uint64_t ip, uint64_t *p)
{
	rec_mem(&buf, ip, 0, 3, (uint64_t)(unsigned long)p,
		IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L1, IA64_PMU_TLB_L1, 2);
}

/*
 * 256-byte aligned, under 256 bytes (not inlined: -fno-inline): an
 * over-cover stays inside
 */
__aligned(256) int ia64_pmu_qual_hot(long i)
{
	uint64_t ip;
	int k;

here:
	ip = BUNDLE(&&here);
	buf.len = 0;
	for (k = 0; k < 4; k++)
		op(ip, IA64_PMU_ITYPE_M);
	op_enc(ip, IA64_PMU_ITYPE_I, QUAL_ENC);
	op_enc(ip, IA64_PMU_ITYPE_I, QUAL_ENC);
	op(ip, IA64_PMU_ITYPE_F);
	op(ip, IA64_PMU_ITYPE_B);
	for (k = 0; k < 3; k++)
		load(ip, &ia64_pmu_qual_array[(i * 3 + k) % 512]);
	return sim_inject(&buf);
}

__aligned(256) int ia64_pmu_qual_cold(long i)
{
	uint64_t ip;

here:
	ip = BUNDLE(&&here);
	buf.len = 0;
	op(ip, IA64_PMU_ITYPE_M);
	op(ip, IA64_PMU_ITYPE_M);
	op(ip, IA64_PMU_ITYPE_B);
	op(ip, IA64_PMU_ITYPE_B);
	load(ip, &ia64_pmu_qual_other[i % 512]);
	load(ip, &ia64_pmu_qual_other[(i + 7) % 512]);
	return sim_inject(&buf);
}

int main(int argc, char **argv)
{
	long n, i;

	if (argc > 1 && !strcmp(argv[1], "-a")) {
		printf("%#lx\n", (unsigned long)ia64_pmu_qual_array);
		return 0;
	}
	/* the hot function's address (a static binary: the same each run) */
	if (argc > 1 && !strcmp(argv[1], "-f")) {
		printf("%#lx\n", (unsigned long)ia64_pmu_qual_hot);
		return 0;
	}
	n = argc > 1 ? atol(argv[1]) : 100;
	for (i = 0; i < n; i++)
		if (ia64_pmu_qual_hot(i) || ia64_pmu_qual_cold(i))
			return 1;
	return 0;
}
