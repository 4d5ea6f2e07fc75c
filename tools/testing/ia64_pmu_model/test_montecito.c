// SPDX-License-Identifier: GPL-2.0
/*
 * The Montecito CPU model (pmu_model_montecito.c), counting only: reset
 * state and implemented bits of the counter PMCs (ism fixed at 2) and of
 * PMC32-42, the register file's gaps (PMD37), PAL_PERF_MON_INFO and
 * CPUID[3], exact counting on all twelve counters, overflow and freeze
 * on PMD15, plm = 0, the counter masks of CPU_OP_CYCLES_HALTED (PMC10)
 * and the BUS_ events (PMC4-9), thresholds above PMC7, the checking of
 * cycles records against the Montecito table and the free-running mix.
 */
#include "model_test.h"

#define MONT		IA64_MODEL_MONTECITO
#define CTR_BITS	0x7c7fff7fULL
#define CTR_RESET	0x2000000ULL
#define CTR_MASK	((1ULL << 47) - 1)
#define ISM_SHIFT	24

/* A Montecito model: PMC0 cleared, PSR.up and PSR.pp set, cpl 0 */
static void mont_init(struct ia64_model *m)
{
	ia64_model_init(m, MONT);
	ia64_model_write_pmc(m, 0, 0);
	ia64_model_set_psr(m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
}

/* Counter @idx counting @es/@umask at every level, threshold @thr, at 0 */
static void mont_ctr(struct ia64_model *m, unsigned int idx, unsigned int es,
		     unsigned int umask, unsigned int thr, u64 flags)
{
	ia64_model_write_pmc(m, idx, mt_pmc(es, umask, 0xf, flags) |
				     (u64)thr << IA64_MODEL_PMC_THRES_SHIFT);
	ia64_model_write_pmd(m, idx, 0);
}

static struct ia64_pmu_rec_event mev(unsigned int code, unsigned int umask,
				     unsigned int inc)
{
	struct ia64_pmu_rec_event e = { .code = code, .umask = umask,
					.inc = inc };

	return e;
}

/* A counter's PMD as read: bits 63:47 copies of bit 46 */
static u64 sxt47(u64 v)
{
	v &= CTR_MASK;
	return v & (1ULL << 46) ? v | ~CTR_MASK : v;
}

static const struct {
	unsigned int idx;
	u64 bits, reset;
} pmc_hi[] = {
	{ 32, 0x030f01ffffffffffULL, 0x030f01ffffffffffULL },
	{ 33, 0x1ffffffffffULL, 0 },
	{ 34, 0xf01ffffffffffULL, 0xf01ffffffffffULL },
	{ 35, 0x1ffffffffffULL, 0 },
	{ 36, 0xf, 0xfffffff0ULL },
	{ 37, 0x3fff, 0 },
	{ 38, 0x2492, 0xdb6 },
	{ 39, 0xffcf, 0 },
	{ 40, 0xf01cf, 0x2000000 },
	{ 41, 0x1e00018181818ULL, 0x2078fefefefeULL },
	{ 42, 0x7ff4f, 0 },
};

/* Implemented PMDs: 4-15, 32-36, 38-39, 48-63 */
static bool pmd_impl(unsigned int i)
{
	return (i >= 4 && i <= 15) || (i >= 32 && i <= 36) || i == 38 ||
	       i == 39 || i >= 48;
}

TEST(mont_name_pal_cpuid)
{
	struct ia64_model m;
	u64 buf[16], info;
	unsigned int i;

	ia64_model_init(&m, MONT);
	CHECK(!strcmp(ia64_model_cpu_name(MONT), "montecito"));
	CHECK_EQ(ia64_model_pal_perf_mon_info(&m, buf, &info), 0);
	/* 12 pairs, 47 bits, CPU_OP_CYCLES_ALL, IA64_INST_RETIRED */
	CHECK_EQ(info, 12 | 47 << 8 | 0x12 << 16 | 0x08ULL << 24);
	CHECK_EQ(buf[0], 0xffffULL | 0x7ffULL << 32);
	CHECK_EQ(buf[4], 0xfff0ULL | 0x1fULL << 32 | 0x3ULL << 38 |
			 0xffffULL << 48);
	CHECK(!(buf[4] & 1ULL << 37));
	CHECK_EQ(buf[8], 0xfff0);
	CHECK_EQ(buf[12], 0xfff0);
	for (i = 0; i < 16; i++)
		if (i != 0 && i != 4 && i != 8 && i != 12)
			CHECK_EQ(buf[i], 0);
	/* family 0x20, model 0, revision 7, number 4 */
	CHECK_EQ(ia64_model_cpuid3(&m), 0x20000704ULL);
	CHECK_EQ(ia64_model_cpu_cpuid3(MONT), 0x20000704ULL);
	CHECK_EQ((ia64_model_cpuid3(&m) >> 24) & 0xff, 0x20);
}

TEST(mont_reset_state)
{
	struct ia64_model m;
	unsigned int i;

	ia64_model_init(&m, MONT);
	CHECK_EQ(m.nr_ctr, 12);
	CHECK_EQ(ia64_model_read_pmc(&m, 0), IA64_MODEL_PMC0_FR);
	for (i = 1; i < 4; i++)
		CHECK_EQ(ia64_model_read_pmc(&m, i), 0);
	for (i = 4; i < 16; i++)
		CHECK_EQ(ia64_model_read_pmc(&m, i), CTR_RESET);
	for (i = 16; i < 32; i++)
		CHECK_EQ(ia64_model_read_pmc(&m, i), 0);
	for (i = 0; i < ARRAY_SIZE(pmc_hi); i++)
		CHECK_EQ(ia64_model_read_pmc(&m, pmc_hi[i].idx),
			 pmc_hi[i].reset);
	for (i = 43; i < 70; i++)
		CHECK_EQ(ia64_model_read_pmc(&m, i), 0);
	/* counters: undefined within 47 bits, sign-extended */
	for (i = 4; i < 16; i++)
		CHECK_EQ(ia64_model_read_pmd(&m, i), sxt47(IA64_MODEL_UNDEF));
	for (i = 48; i < 64; i++)
		CHECK_EQ(ia64_model_read_pmd(&m, i), IA64_MODEL_UNDEF);
	CHECK_EQ(ia64_model_read_pmd(&m, 32), IA64_MODEL_UNDEF);
	CHECK_EQ(ia64_model_read_pmd(&m, 38), IA64_MODEL_UNDEF & 0x2f);
}

/* PMC4-15: writable 0x7c7fff7f, ism stays 2 whatever is written */
TEST(mont_counter_pmc_bits)
{
	static const u64 vals[] = {
		0, ~0ULL, 0x3ULL << ISM_SHIFT, 0x1ULL << ISM_SHIFT,
		0x00800000, 0xffffffff00000000ULL, 0x5a5a5a5a5a5a5a5aULL,
		0x7c7fff7f,
	};
	struct ia64_model m;
	unsigned int i, j;

	ia64_model_init(&m, MONT);
	for (i = 4; i < 16; i++) {
		for (j = 0; j < ARRAY_SIZE(vals); j++) {
			ia64_model_write_pmc(&m, i, vals[j]);
			CHECK_EQ(ia64_model_read_pmc(&m, i),
				 (vals[j] & CTR_BITS) | CTR_RESET);
			CHECK_EQ((ia64_model_read_pmc(&m, i) >> ISM_SHIFT) & 3,
				 2);
		}
		/* no counter enable bit 23, bit 7 ignored, 31 up reserved */
		ia64_model_write_pmc(&m, i, 1ULL << 23 | 1ULL << 7 |
					    1ULL << 31);
		CHECK_EQ(ia64_model_read_pmc(&m, i), CTR_RESET);
		/* all (26) and MESI (30:27) read back */
		ia64_model_write_pmc(&m, i, 0x1fULL << 26);
		CHECK_EQ(ia64_model_read_pmc(&m, i),
			 0x1fULL << 26 | CTR_RESET);
	}
	/* PMC0: fr and the twelve overflow bits; PMC1-3 read 0 */
	ia64_model_write_pmc(&m, 0, ~0ULL);
	CHECK_EQ(ia64_model_read_pmc(&m, 0), 0xfff1);
	for (i = 1; i < 4; i++) {
		ia64_model_write_pmc(&m, i, ~0ULL);
		CHECK_EQ(ia64_model_read_pmc(&m, i), 0);
	}
}

/* PMC32-42: the kernel's writable bits; other bits keep their default */
TEST(mont_pmc32_42_bits)
{
	struct ia64_model m;
	unsigned int i, r;

	ia64_model_init(&m, MONT);
	for (i = 0; i < ARRAY_SIZE(pmc_hi); i++) {
		r = pmc_hi[i].idx;
		ia64_model_write_pmc(&m, r, 0);
		CHECK_EQ(ia64_model_read_pmc(&m, r),
			 pmc_hi[i].reset & ~pmc_hi[i].bits);
		ia64_model_write_pmc(&m, r, ~0ULL);
		CHECK_EQ(ia64_model_read_pmc(&m, r),
			 pmc_hi[i].bits | pmc_hi[i].reset);
		CHECK_EQ(m.stats.pmc_writes_by_reg[r], 2);
	}
	/* PMC40.ism cannot be written; PMC36 31:4 stay set */
	ia64_model_write_pmc(&m, 40, 0);
	CHECK_EQ(ia64_model_read_pmc(&m, 40), 0x2000000);
	ia64_model_write_pmc(&m, 36, 0);
	CHECK_EQ(ia64_model_read_pmc(&m, 36), 0xfffffff0ULL);
	/* the gaps: PMC16-31 and 43 up do not exist, no count of writes */
	for (i = 16; i < 32; i++) {
		ia64_model_write_pmc(&m, i, ~0ULL);
		CHECK_EQ(ia64_model_read_pmc(&m, i), 0);
		CHECK_EQ(m.stats.pmc_writes_by_reg[i], 0);
	}
	for (i = 43; i < IA64_MODEL_MAX_PMC; i++) {
		ia64_model_write_pmc(&m, i, ~0ULL);
		CHECK_EQ(m.stats.pmc_writes_by_reg[i], 0);
	}
}

/* PMD37 (and the other gaps) are not implemented; the others' bits */
TEST(mont_pmd_file)
{
	static const struct {
		unsigned int idx;
		u64 bits;
	} t[] = {
		{ 32, ~0ULL }, { 33, 0xffff }, { 34, ~0x1cULL },
		{ 35, 0x1fff }, { 36, ~0ULL }, { 38, 0x2f }, { 39, ~0ULL },
		{ 48, ~0ULL }, { 63, ~0ULL },
	};
	struct ia64_model m;
	unsigned int i;

	mont_init(&m);
	/*
	 * the ETB's and the EARs' PMDs keep what is written while PMC39,
	 * PMC37 and PMC40 have plm != 0
	 */
	ia64_model_write_pmc(&m, 39, 0x1);
	ia64_model_write_pmc(&m, 37, 0x1);
	ia64_model_write_pmc(&m, 40, 0x1);
	for (i = 0; i < 70; i++) {
		ia64_model_write_pmd(&m, i, 0x123456789abcdef0ULL);
		if (!pmd_impl(i))
			CHECK_EQ(mt_read_frozen(&m, i), 0);
	}
	CHECK_EQ(mt_read_frozen(&m, 37), 0);
	for (i = 0; i < ARRAY_SIZE(t); i++) {
		ia64_model_write_pmd(&m, t[i].idx, ~0ULL);
		CHECK_EQ(mt_read_frozen(&m, t[i].idx), t[i].bits);
	}
	/* a counter: 47 bits, 63:47 copies of bit 46 */
	mont_ctr(&m, 9, 0x12, 0, 0, 0);
	ia64_model_write_pmd(&m, 9, 1ULL << 46);
	CHECK_EQ(ia64_model_read_pmd(&m, 9), ~0ULL << 46);
	ia64_model_write_pmd(&m, 9, ~0ULL >> 18);
	CHECK_EQ(ia64_model_read_pmd(&m, 9), (1ULL << 46) - 1);
	/*
	 * PMD48-63 are the ETB's, PMC39's, not PMC12's: PMC12 with plm 0
	 * leaves PMD48 alone, pm on PMC12 does not hide it at cpl 3, pm on
	 * PMC39 does, and so does PSR.sp. PMD32 is the D-EAR's, PMC40's,
	 * not PMC10's.
	 */
	ia64_model_write_pmd(&m, 48, 0x1234);
	ia64_model_write_pmd(&m, 32, 0x4321);
	ia64_model_write_pmc(&m, 12, mt_pmc(0x12, 0, 0, IA64_MODEL_PMC_PM));
	ia64_model_write_pmc(&m, 10, mt_pmc(0x12, 0, 0, IA64_MODEL_PMC_PM));
	CHECK_EQ(mt_read_frozen(&m, 48), 0x1234);
	CHECK_EQ(mt_read_frozen(&m, 32), 0x4321);
	ia64_model_write_pmd(&m, 48, 0x5678);
	ia64_model_set_psr(&m, IA64_MODEL_PSR_UP | 3ULL << 32);
	CHECK_EQ(mt_read_frozen(&m, 48), 0x5678);
	ia64_model_write_pmc(&m, 39, 0x1 | IA64_MODEL_PMC_PM);
	CHECK_EQ(mt_read_frozen(&m, 48), 0);
	ia64_model_write_pmc(&m, 39, 0x1);
	CHECK_EQ(mt_read_frozen(&m, 48), 0x5678);
	CHECK_EQ(mt_read_frozen(&m, 32), 0x4321);
	ia64_model_write_pmc(&m, 40, 0x1 | IA64_MODEL_PMC_PM);
	CHECK_EQ(mt_read_frozen(&m, 32), 0);
	ia64_model_write_pmc(&m, 40, 0x1);
	ia64_model_set_psr(&m, IA64_MODEL_PSR_SP | 3ULL << 32);
	CHECK_EQ(mt_read_frozen(&m, 48), 0);
	CHECK_EQ(mt_read_frozen(&m, 32), 0);
}

/*
 * All twelve counters at once: cycles, retired instructions (each IBR
 * pair umask counts all of them), loads, stores, data references,
 * listed events, L3 and L2D misses
 */
TEST(mont_count_12_counters)
{
	static const struct {
		unsigned int es, umask;
		u64 want;
	} c[12] = {
		[0] = { 0x12, 0, 100 },		/* CPU_OP_CYCLES_ALL */
		[1] = { 0x12, 1, 100 },		/* .QUAL, no matcher yet */
		[2] = { 0x08, 0, 2 * 7 },	/* IA64_INST_RETIRED */
		[3] = { 0x08, 1, 2 * 7 },	/* tagged IBRP1 */
		[4] = { 0x08, 3, 2 * 7 },	/* tagged IBRP3 */
		[5] = { 0xcd, 0, 1 },		/* LOADS_RETIRED */
		[6] = { 0xd1, 0, 1 },		/* STORES_RETIRED */
		[7] = { 0xc3, 0, 2 },		/* DATA_REFERENCES_SET0 */
		[8] = { 0x02, 0, 100 },		/* BE_EXE_BUBBLE_ALL, listed */
		[9] = { 0x02, 1, 0 },		/* .GRALL, not listed */
		[10] = { 0xdc, 0, 2 },		/* L3_MISSES: load + fetch */
		[11] = { 0xcb, 0, 1 },		/* L2D_MISSES: data only */
	};
	struct ia64_pmu_rec_event ev[2];
	u64 rec[16];
	struct ia64_model m;
	unsigned int i;

	mont_init(&m);
	for (i = 0; i < 12; i++)
		mont_ctr(&m, 4 + i, c[i].es, c[i].umask, 0, 0);
	ev[0] = mev(0x02, 0, 1);
	ev[1] = mev(0x58, 0x3, 2);	/* ALAT_CAPACITY_MISS_ALL */
	mt_run_all(&m, (mt_cycles(rec, 100, 0, IA64_PMU_ISA_IA64, 2, ev),
			rec));
	/* 7 cycles retiring 2 IA-64 instructions each */
	mt_inst(rec, 0x4000000000000000ULL, 0, IA64_PMU_ITYPE_I, 0, 7, 0,
		IA64_PMU_ISA_IA64);
	((struct ia64_pmu_rec_inst *)rec)->per_cycle = 2;
	mt_run_all(&m, rec);
	/* ism = 2: IA-32 code counts nothing */
	mt_inst(rec, 0x1000, 0, 0, 0, 3, 0, IA64_PMU_ISA_IA32);
	mt_run_all(&m, rec);
	mt_run_all(&m, (mt_mem(rec, 0x4000000000000010ULL,
			       0x6000000000001000ULL, IA64_PMU_MEM_LOAD,
			       IA64_PMU_LVL_MEM, IA64_PMU_TLB_L1, 200), rec));
	mt_run_all(&m, (mt_mem(rec, 0x4000000000000020ULL,
			       0x6000000000002000ULL, IA64_PMU_MEM_STORE,
			       IA64_PMU_LVL_L1, IA64_PMU_TLB_L1, 1), rec));
	mt_run_all(&m, (mt_fetch(rec, 0x4000000000000040ULL, IA64_PMU_LVL_MEM,
				 IA64_PMU_TLB_L1, 200), rec));
	for (i = 0; i < 12; i++)
		CHECK_EQ(ia64_model_read_pmd(&m, 4 + i), c[i].want);
	CHECK_EQ(ia64_model_read_pmc(&m, 0), 0);
	CHECK(!ia64_model_irq_pending(&m));
}

/* The Itanium 2's other common events under the same Montecito codes */
TEST(mont_count_common_events)
{
	static const struct {
		unsigned int es, umask;
		u64 want;
	} c[] = {
		{ 0x50, 0, 3 },		/* NOPS_RETIRED */
		{ 0x51, 0, 0 },		/* PREDICATE_SQUASHED_RETIRED */
		{ 0xcf, 0, 1 },		/* UC_LOADS_RETIRED */
		{ 0xd0, 0, 0 },		/* UC_STORES_RETIRED */
		{ 0xce, 0, 1 },		/* MISALIGNED_LOADS_RETIRED */
		{ 0xd2, 0, 0 },		/* MISALIGNED_STORES_RETIRED */
		{ 0xc5, 0, 1 },		/* DATA_REFERENCES_SET1 */
		{ 0xdb, 0, 1 },		/* L3_REFERENCES: the fetch */
		{ 0x5b, 0x0, 1 },	/* BR_MISPRED_DETAIL.ALL.ALL_PRED */
		{ 0x5b, 0x2, 1 },	/* .ALL.WRONG_PATH */
		{ 0x5b, 0x1, 0 },	/* .ALL.CORRECT_PRED */
		{ 0x5b, 0x8, 0 },	/* .RETURN.ALL_PRED */
	};
	struct ia64_pmu_rec_mem *mem;
	u64 rec[16];
	struct ia64_model m;
	unsigned int i;

	mont_init(&m);
	for (i = 0; i < ARRAY_SIZE(c); i++)
		mont_ctr(&m, 4 + i, c[i].es, c[i].umask, 0, 0);
	mt_inst(rec, 0x4000000000000000ULL, 0, IA64_PMU_ITYPE_I, 0, 3, 0,
		IA64_PMU_ISA_IA64);
	((struct ia64_pmu_rec_inst *)rec)->hdr.flags = IA64_PMU_REC_INST_NOP;
	mt_run_all(&m, rec);
	mt_mem(rec, 0x4000000000000010ULL, 0x6000000000001004ULL,
	       IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L1, IA64_PMU_TLB_L1, 1);
	mem = (struct ia64_pmu_rec_mem *)rec;
	mem->hdr.flags = IA64_PMU_REC_MEM_UC;
	mt_run_all(&m, rec);
	mt_run_all(&m, (mt_fetch(rec, 0x4000000000000040ULL, IA64_PMU_LVL_L3,
				 IA64_PMU_TLB_L1, 20), rec));
	mt_branch(rec, 0x4000000000000080ULL, 2, 0x4000000000000200ULL,
		  IA64_PMU_REC_BR_TAKEN | IA64_PMU_REC_BR_MISPRED_PATH, 0);
	mt_run_all(&m, rec);
	for (i = 0; i < ARRAY_SIZE(c); i++)
		CHECK_EQ(ia64_model_read_pmd(&m, 4 + i), c[i].want);
}

/* The overflow of PMD15 sets PMC0 bit 15; with oi it freezes */
TEST(mont_overflow_pmd15)
{
	struct ia64_model m;
	u64 rec[8], progress = 0;
	unsigned int i;

	mont_init(&m);
	for (i = 4; i < 14; i++)
		mont_ctr(&m, i, 0x12, 0, 0, 0);
	mont_ctr(&m, 14, 0x12, 0, 0, 0);
	ia64_model_write_pmd(&m, 14, CTR_MASK - 2);
	mont_ctr(&m, 15, 0x12, 0, 0, IA64_MODEL_PMC_OI);
	ia64_model_write_pmd(&m, 15, CTR_MASK - 9);
	mt_cycles(rec, 100, 0, IA64_PMU_ISA_IA64, 0, NULL);
	CHECK_EQ(ia64_model_check_rec_cpu(MONT, rec, 40), 40);
	CHECK_EQ(ia64_model_run(&m, rec, &progress), 1);
	CHECK_EQ(progress, 10);
	CHECK_EQ(ia64_model_read_pmc(&m, 0),
		 IA64_MODEL_PMC0_FR | 1ULL << 15 | 1ULL << 14);
	CHECK(ia64_model_irq_pending(&m));
	CHECK_EQ(ia64_model_read_pmd(&m, 15), 0);
	CHECK_EQ(ia64_model_read_pmd(&m, 14), 7);
	CHECK_EQ(ia64_model_read_pmd(&m, 4), 10);
	/* frozen: the rest of the record counts nothing */
	CHECK_EQ(ia64_model_run(&m, rec, &progress), 0);
	CHECK_EQ(ia64_model_read_pmd(&m, 4), 10);
	ia64_model_irq_ack(&m);
	CHECK(!ia64_model_irq_pending(&m));
}

/*
 * plm = 0 is the only way to stop a counter (ism = 0b11 cannot be
 * written), and it leaves the PMD undefined
 */
TEST(mont_plm0_stops_and_clobbers)
{
	struct ia64_model m;
	u64 rec[8];

	mont_init(&m);
	/* ism 0b11 written: ignored, the counter still counts */
	mont_ctr(&m, 13, 0x12, 0, 0, 3ULL << ISM_SHIFT);
	mt_run_all(&m, (mt_cycles(rec, 50, 0, IA64_PMU_ISA_IA64, 0, NULL),
			rec));
	CHECK_EQ(ia64_model_read_pmd(&m, 13), 50);
	/* plm 0: the PMD becomes undefined and nothing counts */
	ia64_model_write_pmc(&m, 13, mt_pmc(0x12, 0, 0, 0));
	CHECK_EQ(ia64_model_read_pmd(&m, 13), sxt47(IA64_MODEL_UNDEF));
	ia64_model_write_pmd(&m, 13, 0);
	CHECK_EQ(ia64_model_read_pmd(&m, 13), sxt47(IA64_MODEL_UNDEF));
	mt_run_all(&m, rec);
	CHECK_EQ(ia64_model_read_pmd(&m, 13), sxt47(IA64_MODEL_UNDEF));
	/* plm selects levels: cpl 3 only counts no cpl 0 cycle */
	ia64_model_write_pmc(&m, 13, mt_pmc(0x12, 0, 0x8, 0));
	ia64_model_write_pmd(&m, 13, 0);
	mt_run_all(&m, rec);
	CHECK_EQ(ia64_model_read_pmd(&m, 13), 0);
	mt_run_all(&m, (mt_cycles(rec, 20, 3, IA64_PMU_ISA_IA64, 0, NULL),
			rec));
	CHECK_EQ(ia64_model_read_pmd(&m, 13), 20);
}

/* CPU_OP_CYCLES_HALTED: PMC10 only, only what cycles records list */
TEST(mont_halted_pmc10_only)
{
	struct ia64_pmu_rec_event ev = mev(0x18, 0, 7);
	struct ia64_model m;
	u64 rec[8];
	unsigned int i;

	mont_init(&m);
	for (i = 4; i < 16; i++)
		mont_ctr(&m, i, 0x18, 0, 0, 0);
	mt_run_all(&m, (mt_cycles(rec, 10, 0, IA64_PMU_ISA_IA64, 0, NULL),
			rec));
	mt_run_all(&m, (mt_inst(rec, 0x4000000000000000ULL, 0,
				IA64_PMU_ITYPE_I, 0, 5, 0, IA64_PMU_ISA_IA64),
			rec));
	for (i = 4; i < 16; i++)
		CHECK_EQ(ia64_model_read_pmd(&m, i), 0);
	mt_run_all(&m, (mt_cycles(rec, 10, 0, IA64_PMU_ISA_IA64, 1, &ev),
			rec));
	for (i = 4; i < 16; i++)
		CHECK_EQ(ia64_model_read_pmd(&m, i), i == 10 ? 70 : 0);
}

/* BUS_ events count on PMC4-9 only (the row's counter mask 0x3f0) */
TEST(mont_bus_events_pmc4_9)
{
	struct ia64_pmu_rec_event ev[2];
	struct ia64_model m;
	u64 rec[16];
	unsigned int i;

	mont_init(&m);
	for (i = 4; i < 16; i++)
		mont_ctr(&m, i, 0x87, 0x3, 0, 0);	/* BUS_ALL_ANY */
	ev[0] = mev(0x87, 0x3, 1);
	ev[1] = mev(0x87, 0x2, 1);			/* BUS_ALL_SELF */
	mt_run_all(&m, (mt_cycles(rec, 25, 0, IA64_PMU_ISA_IA64, 2, ev),
			rec));
	for (i = 4; i < 16; i++)
		CHECK_EQ(ia64_model_read_pmd(&m, i), i <= 9 ? 25 : 0);
}

/* The 3-bit threshold on counters above PMC7: cycles above it */
TEST(mont_threshold_above_pmc7)
{
	struct ia64_pmu_rec_event ev[2];
	struct ia64_model m;
	u64 rec[8];
	unsigned int t;

	mont_init(&m);
	ev[0] = mev(0x08, 0, 6);	/* IA64_INST_RETIRED, max 6 */
	ev[1] = mev(0xc3, 0, 4);	/* DATA_REFERENCES_SET0, max 4 */
	for (t = 0; t < 8; t++) {
		mont_ctr(&m, 13, 0x08, 0, t, 0);
		mont_ctr(&m, 15, 0xc3, 0, t, 0);
		CHECK_EQ((ia64_model_read_pmc(&m, 13) >> 20) & 7, t);
		mt_run_all(&m, (mt_cycles(rec, 10, 0, IA64_PMU_ISA_IA64, 2,
					  ev), rec));
		CHECK_EQ(ia64_model_read_pmd(&m, 13),
			 !t ? 60 : t < 6 ? 10 : 0);
		CHECK_EQ(ia64_model_read_pmd(&m, 15),
			 !t ? 40 : t < 4 ? 10 : 0);
	}
}

/* 0 if CPU model @cpu accepts a cycles record listing @ev, else its error */
static u64 mont_check(enum ia64_model_cpu cpu, unsigned int nr,
		      const struct ia64_pmu_rec_event *ev)
{
	u64 rec[16];
	size_t size = mt_cycles(rec, 1, 0, IA64_PMU_ISA_IA64, nr, ev);
	int r = ia64_model_check_rec_cpu(cpu, rec, size);

	return r == (int)size ? 0 : (u64)r;
}

/* Cycles records may list any Montecito row up to its max_inc */
TEST(mont_check_records)
{
	const struct ia64_model_event *e;
	struct ia64_pmu_rec_event ev[2];
	unsigned int i, bad = 0;

	for (i = 0; i < ia64_model_montecito_nr_events; i++) {
		e = &ia64_model_montecito_events[i];
		ev[0] = mev(e->code, e->umask_val, e->max_inc);
		if (e->code == 0x12) {
			bad += mont_check(MONT, 1, ev) != (u64)-EINVAL;
			continue;
		}
		bad += mont_check(MONT, 1, ev) != 0;
		ev[0].inc = e->max_inc + 1;
		bad += mont_check(MONT, 1, ev) != (u64)-EINVAL;
		ev[0].inc = 0;
		bad += mont_check(MONT, 1, ev) != (u64)-EINVAL;
	}
	CHECK_EQ(bad, 0);
	/* an undefined umask, the same event twice */
	ev[0] = mev(0x87, 0x4, 1);
	CHECK_EQ(mont_check(MONT, 1, ev), (u64)-EINVAL);
	ev[0] = mev(0x18, 0, 1);
	ev[1] = mev(0x18, 0, 1);
	CHECK_EQ(mont_check(MONT, 2, ev), (u64)-EINVAL);
	/* CPU_OP_CYCLES_HALTED is no Itanium 2 event */
	CHECK_EQ(mont_check(IA64_MODEL_ITANIUM2, 1, ev), (u64)-EINVAL);
	CHECK_EQ(mont_check(MONT, 1, ev), 0);
}

/* Free-running mode: valid records, plausible counts, stalls add up */
TEST(mont_freerun)
{
	static const struct {
		unsigned int es, umask;
	} c[12] = {
		{ 0x12, 0 },	/* PMD4: CPU_OP_CYCLES_ALL */
		{ 0x08, 0 },	/* PMD5: IA64_INST_RETIRED */
		{ 0xc3, 0 },	/* PMD6: DATA_REFERENCES_SET0 */
		{ 0x87, 3 },	/* PMD7: BUS_ALL_ANY */
		{ 0x8a, 0xf },	/* PMD8: BUS_MEMORY_ALL_ANY */
		{ 0x8b, 0xf },	/* PMD9: BUS_MEM_READ_ALL_ANY */
		{ 0x00, 0 },	/* PMD10: BACK_END_BUBBLE_ALL */
		{ 0x02, 1 },	/* PMD11: BE_EXE_BUBBLE_GRALL */
		{ 0x00, 1 },	/* PMD12: BACK_END_BUBBLE_FE */
		{ 0x04, 1 },	/* PMD13: BE_FLUSH_BUBBLE_BRU */
		{ 0x09, 0 },	/* PMD14: FP_OPS_RETIRED */
		{ 0x87, 3 },	/* PMD15: BUS_ALL_ANY, not on PMC15 */
	};
	static u8 buf[IA64_MODEL_FREERUN_BATCH];
	struct ia64_model_freerun fr = { { 0 } };
	union ia64_model_freerun_rec fe;
	struct ia64_model m;
	u64 progress, cycles = 0, inst;
	size_t len, off, size;
	unsigned int b, i;

	mont_init(&m);
	for (i = 0; i < 12; i++)
		mont_ctr(&m, 4 + i, c[i].es, c[i].umask, 0, 0);
	for (b = 0; b < 50; b++) {
		len = ia64_model_freerun_batch(MONT, &fr, buf, sizeof(buf),
					       20000, 0x4000000000010000ULL,
					       0x6000000000100000ULL, 3, b);
		CHECK(len > 0);
		for (off = 0; off < len; off += size) {
			int r = ia64_model_check_rec_cpu(MONT, buf + off,
							 len - off);

			CHECK(r > 0);
			if (r <= 0)
				break;
			size = r;
			progress = 0;
			while (ia64_model_run(&m, buf + off, &progress))
				;
		}
		cycles += 20000;
	}
	CHECK_EQ(ia64_model_read_pmd(&m, 4), cycles);
	inst = ia64_model_read_pmd(&m, 5);
	/* IPC between 0.4 and 1.6 */
	CHECK(inst > cycles * 2 / 5 && inst < cycles * 8 / 5);
	CHECK(ia64_model_read_pmd(&m, 6) > 0 &&
	      ia64_model_read_pmd(&m, 6) < inst);
	for (i = 7; i <= 9; i++)
		CHECK(ia64_model_read_pmd(&m, i) > 0);
	CHECK(ia64_model_read_pmd(&m, 11) > 0 &&
	      ia64_model_read_pmd(&m, 12) > 0 &&
	      ia64_model_read_pmd(&m, 13) > 0);
	CHECK_EQ(ia64_model_read_pmd(&m, 10),
		 ia64_model_read_pmd(&m, 11) + ia64_model_read_pmd(&m, 12) +
		 ia64_model_read_pmd(&m, 13));
	CHECK(ia64_model_read_pmd(&m, 10) < cycles);
	CHECK(ia64_model_read_pmd(&m, 14) > 0);
	CHECK_EQ(ia64_model_read_pmd(&m, 15), 0);

	/* the simplest form: one instruction and one reference per cycle */
	ia64_model_freerun_rec(MONT, &fe, 1000, 0x1000, 0);
	CHECK_EQ(ia64_model_check_rec_cpu(MONT, &fe, sizeof(fe)),
		 fe.hdr.size);
	mont_init(&m);
	for (i = 0; i < 3; i++)
		mont_ctr(&m, 13 + i, c[i].es, c[i].umask, 0, 0);
	mt_run_all(&m, &fe);
	CHECK_EQ(ia64_model_read_pmd(&m, 13), 800);
	CHECK_EQ(ia64_model_read_pmd(&m, 14), 800);
	CHECK_EQ(ia64_model_read_pmd(&m, 15), 800);
}
