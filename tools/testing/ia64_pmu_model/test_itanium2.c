// SPDX-License-Identifier: GPL-2.0
/*
 * The Itanium 2 description of the model (pmu_model_itanium2.c): its
 * register file, 47-bit counters, PMC4 enable bit, 8-bit event select,
 * thresholds, PAL_PERF_MON_INFO, CPUID and the semantics of its events.
 */
#include "model_test.h"

#define ENABLE		(1ULL << 23)	/* PMC4.enable */
#define W47		(1ULL << 47)

static void ita2_init(struct ia64_model *m)
{
	ia64_model_init(m, IA64_MODEL_ITANIUM2);
	ia64_model_write_pmc(m, 0, 0);
	ia64_model_set_psr(m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
}

/* PMC4-7 with the event, plm 0, threshold @thr; PMC4 keeps enable */
static void ita2_ctr(struct ia64_model *m, unsigned int idx,
		     unsigned int es, unsigned int umask, unsigned int thr,
		     u64 flags)
{
	u64 v = mt_pmc(es, umask, 0x1, flags) | (u64)thr << 20;

	ia64_model_write_pmc(m, idx, idx == 4 ? v | ENABLE : v);
	ia64_model_write_pmd(m, idx, 0);
}

TEST(ita2_reset_state)
{
	struct ia64_model m;

	ia64_model_init(&m, IA64_MODEL_ITANIUM2);
	CHECK_EQ(m.nr_pmc, 16);
	CHECK_EQ(m.nr_pmd, 18);
	/* perfmon_mckinley.h default values */
	CHECK_EQ(ia64_model_read_pmc(&m, 0), 0x1);
	CHECK_EQ(ia64_model_read_pmc(&m, 1), 0);
	CHECK_EQ(ia64_model_read_pmc(&m, 4), 0x800000);
	CHECK_EQ(ia64_model_read_pmc(&m, 5), 0);
	CHECK_EQ(ia64_model_read_pmc(&m, 8), 0xffffffff3fffffffULL);
	CHECK_EQ(ia64_model_read_pmc(&m, 9), 0xffffffff3ffffffcULL);
	CHECK_EQ(ia64_model_read_pmc(&m, 13), 0x00002078fefefefeULL);
	CHECK_EQ(ia64_model_read_pmc(&m, 14), 0x0db60db60db60db6ULL);
	CHECK_EQ(ia64_model_read_pmc(&m, 15), 0xfffffff0ULL);
	/* PMC16 and PMD18 are not implemented */
	ia64_model_write_pmc(&m, 16, ~0ULL);
	CHECK_EQ(ia64_model_read_pmc(&m, 16), 0);
	CHECK_EQ(ia64_model_read_pmd(&m, 18), 0);
	/* The Itanium is unchanged */
	ia64_model_init(&m, IA64_MODEL_ITANIUM);
	CHECK_EQ(m.nr_pmc, 14);
	CHECK_EQ(ia64_model_read_pmc(&m, 13), 0x1);
}

TEST(ita2_implemented_bits)
{
	static const struct {
		unsigned int idx;
		u64 ones, zeros;	/* read after writing ~0, 0 */
	} t[] = {
		{ 0, 0xf1, 0 },
		{ 1, 0, 0 },
		{ 3, 0, 0 },
		{ 4, 0x03ffff7f, 0 },
		{ 5, 0x037fff7f, 0 },	/* no enable bit */
		{ 7, 0x037fff7f, 0 },
		/* bit 2 reserved, reads 1; 31:30 reserved, read 0 */
		{ 8, 0xffffffff3fffffffULL, 0x4 },
		{ 9, 0xffffffff3fffffffULL, 0x4 },
		{ 10, 0xffff, 0 },
		{ 11, 0x30f01cf, 0 },
		{ 12, 0xffff, 0 },
		/* reserved fields keep their power-up values */
		{ 13, 0x00002078fefefefeULL | 0x1e00018181818ULL,
		  0x00002078fefefefeULL & ~0x1e00018181818ULL },
		{ 14, 0x0db60db60db60db6ULL | 0x2492,
		  0x0db60db60db60db6ULL & ~0x2492ULL },
		{ 15, 0xffffffffULL, 0xfffffff0ULL },
	};
	struct ia64_model m;
	unsigned int i;

	ita2_init(&m);
	for (i = 0; i < ARRAY_SIZE(t); i++) {
		ia64_model_write_pmc(&m, t[i].idx, ~0ULL);
		CHECK_EQ(ia64_model_read_pmc(&m, t[i].idx), t[i].ones);
		ia64_model_write_pmc(&m, t[i].idx, 0);
		CHECK_EQ(ia64_model_read_pmc(&m, t[i].idx), t[i].zeros);
	}
	/* PMD4-7: 47 bits, 63:47 read as copies of bit 46 */
	ia64_model_write_pmc(&m, 5, 0x1);
	ia64_model_write_pmd(&m, 5, ~0ULL);
	CHECK_EQ(m.pmd[5], W47 - 1);
	CHECK_EQ(ia64_model_read_pmd(&m, 5), ~0ULL);
	ia64_model_write_pmd(&m, 5, (1ULL << 46) - 1);
	CHECK_EQ(ia64_model_read_pmd(&m, 5), (1ULL << 46) - 1);
	ia64_model_write_pmd(&m, 5, 1ULL << 46);
	CHECK_EQ(ia64_model_read_pmd(&m, 5), ~0ULL << 46);
	/* PMD2, the D-EAR's data address, stores all 64 bits (frozen) */
	ia64_model_write_pmc(&m, 11, 0x1);
	ia64_model_write_pmd(&m, 2, 0x123456789abcdef0ULL);
	ia64_model_write_pmc(&m, 0, IA64_MODEL_PMC0_FR);
	CHECK_EQ(ia64_model_read_pmd(&m, 2), 0x123456789abcdef0ULL);
}

TEST(ita2_pal_cpuid)
{
	struct ia64_model m;
	u64 buf[16], info, id;

	ia64_model_init(&m, IA64_MODEL_ITANIUM2);
	CHECK_EQ(ia64_model_pal_perf_mon_info(&m, buf, &info), 0);
	CHECK_EQ(info & 0xff, 4);		/* generic pairs */
	CHECK_EQ((info >> 8) & 0xff, 47);	/* width */
	CHECK_EQ((info >> 16) & 0xff, 0x12);	/* CPU_CYCLES */
	CHECK_EQ((info >> 24) & 0xff, 0x08);	/* IA64_INST_RETIRED */
	CHECK_EQ(buf[0], 0xffff);		/* PMC0-15 */
	CHECK_EQ(buf[4], 0x3ffff);		/* PMD0-17 */
	CHECK_EQ(buf[8], 0xf0);
	CHECK_EQ(buf[12], 0xf0);
	CHECK_EQ(buf[1] | buf[5] | buf[9] | buf[13], 0);
	id = ia64_model_cpuid3(&m);
	CHECK_EQ((id >> 24) & 0xff, 0x1f);	/* family */
	CHECK_EQ((id >> 16) & 0xff, 0x01);	/* model: a Madison */
	CHECK_EQ(id & 0xff, 4);
	ia64_model_init(&m, IA64_MODEL_ITANIUM);
	CHECK_EQ((ia64_model_cpuid3(&m) >> 24) & 0xff, 0x07);
}

TEST(ita2_cycles_47bit_overflow)
{
	struct ia64_model m;
	u64 rec[8], progress = 0;

	ita2_init(&m);
	ita2_ctr(&m, 4, 0x12, 0, 0, 0);
	/* PMD5: 10 cycles from the carry-out, interrupting */
	ita2_ctr(&m, 5, 0x12, 0, 0, IA64_MODEL_PMC_OI);
	ia64_model_write_pmd(&m, 5, W47 - 10);
	/* PMD6: 3 cycles from it, not interrupting */
	ita2_ctr(&m, 6, 0x12, 0, 0, 0);
	ia64_model_write_pmd(&m, 6, W47 - 3);
	mt_cycles(rec, 100, 0, IA64_PMU_ISA_IA64, 0, NULL);
	CHECK_EQ(ia64_model_check_rec_cpu(IA64_MODEL_ITANIUM2, rec, 40), 40);
	/* the overflow freezes in its cycle: exactly 10 cycles run */
	CHECK_EQ(ia64_model_run(&m, rec, &progress), 1);
	CHECK_EQ(progress, 10);
	CHECK_EQ(ia64_model_read_pmd(&m, 4), 10);
	CHECK_EQ(ia64_model_read_pmd(&m, 5), 0);
	CHECK_EQ(ia64_model_read_pmd(&m, 6), 7);
	CHECK_EQ(ia64_model_read_pmc(&m, 0), 0x60 | IA64_MODEL_PMC0_FR);
	CHECK(ia64_model_irq_pending(&m));
	/* not at 2^32 as the Itanium's */
	ita2_init(&m);
	ita2_ctr(&m, 4, 0x12, 0, 0, IA64_MODEL_PMC_OI);
	ia64_model_write_pmd(&m, 4, (1ULL << 32) - 1);
	mt_cycles(rec, 5, 0, IA64_PMU_ISA_IA64, 0, NULL);
	mt_run_all(&m, rec);
	CHECK_EQ(ia64_model_read_pmd(&m, 4), (1ULL << 32) + 4);
	CHECK_EQ(ia64_model_read_pmc(&m, 0), 0);
	CHECK(!ia64_model_irq_pending(&m));
}

TEST(ita2_pmc4_enable)
{
	struct ia64_model m;
	u64 rec[8];

	ita2_init(&m);
	ita2_ctr(&m, 5, 0x12, 0, 0, 0);
	ita2_ctr(&m, 7, 0x12, 0, 0, 0);
	/* PMC4 with enable 0: no counter counts */
	ia64_model_write_pmc(&m, 4, mt_pmc(0x12, 0, 0x1, 0));
	ia64_model_write_pmd(&m, 4, 0);
	mt_cycles(rec, 20, 0, IA64_PMU_ISA_IA64, 0, NULL);
	mt_run_all(&m, rec);
	CHECK_EQ(ia64_model_read_pmd(&m, 4), 0);
	CHECK_EQ(ia64_model_read_pmd(&m, 5), 0);
	CHECK_EQ(ia64_model_read_pmd(&m, 7), 0);
	/* enabled, with PMC4 itself not monitoring (plm 0): they count */
	ia64_model_write_pmc(&m, 4, ENABLE);
	mt_run_all(&m, rec);
	CHECK_EQ(ia64_model_read_pmd(&m, 5), 20);
	CHECK_EQ(ia64_model_read_pmd(&m, 7), 20);
	/* bit 23 of PMC5-7 enables nothing: it is not implemented there */
	ia64_model_write_pmc(&m, 5, mt_pmc(0x12, 0, 0x1, 0) | ENABLE);
	CHECK_EQ(ia64_model_read_pmc(&m, 5) & ENABLE, 0);
}

TEST(ita2_es_8bit)
{
	struct ia64_model m;
	struct ia64_pmu_rec_event ev = { .code = 0xca, .inc = 1 };
	u64 rec[8];

	ita2_init(&m);
	/* BE_L1D_FPU_BUBBLE_ALL, es 0xca: no semantics, listed */
	ita2_ctr(&m, 4, 0xca, 0, 0, 0);
	/* the Itanium's 7-bit es would select 0x4a */
	ita2_ctr(&m, 5, 0x4a, 0, 0, 0);
	CHECK_EQ((ia64_model_read_pmc(&m, 4) >> 8) & 0xff, 0xca);
	mt_cycles(rec, 30, 0, IA64_PMU_ISA_IA64, 1, &ev);
	/* an Itanium record may not name it */
	CHECK(ia64_model_check_rec(rec, sizeof(rec)) < 0);
	mt_run_all(&m, rec);
	CHECK_EQ(ia64_model_read_pmd(&m, 4), 30);
	CHECK_EQ(ia64_model_read_pmd(&m, 5), 0);
	/* LOADS_RETIRED, es 0xcd, counts loads */
	ita2_ctr(&m, 6, 0xcd, 0, 0, 0);
	mt_mem(rec, 0x4000000000002000ULL, 0x6000000000000000ULL,
	       IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L1, IA64_PMU_TLB_L1, 1);
	mt_run_all(&m, rec);
	CHECK_EQ(ia64_model_read_pmd(&m, 6), 1);
}

TEST(ita2_threshold_all_counters)
{
	struct ia64_model m;
	/* IA64_INST_RETIRED, 5 per cycle */
	struct ia64_pmu_rec_event ev = { .code = 0x08, .inc = 5 };
	u64 rec[8];

	ita2_init(&m);
	ita2_ctr(&m, 4, 0x12, 0, 0, 0);
	ita2_ctr(&m, 5, 0x08, 0, 0, 0);
	/* threshold 4 (bit 22): 3 bits on PMC6/7 too */
	ita2_ctr(&m, 6, 0x08, 0, 4, 0);
	ita2_ctr(&m, 7, 0x08, 0, 6, 0);
	CHECK_EQ((ia64_model_read_pmc(&m, 6) >> 20) & 7, 4);
	CHECK_EQ((ia64_model_read_pmc(&m, 7) >> 20) & 7, 6);
	mt_cycles(rec, 10, 0, IA64_PMU_ISA_IA64, 1, &ev);
	mt_run_all(&m, rec);
	CHECK_EQ(ia64_model_read_pmd(&m, 5), 50);
	CHECK_EQ(ia64_model_read_pmd(&m, 6), 10);	/* 5 > 4 */
	CHECK_EQ(ia64_model_read_pmd(&m, 7), 0);	/* 5 <= 6 */
}

TEST(ita2_event_semantics)
{
	struct ia64_model m;
	struct ia64_pmu_rec_branch *br;
	u64 rec[16];

	ita2_init(&m);
	ita2_ctr(&m, 4, 0x08, 0, 0, 0);	/* IA64_INST_RETIRED */
	ita2_ctr(&m, 5, 0x08, 1, 0, 0);	/* ..._TAGGED_IBRP1_PMC9 */
	ita2_ctr(&m, 6, 0x50, 0, 0, 0);	/* NOPS_RETIRED */
	ita2_ctr(&m, 7, 0x59, 0, 0, 0);	/* IA32_INST_RETIRED */
	mt_inst(rec, 0x4000000000001000ULL, 0, IA64_PMU_ITYPE_I, 0, 7, 0,
		IA64_PMU_ISA_IA64);
	mt_run_all(&m, rec);
	CHECK_EQ(ia64_model_read_pmd(&m, 4), 7);
	CHECK_EQ(ia64_model_read_pmd(&m, 5), 7);
	CHECK_EQ(ia64_model_read_pmd(&m, 6), 0);
	CHECK_EQ(ia64_model_read_pmd(&m, 7), 0);
	mt_inst(rec, 0x1000, 0, 0, 0, 3, 0, IA64_PMU_ISA_IA32);
	mt_run_all(&m, rec);
	CHECK_EQ(ia64_model_read_pmd(&m, 4), 7);
	CHECK_EQ(ia64_model_read_pmd(&m, 7), 3);
	/* PMC8 matching no syllable type: the PMC8 tag drops */
	ia64_model_write_pmc(&m, 8, 0x0fffffff3fffffffULL);
	mt_inst(rec, 0x4000000000001000ULL, 0, IA64_PMU_ITYPE_I, 0, 2, 0,
		IA64_PMU_ISA_IA64);
	mt_run_all(&m, rec);
	CHECK_EQ(ia64_model_read_pmd(&m, 4), 7);
	CHECK_EQ(ia64_model_read_pmd(&m, 5), 9);

	/* memory: STORES_RETIRED, L1D_READ_MISSES_ALL / _RSE_FILL */
	ita2_init(&m);
	ita2_ctr(&m, 4, 0xd1, 0, 0, 0);
	ita2_ctr(&m, 5, 0xc7, 0, 0, 0);
	ita2_ctr(&m, 6, 0xc7, 1, 0, 0);
	ita2_ctr(&m, 7, 0xcd, 0, 0, 0);
	mt_mem(rec, 0x4000000000002000ULL, 0x6000000000000100ULL,
	       IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 5);
	mt_run_all(&m, rec);
	mt_mem(rec, 0x4000000000002000ULL, 0x6000000000000100ULL,
	       IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L1, IA64_PMU_TLB_L1, 1);
	mt_run_all(&m, rec);
	mt_mem(rec, 0x4000000000002000ULL, 0x6000000000000100ULL,
	       IA64_PMU_MEM_STORE, IA64_PMU_LVL_L1, IA64_PMU_TLB_L1, 1);
	mt_run_all(&m, rec);
	CHECK_EQ(ia64_model_read_pmd(&m, 4), 1);
	CHECK_EQ(ia64_model_read_pmd(&m, 5), 1);
	CHECK_EQ(ia64_model_read_pmd(&m, 6), 0);
	CHECK_EQ(ia64_model_read_pmd(&m, 7), 2);

	/* branches: BR_MISPRED_DETAIL by type and outcome */
	ita2_init(&m);
	ita2_ctr(&m, 4, 0x5b, 0x8, 0, 0);	/* RETURN_ALL_PRED */
	ita2_ctr(&m, 5, 0x5b, 0xa, 0, 0);	/* RETURN_WRONG_PATH */
	ita2_ctr(&m, 6, 0x5b, 0x6, 0, 0);	/* IPREL_WRONG_PATH */
	ita2_ctr(&m, 7, 0x5b, 0x1, 0, 0);	/* ALL_CORRECT_PRED */
	mt_branch(rec, 0x4000000000003000ULL, 2, 0x4000000000004000ULL,
		  IA64_PMU_REC_BR_TAKEN | IA64_PMU_REC_BR_MISPRED_PATH, 0);
	br = (struct ia64_pmu_rec_branch *)rec;
	br->btype = IA64_PMU_BR_RET;
	mt_run_all(&m, rec);
	mt_branch(rec, 0x4000000000003000ULL, 2, 0x4000000000004000ULL,
		  IA64_PMU_REC_BR_TAKEN, 0);
	mt_run_all(&m, rec);
	CHECK_EQ(ia64_model_read_pmd(&m, 4), 1);
	CHECK_EQ(ia64_model_read_pmd(&m, 5), 1);
	CHECK_EQ(ia64_model_read_pmd(&m, 6), 0);
	CHECK_EQ(ia64_model_read_pmd(&m, 7), 1);
}

TEST(ita2_event_table)
{
	const struct ia64_model_event *e;

	CHECK_EQ(ia64_model_itanium2_nr_events, 461);
	e = ia64_model_event_lookup(ia64_model_itanium2_events,
				    ia64_model_itanium2_nr_events, 0x08, 0);
	CHECK(e && !strcmp(e->name, "IA64_INST_RETIRED"));
	e = ia64_model_event_lookup_name(ia64_model_itanium2_events,
					 ia64_model_itanium2_nr_events,
					 "CPU_CYCLES");
	CHECK(e && e->code == 0x12 && e->max_inc == 1 && e->pmds == 0xf0);
	e = ia64_model_event_lookup(ia64_model_itanium2_events,
				    ia64_model_itanium2_nr_events, 0xc7, 2);
	CHECK(!e);
	/* the Itanium lookup does not see the Itanium 2 table */
	CHECK(!ia64_model_event_find(0xcd, 0));
}
