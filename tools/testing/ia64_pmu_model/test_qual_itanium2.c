// SPDX-License-Identifier: GPL-2.0
/*
 * Qualification on the Itanium 2 model (pmu_model_qual.c, [PFM-I2]):
 * PMC8/9 with ig_ad and inv, PMC14 per IBR pair and fine mode (with the
 * two-bundle erratum), PMC15 binding, PMC13 data ranges per DBR pair,
 * and which tag each kind of event sees.
 */
#include "model_test.h"

#define ENABLE		(1ULL << 23)	/* PMC4.enable */
#define TAGGED		0x08		/* IA64_TAGGED_INST_RETIRED_IBRPx */
#define NOPS		0x50		/* NOPS_RETIRED: instr. range, opc. */
#define DISPERSED	0x4d		/* INST_DISPERSED: instr. range */
#define LOADS		0xcd		/* LOADS_RETIRED: all three */
#define L1I_PF		0x44		/* L1I_PREFETCHES: instr. range */
#define L1I_STRM_PF	0x5f		/* L1I_STRM_PREFETCHES */
#define L2_INST_PF	0x45		/* L2_INST_PREFETCHES */
#define L1I_FILLS	0x41		/* L1I_FILLS: instr. range, pair 0 */

/* PMC8/9 */
#define IG_AD		(1ULL << 0)
#define INV		(1ULL << 1)
#define OPC_ALL		0xffffffff3ffffffcULL	/* every type and opcode */
#define OPC_B_ONLY	((OPC_ALL & ~(0xfULL << 60)) | (1ULL << 60))
/* PMC14 */
#define P14_RESET	0xdb6ULL
#define P14_IBRP(i)	(1ULL << (1 + 3 * (i)))
#define P14_FINE	(1ULL << 13)
/* PMC13 */
#define P13_CFG(j, c)	((u64)(c) << (3 + 8 * (j)))
#define P13_ENA(j)	(1ULL << (45 + (j)))
#define P13_CFG_ALL	(P13_CFG(0, 3) | P13_CFG(1, 3) | P13_CFG(2, 3) | \
			 P13_CFG(3, 3))

#define BR_PLM_ALL	(0xfULL << 56)
#define BR_MASK(size)	(~((u64)(size) - 1) & ((1ULL << 56) - 1))

/* Counters PMC4-7 count @es with umask 0-3 (or @umask for all) */
static void q2_init(struct ia64_model *m, unsigned int es, int umask)
{
	unsigned int i;

	ia64_model_init(m, IA64_MODEL_ITANIUM2);
	ia64_model_write_pmc(m, 0, 0);
	ia64_model_set_psr(m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
	for (i = 4; i < 8; i++) {
		u64 v = mt_pmc(es, umask < 0 ? i - 4 : (unsigned int)umask,
			       0xf, 0);

		ia64_model_write_pmc(m, i, i == 4 ? v | ENABLE : v);
		ia64_model_write_pmd(m, i, 0);
	}
	/* the matchers match everything, no pair constrains */
	ia64_model_write_pmc(m, 8, OPC_ALL);
	ia64_model_write_pmc(m, 9, OPC_ALL);
	ia64_model_write_pmc(m, 14, P14_RESET);
	ia64_model_write_pmc(m, 15, 0);
}

static void q2_inst(struct ia64_model *m, u64 ip, unsigned int itype,
		    unsigned int cpl)
{
	u8 buf[64];

	mt_inst(buf, ip, 0, itype, 0, 1, cpl, IA64_PMU_ISA_IA64);
	mt_run_all(m, buf);
}

static void q2_load(struct ia64_model *m, u64 ip, u64 daddr)
{
	u8 buf[96];

	mt_mem(buf, ip, daddr, IA64_PMU_MEM_LOAD, IA64_PMU_LVL_L1,
	       IA64_PMU_TLB_L1, 0);
	mt_run_all(m, buf);
}

/* IBR pair @i: @base under the mask of @size bytes, privilege @plm */
static void q2_ibr(struct ia64_model *m, unsigned int i, u64 base, u64 mask,
		   unsigned int plm)
{
	ia64_model_write_ibr(m, 2 * i, base);
	ia64_model_write_ibr(m, 2 * i + 1, mask | (u64)plm << 56);
}

static void q2_counts(struct ia64_model *m, u32 c4, u32 c5, u32 c6, u32 c7)
{
	CHECK_EQ(mt_count(m, 4), c4);
	CHECK_EQ(mt_count(m, 5), c5);
	CHECK_EQ(mt_count(m, 6), c6);
	CHECK_EQ(mt_count(m, 7), c7);
}

/* After reset (perfmon_mckinley.h defaults) every pair tags everything */
TEST(ita2_qual_reset_tags_all)
{
	struct ia64_model m;
	unsigned int i;

	ia64_model_init(&m, IA64_MODEL_ITANIUM2);
	ia64_model_write_pmc(&m, 0, 0);
	ia64_model_set_psr(&m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
	for (i = 4; i < 8; i++) {
		u64 v = mt_pmc(TAGGED, i - 4, 0xf, 0);

		ia64_model_write_pmc(&m, i, i == 4 ? v | ENABLE : v);
		ia64_model_write_pmd(&m, i, 0);
	}
	q2_inst(&m, 0x4000, IA64_PMU_ITYPE_B, 3);
	q2_load(&m, 0x4010, 0x10000);
	q2_counts(&m, 1, 1, 1, 1);
}

/* PMC14.ibrp<i> = 0: IBR pair i's masked range tags umask i only */
TEST(ita2_qual_mask_mode_per_pair)
{
	struct ia64_model m;

	q2_init(&m, TAGGED, -1);
	q2_ibr(&m, 1, 0x4000, BR_MASK(0x1000), 0x8);
	ia64_model_write_pmc(&m, 14, P14_RESET & ~P14_IBRP(1));
	q2_inst(&m, 0x4ff0, IA64_PMU_ITYPE_M, 3);	/* in */
	q2_inst(&m, 0x5000, IA64_PMU_ITYPE_M, 3);	/* out */
	q2_inst(&m, 0x3ff0, IA64_PMU_ITYPE_M, 3);	/* out */
	q2_inst(&m, 0x4000, IA64_PMU_ITYPE_M, 0);	/* plm: cpl 3 only */
	q2_counts(&m, 4, 1, 4, 4);
	/* the pair's PMC14 bit set again: no constraint */
	ia64_model_write_pmc(&m, 14, P14_RESET);
	q2_inst(&m, 0x5000, IA64_PMU_ITYPE_M, 3);
	q2_counts(&m, 5, 2, 5, 5);
	/* an x bit (a debugger's IBR) or PSR.db: the range never matches */
	ia64_model_write_pmc(&m, 14, P14_RESET & ~P14_IBRP(1));
	ia64_model_write_ibr(&m, 3, (1ULL << 63) | BR_MASK(0x1000) |
			     BR_PLM_ALL);
	q2_inst(&m, 0x4ff0, IA64_PMU_ITYPE_M, 3);
	q2_counts(&m, 6, 2, 6, 6);
}

/*
 * Fine mode: pairs 0 and 2 are the bounds of one range in a 4 KB page,
 * the upper bound's bundle included; the erratum widens both bounds to
 * two bundles (32 bytes). Mask mode with the same IBRs is the page.
 */
TEST(ita2_qual_fine_mode)
{
	static const struct { u64 ip; bool in; } cases[] = {
		{ 0x4000, false },	/* below */
		{ 0x4020, true },	/* the lower bound */
		{ 0x4030, true },
		{ 0x4060, true },	/* the upper bound, included */
		{ 0x4070, true },	/* erratum: its two-bundle pair */
		{ 0x4080, false },	/* above */
		{ 0x5040, false },	/* same offset, next page */
	};
	struct ia64_model m;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		q2_init(&m, TAGGED, -1);
		q2_ibr(&m, 0, 0x4020, BR_MASK(0x1000), 0xf);
		q2_ibr(&m, 2, 0x4060, BR_MASK(0x1000), 0xf);
		ia64_model_write_pmc(&m, 14, (P14_RESET & ~P14_IBRP(0) &
					      ~P14_IBRP(2)) | P14_FINE);
		q2_inst(&m, cases[i].ip, IA64_PMU_ITYPE_I, 0);
		/* pairs 0 and 2 both carry the fine range */
		q2_counts(&m, cases[i].in, 1, cases[i].in, 1);
	}

	/* the erratum: a lower bound inside a two-bundle pair */
	q2_init(&m, TAGGED, -1);
	q2_ibr(&m, 0, 0x4030, BR_MASK(0x1000), 0xf);
	q2_ibr(&m, 2, 0x4040, BR_MASK(0x1000), 0xf);
	ia64_model_write_pmc(&m, 14, (P14_RESET & ~P14_IBRP(0)) | P14_FINE);
	q2_inst(&m, 0x4020, IA64_PMU_ITYPE_I, 0);
	q2_inst(&m, 0x4050, IA64_PMU_ITYPE_I, 0);
	q2_inst(&m, 0x4060, IA64_PMU_ITYPE_I, 0);
	CHECK_EQ(mt_count(&m, 4), 2);

	/* mask mode, same registers: pair 0 is the whole page */
	ia64_model_write_pmc(&m, 14, P14_RESET & ~P14_IBRP(0));
	q2_inst(&m, 0x4000, IA64_PMU_ITYPE_I, 0);
	q2_inst(&m, 0x4ff0, IA64_PMU_ITYPE_I, 0);
	q2_inst(&m, 0x5000, IA64_PMU_ITYPE_I, 0);
	CHECK_EQ(mt_count(&m, 4), 4);

	/* fine mode: pair 1 with pair 3, each bound's plm applies */
	q2_init(&m, TAGGED, -1);
	q2_ibr(&m, 1, 0x8000, BR_MASK(0x1000), 0x8);
	q2_ibr(&m, 3, 0x8100, BR_MASK(0x1000), 0x8);
	ia64_model_write_pmc(&m, 14, (P14_RESET & ~P14_IBRP(1)) | P14_FINE);
	q2_inst(&m, 0x8080, IA64_PMU_ITYPE_I, 3);	/* in */
	q2_inst(&m, 0x8080, IA64_PMU_ITYPE_I, 0);	/* plm */
	q2_inst(&m, 0x8120, IA64_PMU_ITYPE_I, 3);	/* above */
	q2_counts(&m, 3, 1, 3, 3);
}

/* PMC8/9.inv inverts a constraining range; ig_ad ignores it */
TEST(ita2_qual_inv_ig_ad)
{
	struct ia64_model m;

	q2_init(&m, TAGGED, -1);
	q2_ibr(&m, 0, 0x4000, BR_MASK(0x1000), 0xf);
	q2_ibr(&m, 1, 0x4000, BR_MASK(0x1000), 0xf);
	ia64_model_write_pmc(&m, 14, P14_RESET & ~P14_IBRP(0) &
			     ~P14_IBRP(1));
	ia64_model_write_pmc(&m, 8, OPC_ALL | INV);	/* pairs 0, 2 */
	ia64_model_write_pmc(&m, 9, OPC_ALL | IG_AD);	/* pairs 1, 3 */
	CHECK_EQ(ia64_model_read_pmc(&m, 8) & 3, INV);
	CHECK_EQ(ia64_model_read_pmc(&m, 9) & 3, IG_AD);
	q2_inst(&m, 0x4800, IA64_PMU_ITYPE_M, 0);	/* in */
	q2_inst(&m, 0x9000, IA64_PMU_ITYPE_M, 0);	/* out */
	q2_inst(&m, 0x9010, IA64_PMU_ITYPE_M, 0);	/* out */
	/*
	 * pair 0: inverted, outside only; pair 1: ignored, all; pairs 2
	 * and 3 do not constrain: inv has nothing to invert
	 */
	q2_counts(&m, 2, 3, 3, 3);

	/* ig_ad wins over inv */
	ia64_model_write_pmc(&m, 8, OPC_ALL | INV | IG_AD);
	q2_inst(&m, 0x4800, IA64_PMU_ITYPE_M, 0);
	CHECK_EQ(mt_count(&m, 4), 3);
	CHECK_EQ(mt_count(&m, 5), 4);

	/* ig_ad ignores the range, not the opcode */
	ia64_model_write_pmc(&m, 9, OPC_B_ONLY | IG_AD);
	q2_inst(&m, 0x9000, IA64_PMU_ITYPE_M, 0);
	q2_inst(&m, 0x9000, IA64_PMU_ITYPE_B, 0);
	CHECK_EQ(mt_count(&m, 5), 5);
}

/* PMC15: a pair is constrained by its matcher unless its bit is set */
TEST(ita2_qual_pmc15_binding)
{
	struct ia64_model m;

	q2_init(&m, TAGGED, -1);
	ia64_model_write_pmc(&m, 8, OPC_B_ONLY);
	q2_inst(&m, 0x4000, IA64_PMU_ITYPE_M, 0);
	q2_inst(&m, 0x4010, IA64_PMU_ITYPE_B, 0);
	/* PMC8 binds pairs 0 and 2; PMC9 matches everything */
	q2_counts(&m, 1, 2, 1, 2);

	ia64_model_write_pmc(&m, 15, 0x1);	/* pair 0 freed */
	q2_inst(&m, 0x4000, IA64_PMU_ITYPE_M, 0);
	q2_counts(&m, 2, 3, 1, 3);
	CHECK_EQ(ia64_model_read_pmc(&m, 15), 0xfffffff1ULL);

	/* the opcode fields: mask 29:3 ignores, match 59:33 compares */
	ia64_model_write_pmc(&m, 15, 0);
	ia64_model_write_pmc(&m, 9, (OPC_ALL & ~(0x1ULL << 3)) |
			     (0x1ULL << 33));
	{
		u8 buf[64];

		mt_inst(buf, 0x4000, 0, IA64_PMU_ITYPE_M, 0x1, 1, 0,
			IA64_PMU_ISA_IA64);
		mt_run_all(&m, buf);	/* bit 0 = 1: matches */
		mt_inst(buf, 0x4000, 0, IA64_PMU_ITYPE_M, 0x2, 1, 0,
			IA64_PMU_ISA_IA64);
		mt_run_all(&m, buf);	/* bit 0 = 0: does not */
	}
	CHECK_EQ(mt_count(&m, 5), 4);
	CHECK_EQ(mt_count(&m, 7), 4);
}

/*
 * Events other than IA64_TAGGED_INST_RETIRED see pair 0: an instruction
 * range event its address part, an opcode event its whole tag
 */
TEST(ita2_qual_other_events_pair0)
{
	struct ia64_model m;

	q2_init(&m, TAGGED, 0);
	ia64_model_write_pmc(&m, 5, mt_pmc(DISPERSED, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 6, mt_pmc(NOPS, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 7, mt_pmc(0x12, 0, 0xf, 0));	/* cycles */
	q2_ibr(&m, 0, 0x4000, BR_MASK(0x100), 0xf);
	ia64_model_write_pmc(&m, 14, P14_RESET & ~P14_IBRP(0));
	ia64_model_write_pmc(&m, 8, OPC_B_ONLY);
	{
		u8 buf[64];

		/* a nop.b in range: all; a nop.m in range: no opcode */
		mt_inst(buf, 0x4010, 0, IA64_PMU_ITYPE_B, 0, 1, 0,
			IA64_PMU_ISA_IA64);
		((struct ia64_pmu_rec_inst *)buf)->hdr.flags =
			IA64_PMU_REC_INST_NOP;
		mt_run_all(&m, buf);
		mt_inst(buf, 0x4020, 0, IA64_PMU_ITYPE_M, 0, 1, 0,
			IA64_PMU_ISA_IA64);
		((struct ia64_pmu_rec_inst *)buf)->hdr.flags =
			IA64_PMU_REC_INST_NOP;
		mt_run_all(&m, buf);
		/* out of range */
		mt_inst(buf, 0x4100, 0, IA64_PMU_ITYPE_B, 0, 1, 0,
			IA64_PMU_ISA_IA64);
		((struct ia64_pmu_rec_inst *)buf)->hdr.flags =
			IA64_PMU_REC_INST_NOP;
		mt_run_all(&m, buf);
	}
	CHECK_EQ(mt_count(&m, 4), 1);	/* tagged IBRP0 */
	CHECK_EQ(mt_count(&m, 5), 2);	/* dispersed: address only */
	CHECK_EQ(mt_count(&m, 6), 1);	/* nops: address and opcode */

	/* constraining pair 1 changes none of them */
	q2_ibr(&m, 1, 0x8000, BR_MASK(0x100), 0xf);
	ia64_model_write_pmc(&m, 14, P14_RESET & ~P14_IBRP(0) &
			     ~P14_IBRP(1));
	q2_inst(&m, 0x4010, IA64_PMU_ITYPE_B, 0);
	CHECK_EQ(mt_count(&m, 4), 2);
	CHECK_EQ(mt_count(&m, 5), 3);
}

/*
 * The instruction prefetch events L1I_PREFETCHES, L1I_STRM_PREFETCHES
 * and L2_INST_PREFETCHES are range-qualified by IBR pair 1 only (Itanium
 * 2 Reference Manual §10.3.5.1, Exception 1, as libpfm 3.x applies it:
 * IBRP1 in mask mode, IBRP1/IBRP3 in fine mode); pair 0, which the other
 * events see, does not restrict them. Their opcode matcher, PMC9, may
 * ignore or invert the range as for IA64_TAGGED_INST_RETIRED_IBRP1.
 */
static void q2_prefetch(struct ia64_model *m, u64 ip)
{
	static const struct ia64_pmu_rec_event ev[] = {
		{ .code = L1I_PF, .inc = 1 },
		{ .code = L1I_STRM_PF, .inc = 1 },
		{ .code = L2_INST_PF, .inc = 1 },
		{ .code = L1I_FILLS, .inc = 1 },
	};
	u8 buf[128];

	mt_cycles(buf, 1, 0, IA64_PMU_ISA_IA64, ARRAY_SIZE(ev), ev);
	((struct ia64_pmu_rec_cycles *)buf)->ctx.ip = ip;
	mt_run_all(m, buf);
}

TEST(ita2_qual_prefetch_events_pair1)
{
	struct ia64_model m;

	q2_init(&m, L1I_PF, 0);
	ia64_model_write_pmc(&m, 5, mt_pmc(L1I_STRM_PF, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 6, mt_pmc(L2_INST_PF, 0, 0xf, 0));
	ia64_model_write_pmc(&m, 7, mt_pmc(L1I_FILLS, 0, 0xf, 0));
	/* pair 0 restricts to [0x4000, 0x4100): not for these three */
	q2_ibr(&m, 0, 0x4000, BR_MASK(0x100), 0xf);
	ia64_model_write_pmc(&m, 14, P14_RESET & ~P14_IBRP(0));
	q2_prefetch(&m, 0x8000);
	q2_prefetch(&m, 0x4010);
	q2_counts(&m, 2, 2, 2, 1);

	/* pair 1 restricts to [0x8000, 0x8100): only these three */
	ia64_model_write_pmc(&m, 14, P14_RESET & ~P14_IBRP(1));
	q2_ibr(&m, 1, 0x8000, BR_MASK(0x100), 0xf);
	q2_prefetch(&m, 0x8010);
	q2_prefetch(&m, 0x4010);
	q2_counts(&m, 3, 3, 3, 3);

	/* PMC9.inv inverts it, PMC9.ig_ad ignores it; PMC8 does neither */
	ia64_model_write_pmc(&m, 8, OPC_ALL | INV);
	q2_prefetch(&m, 0x4010);
	q2_counts(&m, 3, 3, 3, 4);
	ia64_model_write_pmc(&m, 8, OPC_ALL);
	ia64_model_write_pmc(&m, 9, OPC_ALL | INV);
	q2_prefetch(&m, 0x4010);
	q2_prefetch(&m, 0x8010);
	q2_counts(&m, 4, 4, 4, 6);
	ia64_model_write_pmc(&m, 9, OPC_ALL | IG_AD);
	q2_prefetch(&m, 0x4010);
	q2_counts(&m, 5, 5, 5, 7);

	/* fine mode: pair 1 with pair 3 as its upper bound */
	q2_init(&m, L1I_PF, 0);
	q2_ibr(&m, 1, 0x8020, BR_MASK(0x1000), 0xf);
	q2_ibr(&m, 3, 0x8060, BR_MASK(0x1000), 0xf);
	ia64_model_write_pmc(&m, 14, (P14_RESET & ~P14_IBRP(1)) | P14_FINE);
	q2_prefetch(&m, 0x8000);
	q2_prefetch(&m, 0x8040);
	q2_prefetch(&m, 0x8080);
	CHECK_EQ(mt_count(&m, 4), 1);
}

/* PMC13: data ranges per DBR pair, cfg selecting DBR and IBR/opcode */
TEST(ita2_qual_pmc13_data_range)
{
	struct ia64_model m;

	q2_init(&m, LOADS, 0);
	ia64_model_write_dbr(&m, 2, 0x10000);
	ia64_model_write_dbr(&m, 3, BR_MASK(0x1000));

	/* pair 1 enabled, cfg 2: the DBR range only */
	ia64_model_write_pmc(&m, 13, (P13_CFG_ALL & ~P13_CFG(1, 1)) |
			     P13_ENA(1));
	CHECK_EQ(ia64_model_read_pmc(&m, 13) & 0x1e00018181818ULL,
		 P13_CFG(0, 3) | P13_CFG(1, 2) | P13_CFG(2, 3) |
		 P13_CFG(3, 3) | P13_ENA(1));
	q2_load(&m, 0x4000, 0x10ff8);	/* in */
	q2_load(&m, 0x4000, 0x11000);	/* out */
	CHECK_EQ(mt_count(&m, 4), 1);

	/* cfg 0: the DBR range and IBR pair 1's tag */
	q2_ibr(&m, 1, 0x8000, BR_MASK(0x1000), 0xf);
	ia64_model_write_pmc(&m, 14, P14_RESET & ~P14_IBRP(1));
	ia64_model_write_pmc(&m, 13, (P13_CFG_ALL & ~P13_CFG(1, 3)) |
			     P13_ENA(1));
	q2_load(&m, 0x4000, 0x10000);	/* code out of range */
	q2_load(&m, 0x8000, 0x10000);	/* both in */
	q2_load(&m, 0x8000, 0x20000);	/* data out */
	CHECK_EQ(mt_count(&m, 4), 2);

	/* cfg 3: no constraint; no pair enabled: none either */
	ia64_model_write_pmc(&m, 13, P13_CFG_ALL | P13_ENA(1));
	q2_load(&m, 0x4000, 0x20000);
	ia64_model_write_pmc(&m, 13, P13_CFG_ALL & ~P13_CFG(1, 1));
	q2_load(&m, 0x4000, 0x20000);
	CHECK_EQ(mt_count(&m, 4), 4);

	/* cfg 1 on pair 0: the opcode matcher through pair 0, no DBR */
	ia64_model_write_pmc(&m, 8, OPC_B_ONLY);
	ia64_model_write_pmc(&m, 13, (P13_CFG_ALL & ~P13_CFG(0, 2)) |
			     P13_ENA(0));
	q2_load(&m, 0x4000, 0x20000);
	CHECK_EQ(mt_count(&m, 4), 4);
	ia64_model_write_pmc(&m, 8, OPC_ALL);
	q2_load(&m, 0x4000, 0x20000);
	CHECK_EQ(mt_count(&m, 4), 5);

	/* two pairs enabled: either range */
	ia64_model_write_dbr(&m, 0, 0x30000);
	ia64_model_write_dbr(&m, 1, BR_MASK(0x100));
	ia64_model_write_pmc(&m, 14, P14_RESET);
	ia64_model_write_pmc(&m, 13, (P13_CFG_ALL & ~P13_CFG(0, 1) &
				      ~P13_CFG(1, 1)) | P13_ENA(0) |
			     P13_ENA(1));
	q2_load(&m, 0x4000, 0x30080);
	q2_load(&m, 0x4000, 0x10080);
	q2_load(&m, 0x4000, 0x30100);
	CHECK_EQ(mt_count(&m, 4), 7);
	/* PSR.db: the DBRs are a debugger's */
	ia64_model_psr_bits(&m, IA64_MODEL_PSR_DB, true);
	q2_load(&m, 0x4000, 0x30080);
	CHECK_EQ(mt_count(&m, 4), 7);
}

/*
 * IA-32 code: the Itanium 2 qualification does not operate; an
 * instruction range event counts there, not in IA-64 code out of range
 */
TEST(ita2_qual_ia32)
{
	struct ia64_model m;
	struct ia64_pmu_rec_event ev = { .code = 0x40, .inc = 1 }; /* L1I_R. */
	u8 buf[64];

	q2_init(&m, 0x40, 0);
	q2_ibr(&m, 0, 0x4000, BR_MASK(0x100), 0xf);
	ia64_model_write_pmc(&m, 14, P14_RESET & ~P14_IBRP(0));
	mt_cycles(buf, 3, 0, IA64_PMU_ISA_IA32, 1, &ev);
	mt_run_all(&m, buf);
	mt_cycles(buf, 5, 0, IA64_PMU_ISA_IA64, 1, &ev);
	mt_run_all(&m, buf);
	CHECK_EQ(mt_count(&m, 4), 3);
}
