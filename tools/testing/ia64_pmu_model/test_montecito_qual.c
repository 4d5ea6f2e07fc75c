// SPDX-License-Identifier: GPL-2.0
/*
 * Qualification on the Montecito model (pmu_model_qual.c with the
 * layouts of pmu_model_montecito.c, [PFM-MONT]): the two
 * 41-bit opcode matchers PMC32/33 and PMC34/35 and their channels, PMC36,
 * the code ranges of PMC38 (per IBR pair, fine mode within 64 KB),
 * PMC32's ig_ad and inv, the data ranges of PMC41, the prefetch and dual
 * events' pairs, and the PMC32/38/41 consistency rule.
 */
#include "model_test.h"

#define TAGGED		0x08	/* IA64_TAGGED_INST_RETIRED_IBRPx */
#define DREFS		0xc3	/* DATA_REFERENCES_SET0: all three */
#define L1I_PF		0x44	/* L1I_PREFETCHES: IBR pair 1 */
#define L1I_FILLS	0x41	/* dual: pair 0 demand, pair 1 prefetch */

/* PMC32/34 */
#define OPC_MASK_ALL	((1ULL << 41) - 1)
#define OPC_TYPES	(0xfULL << 48)		/* b f i m */
#define OPC_B		(1ULL << 48)
#define OPC_M		(1ULL << 51)
#define INV		(1ULL << 56)
#define IG_AD		(1ULL << 57)
#define P32_RESET	0x030f01ffffffffffULL
/* PMC38 */
#define P38_RESET	0xdb6ULL
#define P38_IBRP(i)	(1ULL << (1 + 3 * (i)))
#define P38_FINE	(1ULL << 13)
/* PMC41 */
#define P41_RESET	0x2078fefefefeULL
#define P41_CFG(j, c)	((u64)(c) << (3 + 8 * (j)))
#define P41_CFG_MASK(j)	P41_CFG(j, 3)
#define P41_ENA(j)	(1ULL << (45 + (j)))

#define BR_MASK(size)	(~((u64)(size) - 1) & ((1ULL << 56) - 1))
#define TEXT		0x4000000000010000ULL

/* PMC4-7 count @es with umask 0-3 (@umask < 0) or @umask */
static void mq_init(struct ia64_model *m, unsigned int es, int umask)
{
	unsigned int i;

	ia64_model_init(m, IA64_MODEL_MONTECITO);
	ia64_model_write_pmc(m, 0, 0);
	ia64_model_set_psr(m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
	for (i = 4; i < 8; i++) {
		ia64_model_write_pmc(m, i, mt_pmc(es, umask < 0 ? i - 4 :
						  (unsigned int)umask, 0xf, 0));
		ia64_model_write_pmd(m, i, 0);
	}
}

static void mq_inst(struct ia64_model *m, u64 ip, unsigned int itype,
		    u64 enc)
{
	u8 buf[64];

	mt_inst(buf, ip, 0, itype, enc, 1, 3, IA64_PMU_ISA_IA64);
	mt_run_all(m, buf);
}

static void mq_load(struct ia64_model *m, u64 ip, u64 daddr)
{
	u8 buf[96];

	mt_mem(buf, ip, daddr, IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L1,
	       IA64_PMU_TLB_L1, 0);
	mt_run_all(m, buf);
}

/* A fetch of the line at @ip that L1I missed, demand or @prefetch */
static void mq_fill(struct ia64_model *m, u64 ip, bool prefetch)
{
	struct ia64_pmu_rec_fetch r;

	mt_fetch(&r, ip, IA64_PMU_LVL_L2, IA64_PMU_TLB_L1, 10);
	r.hdr.flags = prefetch ? IA64_PMU_REC_FETCH_PREFETCH : 0;
	mt_run_all(m, &r);
}

static void mq_ibr(struct ia64_model *m, unsigned int i, u64 base, u64 mask)
{
	ia64_model_write_ibr(m, 2 * i, base);
	ia64_model_write_ibr(m, 2 * i + 1, mask | 0xfULL << 56);
}

static void mq_counts(struct ia64_model *m, u32 c4, u32 c5, u32 c6, u32 c7)
{
	CHECK_EQ(mt_count(m, 4), c4);
	CHECK_EQ(mt_count(m, 5), c5);
	CHECK_EQ(mt_count(m, 6), c6);
	CHECK_EQ(mt_count(m, 7), c7);
}

/* After reset (the kernel's defaults) every channel tags everything */
TEST(mont_qual_reset_tags_all)
{
	struct ia64_model m;

	mq_init(&m, TAGGED, -1);
	CHECK_EQ(ia64_model_read_pmc(&m, 32), P32_RESET);
	CHECK_EQ(ia64_model_read_pmc(&m, 38), P38_RESET);
	CHECK_EQ(ia64_model_read_pmc(&m, 41), P41_RESET);
	mq_inst(&m, TEXT, IA64_PMU_ITYPE_B, 0x1234);
	mq_inst(&m, TEXT + 0x100000, IA64_PMU_ITYPE_M, 0);
	mq_counts(&m, 2, 2, 2, 2);
}

/*
 * Matcher 1 (PMC32 mask, PMC33 match) binds channels 0 and 2, matcher 2
 * (PMC34/35) channels 1 and 3; all 41 encoding bits compare, the bits
 * 26:13 that the Itanium 2's matchers skip included
 */
TEST(mont_qual_opcode_matchers_41_bits)
{
	struct ia64_model m;
	u64 bit20 = 1ULL << 20;

	mq_init(&m, TAGGED, -1);
	/* matcher 1: encoding bit 20 set; matcher 2: B-syllables only */
	ia64_model_write_pmc(&m, 32, (OPC_MASK_ALL & ~bit20) | OPC_TYPES |
				     IG_AD);
	ia64_model_write_pmc(&m, 33, bit20);
	ia64_model_write_pmc(&m, 34, OPC_MASK_ALL | OPC_B);
	ia64_model_write_pmc(&m, 35, 0);
	mq_inst(&m, TEXT, IA64_PMU_ITYPE_M, bit20);	/* 1 */
	mq_inst(&m, TEXT, IA64_PMU_ITYPE_M, 0);		/* neither */
	mq_inst(&m, TEXT, IA64_PMU_ITYPE_B, bit20 | 7);	/* both */
	mq_inst(&m, TEXT, IA64_PMU_ITYPE_B, 1ULL << 40);	/* 2 */
	mq_counts(&m, 2, 2, 2, 2);
	/* the type enables of matcher 1: M only */
	ia64_model_write_pmc(&m, 32, (OPC_MASK_ALL & ~bit20) | OPC_M |
				     IG_AD);
	mq_inst(&m, TEXT, IA64_PMU_ITYPE_B, bit20);	/* 2 */
	mq_inst(&m, TEXT, IA64_PMU_ITYPE_M, bit20);	/* 1 */
	mq_counts(&m, 3, 3, 3, 3);
	/* PMC36.ch1_ig_opcm: channel 1 free of matcher 2 */
	ia64_model_write_pmc(&m, 36, 0x2);
	CHECK_EQ(ia64_model_read_pmc(&m, 36), 0xfffffff2ULL);
	mq_inst(&m, TEXT, IA64_PMU_ITYPE_I, 0);		/* channel 1 */
	mq_counts(&m, 3, 4, 3, 3);
}

/*
 * PMC36 with a range: channel 2 restricted by pair 2's range and, its
 * ig_opcm bit set, by no opcode, while matcher 1 selects B-syllables
 * for channel 0; cleared, channel 2 is range and opcode qualified
 */
TEST(mont_qual_pmc36_range_without_opcode)
{
	struct ia64_model m;

	mq_init(&m, TAGGED, -1);
	mq_ibr(&m, 2, TEXT, BR_MASK(0x1000));
	ia64_model_write_pmc(&m, 32, OPC_MASK_ALL | OPC_B);
	ia64_model_write_pmc(&m, 38, P38_RESET & ~P38_IBRP(2));
	ia64_model_write_pmc(&m, 36, 0x4);
	mq_inst(&m, TEXT + 0x10, IA64_PMU_ITYPE_M, 0);		/* 2, 1, 3 */
	mq_inst(&m, TEXT + 0x20, IA64_PMU_ITYPE_B, 0);		/* all */
	mq_inst(&m, TEXT + 0x1010, IA64_PMU_ITYPE_M, 0);	/* 1, 3 */
	mq_counts(&m, 1, 3, 2, 3);
	ia64_model_write_pmc(&m, 36, 0);
	mq_inst(&m, TEXT + 0x10, IA64_PMU_ITYPE_M, 0);		/* 1, 3 */
	mq_inst(&m, TEXT + 0x20, IA64_PMU_ITYPE_B, 0);		/* all */
	mq_counts(&m, 2, 5, 3, 5);
}

/*
 * PMC38.ig_ibrp<i> = 0: pair i's masked range tags channel i; PMC32.ig_ad
 * lifts every pair's range; inv inverts pair 0's alone
 */
TEST(mont_qual_pmc38_ranges_ig_ad_inv)
{
	struct ia64_model m;

	mq_init(&m, TAGGED, -1);
	mq_ibr(&m, 0, TEXT, BR_MASK(0x1000));
	mq_ibr(&m, 1, TEXT + 0x1000, BR_MASK(0x1000));
	ia64_model_write_pmc(&m, 32, P32_RESET & ~(IG_AD | INV));
	ia64_model_write_pmc(&m, 38, P38_RESET & ~(P38_IBRP(0) |
						   P38_IBRP(1)));
	mq_inst(&m, TEXT + 0x10, IA64_PMU_ITYPE_M, 0);
	mq_inst(&m, TEXT + 0x1010, IA64_PMU_ITYPE_M, 0);
	mq_inst(&m, TEXT + 0x2010, IA64_PMU_ITYPE_M, 0);
	mq_counts(&m, 1, 1, 3, 3);
	/* inv: pair 0 counts outside its range, pair 1 unchanged */
	ia64_model_write_pmc(&m, 32, (P32_RESET & ~IG_AD) | INV);
	mq_inst(&m, TEXT + 0x10, IA64_PMU_ITYPE_M, 0);
	mq_inst(&m, TEXT + 0x2010, IA64_PMU_ITYPE_M, 0);
	mq_counts(&m, 2, 1, 5, 5);
	/* ig_ad: no range constrains, not even pair 1's */
	ia64_model_write_pmc(&m, 32, P32_RESET | IG_AD);
	mq_inst(&m, TEXT + 0x2010, IA64_PMU_ITYPE_M, 0);
	mq_counts(&m, 3, 2, 6, 6);
}

/*
 * Fine mode: pairs 0 and 2 bound one range in a 64 KB page, compared
 * with two bundles' granularity (bits 15:5); pair 1 and 3 another
 */
TEST(mont_qual_fine_mode_64k)
{
	struct ia64_model m;
	u64 fine = BR_MASK(0x10000);

	mq_init(&m, TAGGED, -1);
	mq_ibr(&m, 0, TEXT + 0x1020, fine);
	mq_ibr(&m, 2, TEXT + 0x8ff0, fine);	/* last bundle 0x8ff0 */
	mq_ibr(&m, 1, TEXT + 0x40, fine);
	mq_ibr(&m, 3, TEXT + 0x50, fine);
	ia64_model_write_pmc(&m, 32, P32_RESET & ~(IG_AD | INV));
	ia64_model_write_pmc(&m, 38, (P38_RESET & ~(P38_IBRP(0) |
						    P38_IBRP(1))) | P38_FINE);
	mq_inst(&m, TEXT + 0x1020, IA64_PMU_ITYPE_M, 0);	/* 0 in */
	mq_inst(&m, TEXT + 0x8ff0, IA64_PMU_ITYPE_M, 0);	/* 0 in */
	mq_inst(&m, TEXT + 0x5000, IA64_PMU_ITYPE_M, 0);	/* 0 in: > 4K */
	mq_inst(&m, TEXT + 0x1000, IA64_PMU_ITYPE_M, 0);	/* out */
	mq_inst(&m, TEXT + 0x9000, IA64_PMU_ITYPE_M, 0);	/* out */
	/* the next 64 KB page: its offsets are in range, its page not */
	mq_inst(&m, TEXT + 0x11020, IA64_PMU_ITYPE_M, 0);
	/* pair 1: 0x40-0x5f, whole 32-byte granules */
	mq_inst(&m, TEXT + 0x40, IA64_PMU_ITYPE_M, 0);
	mq_inst(&m, TEXT + 0x50, IA64_PMU_ITYPE_M, 0);
	mq_counts(&m, 3, 2, 8, 8);
	/* two-bundle granularity: 0x1030 (odd bundle) in, 0x1010 not */
	ia64_model_write_pmc(&m, 4, mt_pmc(TAGGED, 0, 0xf, 0));
	ia64_model_write_pmd(&m, 4, 0);
	mq_ibr(&m, 0, TEXT + 0x1030, fine);
	mq_inst(&m, TEXT + 0x1020, IA64_PMU_ITYPE_M, 0);
	mq_inst(&m, TEXT + 0x1010, IA64_PMU_ITYPE_M, 0);
	CHECK_EQ(mt_count(&m, 4), 1);
}

/*
 * PMC41: a data range event's loads count by the enabled DBR pairs and
 * their cfg_dtag ([PFM-MONT]: 2 the DBR pair only, 0 with IBR pair
 * and opcode, 1 IBR pair and opcode only, 3 nothing)
 */
TEST(mont_qual_pmc41_data_ranges)
{
	struct ia64_model m;
	u64 d = 0x6000000000100000ULL;

	mq_init(&m, DREFS, 0);
	ia64_model_write_dbr(&m, 0, d);
	ia64_model_write_dbr(&m, 1, BR_MASK(0x100));
	/* D: pair 0's DBR range only */
	ia64_model_write_pmc(&m, 41, (P41_RESET & ~P41_CFG_MASK(0)) |
				     P41_CFG(0, 2) | P41_ENA(0));
	mq_load(&m, TEXT, d + 0x80);
	mq_load(&m, TEXT, d + 0x100);
	CHECK_EQ(mt_count(&m, 4), 1);
	/* I+D: and IBR pair 0's range, constraining */
	mq_ibr(&m, 0, TEXT, BR_MASK(0x100));
	ia64_model_write_pmc(&m, 32, P32_RESET & ~(IG_AD | INV));
	ia64_model_write_pmc(&m, 38, P38_RESET & ~P38_IBRP(0));
	ia64_model_write_pmc(&m, 41, (P41_RESET & ~P41_CFG_MASK(0)) |
				     P41_CFG(0, 0) | P41_ENA(0));
	mq_load(&m, TEXT + 0x10, d);		/* both */
	mq_load(&m, TEXT + 0x200, d);		/* code out */
	mq_load(&m, TEXT + 0x10, d + 0x100);	/* data out */
	CHECK_EQ(mt_count(&m, 4), 2);
	/* I: the code range alone */
	ia64_model_write_pmc(&m, 41, (P41_RESET & ~P41_CFG_MASK(0)) |
				     P41_CFG(0, 1) | P41_ENA(0));
	mq_load(&m, TEXT + 0x10, d + 0x100);
	mq_load(&m, TEXT + 0x200, d);
	CHECK_EQ(mt_count(&m, 4), 3);
}

/*
 * [PFM-MONT]: every ena_dbrp clear while PMC32.ig_ad = 0 and PMC38
 * lets pair 0 or 1 constrain is inconsistent: no data tag matches
 */
TEST(mont_qual_consistency_rule)
{
	struct ia64_model m;
	u64 d = 0x6000000000100000ULL;

	mq_init(&m, DREFS, 0);
	mq_ibr(&m, 1, TEXT, BR_MASK(0x100));
	ia64_model_write_pmc(&m, 41, P41_RESET & ~P41_ENA(0));
	mq_load(&m, TEXT, d);			/* consistent: counts */
	ia64_model_write_pmc(&m, 32, P32_RESET & ~(IG_AD | INV));
	ia64_model_write_pmc(&m, 38, P38_RESET & ~P38_IBRP(1));
	mq_load(&m, TEXT, d);			/* inconsistent */
	CHECK_EQ(mt_count(&m, 4), 1);
	/* an enabled pair (cfg_dtag 3: nothing applies) is consistent */
	ia64_model_write_pmc(&m, 41, P41_RESET);
	mq_load(&m, TEXT + 0x1000, d);
	CHECK_EQ(mt_count(&m, 4), 2);
	/* so is ig_ad = 1, or no pair 0/1 constraining */
	ia64_model_write_pmc(&m, 41, P41_RESET & ~P41_ENA(0));
	ia64_model_write_pmc(&m, 38, P38_RESET & ~P38_IBRP(2));
	mq_load(&m, TEXT, d);
	CHECK_EQ(mt_count(&m, 4), 3);
}

/*
 * The prefetch events see IBR pair 1's range; the dual events pair 0's
 * for demand fetches and pair 1's for prefetches
 */
TEST(mont_qual_prefetch_and_dual_pairs)
{
	struct ia64_model m;
	struct ia64_pmu_rec_event ev = { .code = L1I_PF, .inc = 1 };
	u8 buf[64];

	mq_init(&m, L1I_FILLS, 0);
	ia64_model_write_pmc(&m, 5, mt_pmc(L1I_PF, 0, 0xf, 0));
	mq_ibr(&m, 0, TEXT, BR_MASK(0x100));
	mq_ibr(&m, 1, TEXT + 0x1000, BR_MASK(0x100));
	ia64_model_write_pmc(&m, 32, P32_RESET & ~(IG_AD | INV));
	ia64_model_write_pmc(&m, 38, P38_RESET & ~(P38_IBRP(0) |
						   P38_IBRP(1)));
	mq_fill(&m, TEXT + 0x20, false);	/* demand, pair 0: in */
	mq_fill(&m, TEXT + 0x1020, false);	/* demand, pair 0: out */
	mq_fill(&m, TEXT + 0x1020, true);	/* prefetch, pair 1: in */
	mq_fill(&m, TEXT + 0x20, true);		/* prefetch, pair 1: out */
	CHECK_EQ(mt_count(&m, 4), 2);
	/* L1I_PREFETCHES listed by cycles records at 0x4000000000001000 */
	mt_cycles(buf, 1, 3, IA64_PMU_ISA_IA64, 1, &ev);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 5), 0);
	mq_ibr(&m, 1, 0x4000000000001000ULL, BR_MASK(0x100));
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 5), 1);
}
