// SPDX-License-Identifier: GPL-2.0
/*
 * The Montecito model's MESI filter ([PFM-MONT]: counter PMC bits
 * 27-30, I S E M) on the events that take it, L3_READS and L3_WRITES
 * here: each access that reached L3 counts when the filter selects the
 * state it found its line in (a miss: I; a hit: E, or S/M as the record
 * says), none with a filter of 0 (it selects no state: the driver
 * writes all four bits for every state); an event without the qualifier
 * ignores the bits; a cycles record's listed occurrence names no line
 * and counts with all four. The record format: a line state only on an
 * L3 hit.
 */
#include "model_test.h"

#define MESI(f)		((u64)(f) << 27)
#define F_I		0x1
#define F_S		0x2
#define F_E		0x4
#define F_M		0x8

static void mesi_init(struct ia64_model *m)
{
	ia64_model_init(m, IA64_MODEL_MONTECITO);
	ia64_model_write_pmc(m, 0, 0);
	ia64_model_set_psr(m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
}

static void ctr(struct ia64_model *m, unsigned int idx, unsigned int es,
		unsigned int umask, unsigned int filter)
{
	ia64_model_write_pmc(m, idx, mt_pmc(es, umask, 0xf, 0) |
				     MESI(filter));
	ia64_model_write_pmd(m, idx, 0);
}

/* An access of @op served by @level, with L3 state flag @l3 */
static void mem_access(struct ia64_model *m, unsigned int op,
		   unsigned int level, unsigned int l3)
{
	struct ia64_pmu_rec_mem r;

	mt_mem(&r, 0x4000000000001000ULL, 0x6000000000002000ULL, op, level,
	       IA64_PMU_TLB_L1, 100);
	r.hdr.flags = IA64_PMU_REC_MEM_L3(l3);
	mt_run_all(m, &r);
}

/* One load and one store of each state: E (hit), S, M, I (memory) */
static void each_state(struct ia64_model *m)
{
	static const unsigned int ops[] = {
		IA64_PMU_MEM_LOAD, IA64_PMU_MEM_STORE,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		mem_access(m, ops[i], IA64_PMU_LVL_L3, IA64_PMU_L3_DEFAULT);
		mem_access(m, ops[i], IA64_PMU_LVL_L3, IA64_PMU_L3_S);
		mem_access(m, ops[i], IA64_PMU_LVL_L3, IA64_PMU_L3_M);
		mem_access(m, ops[i], IA64_PMU_LVL_MEM, IA64_PMU_L3_DEFAULT);
		/* served by L2: never an L3 event */
		mem_access(m, ops[i], IA64_PMU_LVL_L2, IA64_PMU_L3_DEFAULT);
	}
}

TEST(mont_mesi_filter_l3_reads_writes)
{
	struct ia64_model m;

	mesi_init(&m);
	/* L3_READS_DATA_READ_ALL (0xdd/0xb) by filter */
	ctr(&m, 4, 0xdd, 0xb, F_M);
	ctr(&m, 5, 0xdd, 0xb, F_I | F_S);
	ctr(&m, 6, 0xdd, 0xb, 0);
	ctr(&m, 7, 0xdd, 0xb, F_I | F_S | F_E | F_M);
	/* L3_READS_DATA_READ_HIT (0x9): the hits, E only */
	ctr(&m, 8, 0xdd, 0x9, F_E);
	/* L3_WRITES_DATA_WRITE_ALL (0xde/0x7): the stores */
	ctr(&m, 9, 0xde, 0x7, F_E | F_M);
	ctr(&m, 10, 0xde, 0x6, F_I);		/* DATA_WRITE_MISS */
	/* L3_REFERENCES (0xdb) takes no MESI filter: the bits do nothing */
	ctr(&m, 11, 0xdb, 0, F_M);
	each_state(&m);
	CHECK_EQ(mt_count(&m, 4), 1);
	CHECK_EQ(mt_count(&m, 5), 2);
	CHECK_EQ(mt_count(&m, 6), 0);
	CHECK_EQ(mt_count(&m, 7), 4);
	CHECK_EQ(mt_count(&m, 8), 1);
	CHECK_EQ(mt_count(&m, 9), 2);
	CHECK_EQ(mt_count(&m, 10), 1);
	CHECK_EQ(mt_count(&m, 11), 8);
}

/* A cycles record's listed L3_READS: no line, only all four states */
TEST(mont_mesi_listed_events_name_no_line)
{
	struct ia64_pmu_rec_event ev = { .code = 0xdd, .umask = 0xf,
					 .inc = 1 };
	struct ia64_model m;
	u8 buf[128];

	mesi_init(&m);
	ctr(&m, 4, 0xdd, 0xf, 0);
	ctr(&m, 5, 0xdd, 0xf, F_I | F_S | F_E | F_M);
	ctr(&m, 6, 0xdd, 0xf, F_S | F_E | F_M);
	mt_cycles(buf, 10, 0, IA64_PMU_ISA_IA64, 1, &ev);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 4), 0);
	CHECK_EQ(mt_count(&m, 5), 10);
	CHECK_EQ(mt_count(&m, 6), 0);
}

/* A line state only for an L3 hit, and only S or M */
TEST(mont_mesi_record_check)
{
	struct ia64_pmu_rec_mem r;
	unsigned int level, l3;
	int want;

	for (level = IA64_PMU_LVL_L1; level <= IA64_PMU_LVL_MEM; level++) {
		for (l3 = 0; l3 < 4; l3++) {
			mt_mem(&r, 0x4000000000001000ULL,
			       0x6000000000002000ULL, IA64_PMU_MEM_LOAD, level,
			       IA64_PMU_TLB_L1, 100);
			r.hdr.flags = IA64_PMU_REC_MEM_L3(l3);
			want = !l3 || (level == IA64_PMU_LVL_L3 &&
				       l3 <= IA64_PMU_L3_M) ?
			       (int)sizeof(r) : -EINVAL;
			CHECK_EQ(ia64_model_check_rec(&r, sizeof(r)), want);
		}
	}
}
