// SPDX-License-Identifier: GPL-2.0
/*
 * The Montecito model's execution trace buffer in branch mode
 * (pmu_model_montecito.c montecito_btb, pmu_model_btb.c): PMC39's
 * capture fields, the ring of PMD48-63 with its index and full bit in
 * PMD38, the extension nibbles of PMD39 in their documented order,
 * ds = 1, plm = 0, the registers undefined while the PMU runs, and the
 * driver's decoder (ia64_pmu_btb.h) on what the model recorded.
 */
#include "model_test.h"
#include "ia64_pmu_btb.h"

#define TK		IA64_PMU_REC_BR_TAKEN
#define MP_TGT		IA64_PMU_REC_BR_MISPRED_TARGET
#define B1		IA64_PMU_REC_BR_BUNDLE1

/* PMC39 ([PFM-MONT]): plm 3:0, ds 7, tm, ptm, ppm, brt 15:14 */
#define PMC39(tm, ptm, ppm, brt)	(0xfULL | (u64)(tm) << 8 | \
					 (u64)(ptm) << 10 | \
					 (u64)(ppm) << 12 | (u64)(brt) << 14)
#define PMC39_DS	(1ULL << 7)
/* PMD38: next entry 3:0, full 5 */
#define PMD38_FULL	0x20ULL
/* PMD39: entry i's nibble, PMD48, 56, 49, 57, ... */
#define NIBBLE(i)	((i) < 8 ? 2 * (i) : 2 * ((i) - 8) + 1)
#define EXT_B1(i)	(1ULL << (4 * NIBBLE(i)))
#define EXT_FLUSH(i)	(2ULL << (4 * NIBBLE(i)))

/* A Montecito model with PMC39 = @pmc39 and an empty buffer */
static void etb_init(struct ia64_model *m, u64 pmc39)
{
	ia64_model_init(m, IA64_MODEL_MONTECITO);
	ia64_model_write_pmc(m, 0, 0);
	ia64_model_set_psr(m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
	ia64_model_write_pmc(m, 39, pmc39);
	ia64_model_write_pmd(m, 38, 0);
	ia64_model_write_pmd(m, 39, 0);
}

static void etb_branch(struct ia64_model *m, u64 ip, unsigned int slot,
		       u64 target, u32 flags, unsigned int btype)
{
	u8 buf[64];

	mt_branch(buf, ip, slot, target, flags, IA64_PMU_PRED_TAC);
	((struct ia64_pmu_rec_branch *)buf)->btype = btype;
	mt_run_all(m, buf);
}

/*
 * Nine branches fill the sixteen entries and wrap: full is set, the
 * index is 18 % 16; the ninth pair overwrote PMD48-49. b1 and bruflush
 * land in the nibble of their entry in PMD39's interleaved order.
 */
TEST(mont_etb_ring_pmd38_pmd39)
{
	struct ia64_model m;
	unsigned int i;
	u64 ext = 0;

	etb_init(&m, PMC39(2, 3, 3, 0));
	for (i = 0; i < 9; i++)
		etb_branch(&m, 0x10000 + 0x100 * i, 1, 0x20000 + 0x100 * i,
			   TK | (i % 3 == 1 ? MP_TGT : 0) | (i % 4 == 3 ? B1 : 0),
			   IA64_PMU_BR_COND);
	CHECK_EQ(mt_read_frozen(&m, 38), PMD38_FULL | 2);
	/* pair 8 in PMD48/49, pair 1 in PMD50/51, pair 7 in PMD62/63 */
	CHECK_EQ(mt_read_frozen(&m, 48), 0x10800ULL | 1 << 2 | 1);
	CHECK_EQ(mt_read_frozen(&m, 49), 0x20800ULL | 2);
	CHECK_EQ(mt_read_frozen(&m, 50), 0x10100ULL | 1 << 2 | 2 | 1);
	CHECK_EQ(mt_read_frozen(&m, 51), 0x20100ULL | 2);
	/* pair 7 (b1, mispredicted): the bundle before the branch's */
	CHECK_EQ(mt_read_frozen(&m, 62), 0x106f0ULL | 1 << 2 | 2 | 1);
	CHECK_EQ(mt_read_frozen(&m, 63), 0x20700ULL | 2);
	/* pairs 1, 4 and 7 mispredicted, pairs 3 and 7 in bundle 1 */
	for (i = 1; i < 9; i++) {
		unsigned int e = (2 * i) % 16;

		if (i % 3 == 1)
			ext |= EXT_FLUSH(e);
		if (i % 4 == 3)
			ext |= EXT_B1(e);
	}
	CHECK_EQ(mt_read_frozen(&m, 39), ext);
	/* the nibbles of PMD56 and PMD49: bits 7:4 and 19:16 */
	CHECK_EQ(EXT_B1(8), 1ULL << 4);
	CHECK_EQ(EXT_B1(2), 1ULL << 16);
	/* every ETB register reads undefined while the PMU runs */
	CHECK_EQ(ia64_model_read_pmd(&m, 38), IA64_MODEL_PMD_UNFROZEN);
	CHECK_EQ(ia64_model_read_pmd(&m, 39), IA64_MODEL_PMD_UNFROZEN);
	for (i = 48; i < 64; i++)
		CHECK_EQ(ia64_model_read_pmd(&m, i), IA64_MODEL_PMD_UNFROZEN);
	/* PMD38's implemented bits: 3:0 and 5 */
	ia64_model_write_pmd(&m, 38, ~0ULL);
	CHECK_EQ(mt_read_frozen(&m, 38), 0x2f);
}

/*
 * PMC39's fields select as PMC12's do on the Itanium 2: tm, the
 * prediction masks, brt by branch type; PMC12 is a counter here and
 * captures nothing; ETB_EVENT (0x11) counts the captured branches
 */
TEST(mont_etb_pmc39_selects)
{
	static const unsigned int types[] = {
		IA64_PMU_BR_COND, IA64_PMU_BR_CALL, IA64_PMU_BR_RET,
		IA64_PMU_BR_IND, IA64_PMU_BR_LOOP, IA64_PMU_BR_IA,
		IA64_PMU_BR_IND_CALL,
	};
	static const unsigned int want[4] = { 7, 3, 1, 3 };
	struct ia64_model m;
	unsigned int brt, i;

	for (brt = 0; brt < 4; brt++) {
		etb_init(&m, PMC39(2, 3, 3, brt));
		ia64_model_write_pmc(&m, 11, mt_pmc(0x11, 0, 0xf, 0));
		ia64_model_write_pmd(&m, 11, 0);
		for (i = 0; i < ARRAY_SIZE(types); i++)
			etb_branch(&m, 0x10000 + 0x100 * i, 0, 0x30000, TK,
				   types[i]);
		CHECK_EQ(mt_read_frozen(&m, 38), 2 * want[brt]);
		CHECK_EQ(mt_count(&m, 11), want[brt]);
	}
	/* tm = 01: not-taken branches only */
	etb_init(&m, PMC39(1, 3, 3, 0));
	etb_branch(&m, 0x10000, 0, 0x30000, TK, IA64_PMU_BR_COND);
	CHECK_EQ(mt_read_frozen(&m, 38), 0);
	etb_branch(&m, 0x10000, 0, 0x30000, 0, IA64_PMU_BR_COND);
	CHECK_EQ(mt_read_frozen(&m, 38), 2);
	CHECK_EQ(mt_read_frozen(&m, 48), 0x10000ULL | 3 << 2 | 1);
	/* ptm = 01: a mispredicted target only */
	etb_init(&m, PMC39(2, 1, 3, 0));
	etb_branch(&m, 0x10000, 0, 0x30000, TK, IA64_PMU_BR_COND);
	CHECK_EQ(mt_read_frozen(&m, 38), 0);
	etb_branch(&m, 0x10000, 0, 0x30000, TK | MP_TGT, IA64_PMU_BR_COND);
	CHECK_EQ(mt_read_frozen(&m, 38), 2);
	/* plm: privilege level 3 only, a kernel branch is not captured */
	etb_init(&m, PMC39(2, 3, 3, 0) & ~0x7ULL);
	etb_branch(&m, 0x10000, 0, 0x30000, TK, IA64_PMU_BR_COND);
	CHECK_EQ(mt_read_frozen(&m, 38), 0);
	/* PMC12 is a counter: a BTB image there captures nothing */
	etb_init(&m, 0);
	ia64_model_write_pmc(&m, 12, PMC39(2, 3, 3, 0));
	etb_branch(&m, 0x10000, 0, 0x30000, TK, IA64_PMU_BR_COND);
	CHECK_EQ(mt_read_frozen(&m, 38), 0);
}

/*
 * ds = 1 is reserved: the entries it writes are undefined. plm = 0 in
 * PMC39 leaves PMD38, 39 and 48-63 undefined, and a write to them while
 * plm = 0 is not preserved; another PMC's plm = 0 leaves them alone.
 */
TEST(mont_etb_ds_and_plm0)
{
	struct ia64_model m;
	unsigned int i;

	etb_init(&m, PMC39(2, 3, 3, 0) | PMC39_DS);
	etb_branch(&m, 0x10000, 0, 0x30000, TK, IA64_PMU_BR_COND);
	CHECK_EQ(mt_read_frozen(&m, 38), 2);
	CHECK_EQ(mt_read_frozen(&m, 48), IA64_MODEL_UNDEF);
	CHECK_EQ(mt_read_frozen(&m, 49), IA64_MODEL_UNDEF);

	etb_init(&m, PMC39(2, 3, 3, 0));
	etb_branch(&m, 0x10000, 0, 0x30000, TK | B1, IA64_PMU_BR_COND);
	ia64_model_write_pmc(&m, 37, 0);
	ia64_model_write_pmc(&m, 4, 0);
	CHECK_EQ(mt_read_frozen(&m, 38), 2);
	CHECK_EQ(mt_read_frozen(&m, 39), 1);
	ia64_model_write_pmc(&m, 39, 0);
	CHECK_EQ(mt_read_frozen(&m, 38), IA64_MODEL_UNDEF & 0x2f);
	CHECK_EQ(mt_read_frozen(&m, 39), IA64_MODEL_UNDEF);
	for (i = 48; i < 64; i++)
		CHECK_EQ(mt_read_frozen(&m, i), IA64_MODEL_UNDEF);
	ia64_model_write_pmd(&m, 38, 0);
	CHECK_EQ(mt_read_frozen(&m, 38), IA64_MODEL_UNDEF & 0x2f);
	/* plm != 0 with tm = 00 (at rest): content kept, nothing captured */
	ia64_model_write_pmc(&m, 39, 0x1);
	ia64_model_write_pmd(&m, 38, 0);
	etb_branch(&m, 0x10000, 0, 0x30000, TK, IA64_PMU_BR_COND);
	CHECK_EQ(mt_read_frozen(&m, 38), 0);
}

/*
 * What the driver makes of it: PMC39 from a perf filter on the
 * Montecito layout, twelve branches run (the last eight fit), and the
 * decoder gives those eight newest first, b1 corrected
 */
TEST(mont_etb_driver_decode_on_the_model)
{
	static const struct ia64_btb_layout mont = IA64_BTB_LAYOUT_MONTECITO;
	struct perf_branch_entry e[IA64_BTB_MAX];
	__u64 pmd[IA64_BTB_RAW_MAX], hw_idx;
	long long pmc39 = ia64_btb_pmc12(&mont, PERF_SAMPLE_BRANCH_ANY |
					 PERF_SAMPLE_BRANCH_USER, false);
	struct ia64_model m;
	unsigned int i, n;

	CHECK(pmc39 > 0);
	etb_init(&m, pmc39);
	for (i = 0; i < 12; i++) {
		u8 buf[64];

		mt_branch(buf, 0x4000000000010000ULL + 0x100 * i, 2,
			  0x4000000000020000ULL + 0x100 * i,
			  TK | (i % 2 ? B1 : 0), IA64_PMU_PRED_TAC);
		((struct ia64_pmu_rec_branch *)buf)->ctx.cpl = 3;
		mt_run_all(&m, buf);
	}
	for (i = 0; i < 16; i++)
		pmd[i] = mt_read_frozen(&m, mont.first_pmd + i);
	pmd[16] = mt_read_frozen(&m, mont.index_pmd);
	pmd[17] = mt_read_frozen(&m, mont.ext_pmd);
	n = ia64_btb_decode(&mont, pmd, IA64_BTB_KEEP_USER, NULL, e, &hw_idx);
	CHECK_EQ(n, 8);
	CHECK_EQ(hw_idx, (2 * 12 - 1) % 16);
	for (i = 0; i < n; i++) {
		unsigned int b = 11 - i;

		CHECK_EQ(e[i].from, 0x4000000000010000ULL + 0x100 * b + 2);
		CHECK_EQ(e[i].to, 0x4000000000020000ULL + 0x100 * b);
	}
	/* a kernel-only filter keeps none of these user branches */
	CHECK_EQ(ia64_btb_decode(&mont, pmd, IA64_BTB_KEEP_KERNEL, NULL, e,
				 &hw_idx), 0);
}
