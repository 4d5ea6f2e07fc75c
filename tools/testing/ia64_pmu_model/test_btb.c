// SPDX-License-Identifier: GPL-2.0
/*
 * The branch trace buffer capture condition ([ITA-RM] §6.2.8.1, Figure
 * 6-22, Table 6-21): the manual's recipe for all mispredicted branches,
 * and every tm/ptm/ppm setting against Table 6-21 written out below as
 * sets of branch outcomes, in the reading described at btb_check() in
 * pmu_model_btb.c. Then the Itanium 2's BTB: brt, ds, PMD16.
 */
#include "model_test.h"

#define TK		IA64_PMU_REC_BR_TAKEN
#define MP_PATH		IA64_PMU_REC_BR_MISPRED_PATH
#define MP_TGT		IA64_PMU_REC_BR_MISPRED_TARGET

/* PMC12 fields, Figure 6-22 */
#define PMC12(tm, ptm, ppm)	(0xfULL | (u64)(tm) << 8 | \
				 (u64)(ptm) << 10 | (u64)(ppm) << 12)
#define PMC12_TAR		(1ULL << 7)
#define PMC12_BPT		(1ULL << 14)
#define PMC12_BAC		(1ULL << 15)

/* The PMC12 bit that admits each predictor's branches (§6.2.8.1) */
static const u64 predictor_bit[3] = {
	[IA64_PMU_PRED_TAR] = PMC12_TAR,
	[IA64_PMU_PRED_TAC] = PMC12_BPT,
	[IA64_PMU_PRED_BAC] = PMC12_BAC,
};

/* The outcomes of one branch, as members of a set */
#define NT_OK		0x01	/* not taken, predicted not taken */
#define TK_OK		0x02	/* taken, path and target predicted */
#define NT_PATH		0x04	/* not taken, predicted taken */
#define TK_PATH		0x08	/* taken, predicted not taken */
#define TK_TGT		0x10	/* taken as predicted, wrong target */
#define ALL		0x1f

static const struct {
	u32 flags;
	unsigned int outcome;
} outcomes[] = {
	{ 0, NT_OK },
	{ TK, TK_OK },
	{ MP_PATH, NT_PATH },
	{ TK | MP_PATH, TK_PATH },
	{ TK | MP_TGT, TK_TGT },
	/* a target is only predicted on the predicted path */
	{ TK | MP_PATH | MP_TGT, TK_PATH },
};

/* Table 6-21 tm: 00 none, 01 not taken only, 10 taken only, 11 all */
static const unsigned int tm_set[4] = {
	0, NT_OK | NT_PATH, TK_OK | TK_PATH | TK_TGT, ALL,
};

/*
 * Table 6-21 ptm: 01 target mispredicted, 10 target predicted correctly;
 * only a taken branch on the predicted path has a target prediction.
 * ppm: 01 path (taken/not taken) mispredicted, 10 predicted correctly.
 * 11 ("regardless of" the outcome) selects nothing of its own: the
 * other mask decides. 00 captures no branch.
 */
static const unsigned int ptm_set[4] = { 0, TK_TGT, TK_OK, ALL };
static const unsigned int ppm_set[4] = {
	0, NT_PATH | TK_PATH, NT_OK | TK_OK | TK_TGT, ALL,
};

/* The outcomes that tm, ptm and ppm capture */
static unsigned int captured(unsigned int tm, unsigned int ptm,
			     unsigned int ppm)
{
	unsigned int set;

	if (!ptm || !ppm)
		set = 0;
	else if (ptm == 3)
		set = ppm_set[ppm];
	else if (ppm == 3)
		set = ptm_set[ptm];
	else	/* both select: a branch either selects (the recipe) */
		set = ptm_set[ptm] | ppm_set[ppm];
	return tm_set[tm] & set;
}

/*
 * Run one branch with @flags, predicted by @predictor, under PMC12 =
 * @pmc12 from an empty BTB; return PMD16 and the first entry, frozen
 */
static u64 btb_run(u64 pmc12, u32 flags, unsigned int predictor,
		   u64 *entry)
{
	struct ia64_model m;
	u8 buf[64];

	mt_init(&m);
	ia64_model_write_pmc(&m, 12, pmc12);
	ia64_model_write_pmd(&m, 16, 0);
	mt_branch(buf, 0x1010, 1, 0x2000, flags, predictor);
	mt_run_all(&m, buf);
	*entry = mt_read_frozen(&m, 8);
	return mt_read_frozen(&m, 16);
}

/*
 * [ITA-RM] §6.2.8.1: "tm=11, ptm=01, ppm=01, bpt=1, bac=1, tar=1"
 * captures all mispredicted branches: each whose path (taken or not) or
 * target (taken) was mispredicted, as an entry with mp = 1 (Table
 * 6-22), and no correctly predicted one
 */
TEST(btb_recipe_captures_all_mispredicted_6_2_8_1)
{
	u64 pmc = PMC12(3, 1, 1) | PMC12_TAR | PMC12_BPT | PMC12_BAC;
	unsigned int i, p;
	u64 entry;

	for (i = 0; i < ARRAY_SIZE(outcomes); i++)
		for (p = 0; p < 3; p++) {
			u32 f = outcomes[i].flags;
			bool mp = f & (MP_PATH | MP_TGT);

			CHECK_EQ(btb_run(pmc, f, p, &entry), mp ? 2 : 0);
			if (mp)
				CHECK_EQ(entry & 3, 3);		/* b, mp */
		}
}

/*
 * [ITA-RM] Table 6-21: every tm/ptm/ppm setting with every tar/bpt/bac
 * subset, for every branch outcome from every predictor
 */
TEST(btb_capture_masks_table_6_21)
{
	const unsigned int nr_out = ARRAY_SIZE(outcomes);
	unsigned int tm, ptm, ppm, pred, p, o, n, bad = 0;
	u64 entry;

	for (n = 0; n < 4 * 4 * 4 * 8 * 3 * nr_out; n++) {
		u64 pmc;
		bool want, got;

		tm = n & 3;
		ptm = (n >> 2) & 3;
		ppm = (n >> 4) & 3;
		pred = (n >> 6) & 7;		/* tar, bpt, bac */
		p = (n >> 9) % 3;		/* the predictor */
		o = (n >> 9) / 3;		/* the outcome */
		pmc = PMC12(tm, ptm, ppm) | (pred & 1 ? PMC12_TAR : 0) |
		      (pred & 2 ? PMC12_BPT : 0) | (pred & 4 ? PMC12_BAC : 0);
		want = (captured(tm, ptm, ppm) & outcomes[o].outcome) &&
		       (pmc & predictor_bit[p]);
		got = btb_run(pmc, outcomes[o].flags, p, &entry) == 2;
		if (got == want || bad++ >= 8)
			continue;
		printf("  pmc12 0x%llx, branch flags 0x%x, predictor %u: %s\n",
		       (unsigned long long)pmc, outcomes[o].flags, p,
		       want ? "not captured" : "captured");
	}
	if (bad) {
		printf("  %u cases disagree with Table 6-21\n", bad);
		model_test_failed = 1;
	}
}

/*
 * The Itanium 2's BTB ([PFM-I2] "BRANCH TRACE BUFFER"; bit positions of
 * libpfm 3.x pfmlib_itanium2.h): PMC12 plm 3:0, pm 6, ds 7, tm 9:8,
 * ptm 11:10, ppm 13:12, brt 15:14; PMD8-15 as on the Itanium with
 * ds = 0, address bits 40:4 and 63:61 only with ds = 1; PMD16 bbi 2:0,
 * full 3, per entry PMD8+i b1 at bit 4 + 4i and bruflush above it.
 */
#define ITA2_PMC12(tm, ptm, ppm, brt) \
	(PMC12(tm, ptm, ppm) | (u64)(brt) << 14)
#define ITA2_DS			(1ULL << 7)
#define ITA2_B1(i)		(1ULL << (4 + 4 * (i)))
#define ITA2_BRUFLUSH(i)	(1ULL << (5 + 4 * (i)))
#define NR_BTYPE		(IA64_PMU_BR_IND_CALL + 1)
#define BT(t)			(1U << IA64_PMU_BR_##t)

/*
 * brt: 00 all branches (libpfm's own "all branches" setting; the man
 * page's "no branch" for 00 contradicts it), 01 IP-relative, 10 returns,
 * 11 non-return indirect, in the model's reading of the record types
 */
static const unsigned int brt_set[4] = {
	(1U << NR_BTYPE) - 1,
	BT(COND) | BT(CALL) | BT(LOOP),
	BT(RET),
	BT(IND) | BT(IA) | BT(IND_CALL),
};

static void ita2_init(struct ia64_model *m)
{
	ia64_model_init(m, IA64_MODEL_ITANIUM2);
	ia64_model_write_pmc(m, 0, 0);
	ia64_model_set_psr(m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
}

/* Run a branch of @btype predicted by @predictor */
static void typed_branch(struct ia64_model *m, u64 ip, unsigned int slot,
			 u64 target, u32 flags, unsigned int predictor,
			 unsigned int btype)
{
	u8 buf[64];

	mt_branch(buf, ip, slot, target, flags, predictor);
	((struct ia64_pmu_rec_branch *)buf)->btype = btype;
	mt_run_all(m, buf);
}

static void ita2_branch(struct ia64_model *m, u64 ip, unsigned int slot,
			u64 target, u32 flags, unsigned int btype)
{
	typed_branch(m, ip, slot, target, flags, IA64_PMU_PRED_TAC, btype);
}

/*
 * Every PMC12 setting (tm, ptm, ppm, brt, ds) for every branch outcome,
 * branch type and predictor: tm/ptm/ppm select as on the Itanium (the
 * man page describes them as Table 6-21 does), brt by type, and no
 * predictor selection (bits 7 and 15:14 are ds and brt)
 */
TEST(ita2_btb_capture_every_pmc12)
{
	const unsigned int nr_out = ARRAY_SIZE(outcomes);
	unsigned int tm, ptm, ppm, brt, ds, bt, p, o, n, bad = 0;

	for (n = 0; n < 4 * 4 * 4 * 4 * 2 * NR_BTYPE * 3 * nr_out; n++) {
		struct ia64_model m;
		bool want, got;
		u64 pmc;

		tm = n & 3;
		ptm = (n >> 2) & 3;
		ppm = (n >> 4) & 3;
		brt = (n >> 6) & 3;
		ds = (n >> 8) & 1;
		bt = (n >> 9) % NR_BTYPE;
		p = (n >> 9) / NR_BTYPE % 3;
		o = (n >> 9) / NR_BTYPE / 3;
		pmc = ITA2_PMC12(tm, ptm, ppm, brt) | (ds ? ITA2_DS : 0);
		want = (captured(tm, ptm, ppm) & outcomes[o].outcome) &&
		       (brt_set[brt] & (1U << bt));
		ita2_init(&m);
		ia64_model_write_pmc(&m, 12, pmc);
		ia64_model_write_pmd(&m, 16, 0);
		typed_branch(&m, 0x1010, 1, 0x2000, outcomes[o].flags, p, bt);
		got = (mt_read_frozen(&m, 16) & 0xf) == 2;
		if (got == want || bad++ >= 8)
			continue;
		printf("  pmc12 0x%llx, flags 0x%x, btype %u, predictor %u: %s\n",
		       (unsigned long long)pmc, outcomes[o].flags, bt, p,
		       want ? "not captured" : "captured");
	}
	if (bad) {
		printf("  %u Itanium 2 cases disagree with [PFM-I2]\n", bad);
		model_test_failed = 1;
	}
}

/* The entry formats: ds = 0 full addresses, ds = 1 bits 63:61 and 40:4 */
TEST(ita2_btb_entries_ds0_ds1)
{
	const u64 ip = 0x6000123456789ab0ULL, tgt = 0x6000123456789c00ULL;
	struct ia64_model m;

	ita2_init(&m);
	ia64_model_write_pmc(&m, 12, ITA2_PMC12(3, 3, 3, 0));
	ia64_model_write_pmd(&m, 16, 0);
	ita2_branch(&m, ip, 1, tgt, TK, IA64_PMU_BR_COND);
	ita2_branch(&m, ip + 0x10, 2, tgt, TK | MP_TGT, IA64_PMU_BR_RET);
	ita2_branch(&m, ip + 0x20, 0, ip + 0x30, 0, IA64_PMU_BR_COND);
	/* b, mp, slot (3: not taken), address; a target has mp = 1 */
	CHECK_EQ(mt_read_frozen(&m, 8), ip | 1 << 2 | 1);
	CHECK_EQ(mt_read_frozen(&m, 9), tgt | 2);
	CHECK_EQ(mt_read_frozen(&m, 10), (ip + 0x10) | 2 << 2 | 2 | 1);
	CHECK_EQ(mt_read_frozen(&m, 11), tgt | 2);
	CHECK_EQ(mt_read_frozen(&m, 12), (ip + 0x20) | 3 << 2 | 1);
	CHECK_EQ(mt_read_frozen(&m, 13), (ip + 0x30) | 2);
	/* bbi 6; bruflush on the mispredicted branch's entry only, b1 0 */
	CHECK_EQ(mt_read_frozen(&m, 16), ITA2_BRUFLUSH(2) | 6);

	/* ds = 1: bits 60:41 hold prediction information (0 here) */
	ia64_model_write_pmc(&m, 12, ITA2_PMC12(3, 3, 3, 0) | ITA2_DS);
	ia64_model_write_pmd(&m, 16, 0);
	ita2_branch(&m, ip, 1, tgt, TK, IA64_PMU_BR_COND);
	CHECK_EQ(mt_read_frozen(&m, 8), 0x6000003456789ab0ULL | 1 << 2 | 1);
	CHECK_EQ(mt_read_frozen(&m, 9), 0x6000003456789c00ULL | 2);
	CHECK_EQ(mt_read_frozen(&m, 16), 2);
}

/*
 * The ring: bbi advances by two per branch, wraps with the sticky full
 * bit, and each entry's extension bits are rewritten with it; PMD16's
 * implemented bits; the BTB PMDs read undefined while not frozen
 */
TEST(ita2_btb_ring_pmd16)
{
	struct ia64_model m;
	unsigned int i;
	u64 idx;

	ita2_init(&m);
	ia64_model_write_pmc(&m, 12, ITA2_PMC12(2, 3, 3, 0));
	ia64_model_write_pmd(&m, 16, ~0ULL);
	CHECK_EQ(mt_read_frozen(&m, 16), 0x33333333fULL);
	ia64_model_write_pmd(&m, 16, 0);
	/* five branches, every second mispredicted: ten entries */
	for (i = 0; i < 5; i++)
		ita2_branch(&m, 0x10000 + 0x100 * i, 0, 0x20000 + 0x100 * i,
			    TK | (i % 2 ? MP_TGT : 0), IA64_PMU_BR_COND);
	idx = mt_read_frozen(&m, 16);
	CHECK_EQ(idx & 0xf, 0x8 | 2);		/* full, bbi 10 % 8 */
	/* branch 4 in PMD8, its target in PMD9; 1 in PMD10, 3 in PMD14 */
	CHECK_EQ(mt_read_frozen(&m, 8), 0x10400ULL | 1);
	CHECK_EQ(mt_read_frozen(&m, 9), 0x20400ULL | 2);
	CHECK_EQ(mt_read_frozen(&m, 10), 0x10100ULL | 3);
	CHECK_EQ(idx & ~0xfULL, ITA2_BRUFLUSH(2) | ITA2_BRUFLUSH(6));
	for (i = 0; i < 8; i++)
		CHECK(!(idx & ITA2_B1(i)));
	/* a branch that is not mispredicted clears its entry's bruflush */
	ita2_branch(&m, 0x10500, 0, 0x20500, TK, IA64_PMU_BR_COND);
	ita2_branch(&m, 0x10600, 0, 0x20600, TK, IA64_PMU_BR_COND);
	idx = mt_read_frozen(&m, 16);
	CHECK_EQ(idx, ITA2_BRUFLUSH(6) | 0x8 | 6);
	/* the BTB registers read undefined while the PMU runs */
	for (i = 8; i <= 16; i++)
		CHECK_EQ(ia64_model_read_pmd(&m, i), IA64_MODEL_PMD_UNFROZEN);
	/* writing PMD16 = 0 empties it */
	ia64_model_write_pmd(&m, 16, 0);
	CHECK_EQ(mt_read_frozen(&m, 16), 0);
}

/* BRANCH_EVENT (0x11) counts the branches the BTB captures, by brt */
TEST(ita2_btb_branch_event_counts_captures)
{
	static const unsigned int types[] = {
		IA64_PMU_BR_COND, IA64_PMU_BR_CALL, IA64_PMU_BR_RET,
		IA64_PMU_BR_IND, IA64_PMU_BR_LOOP, IA64_PMU_BR_IA,
		IA64_PMU_BR_IND_CALL,
	};
	static const unsigned int want[4] = { 7, 3, 1, 3 };
	unsigned int brt, i;

	for (brt = 0; brt < 4; brt++) {
		struct ia64_model m;

		ita2_init(&m);
		ia64_model_write_pmc(&m, 4, mt_pmc(0x11, 0, 0xf, 0) |
					    (1ULL << 23));
		ia64_model_write_pmd(&m, 4, 0);
		ia64_model_write_pmc(&m, 12, ITA2_PMC12(2, 3, 3, brt));
		for (i = 0; i < ARRAY_SIZE(types); i++)
			ita2_branch(&m, 0x10000 + 0x100 * i, 0, 0x30000, TK,
				    types[i]);
		CHECK_EQ(ia64_model_read_pmd(&m, 4), want[brt]);
	}
}

/* The Itanium has no brt: bits 15:14 are bac/bpt, every type captured */
TEST(ita_btb_no_branch_type_filter)
{
	struct ia64_model m;
	unsigned int bt;

	for (bt = 0; bt < NR_BTYPE; bt++) {
		mt_init(&m);
		ia64_model_write_pmc(&m, 12, PMC12(2, 3, 3) | PMC12_BPT);
		ia64_model_write_pmd(&m, 16, 0);
		typed_branch(&m, 0x1010, 1, 0x2000, TK, IA64_PMU_PRED_TAC, bt);
		CHECK_EQ(mt_read_frozen(&m, 16), 2);
	}
}

/*
 * A branch in the second bundle of its issue group (flag BUNDLE1): the
 * Itanium 2 records the group's first bundle with PMD16's b1 set, the
 * Itanium the branch's own bundle
 */
TEST(btb_bundle1_b1)
{
	const u32 b1 = IA64_PMU_REC_BR_BUNDLE1;
	struct ia64_model m;

	ita2_init(&m);
	ia64_model_write_pmc(&m, 12, ITA2_PMC12(3, 3, 3, 0));
	ia64_model_write_pmd(&m, 16, 0);
	ita2_branch(&m, 0x10010, 2, 0x20000, TK | b1, IA64_PMU_BR_COND);
	ita2_branch(&m, 0x20010, 0, 0x30000, TK | MP_TGT | b1,
		    IA64_PMU_BR_COND);
	ita2_branch(&m, 0x30000, 1, 0x40000, TK, IA64_PMU_BR_COND);
	CHECK_EQ(mt_read_frozen(&m, 8), 0x10000 | 2 << 2 | 1);
	CHECK_EQ(mt_read_frozen(&m, 9), 0x20000 | 2);
	CHECK_EQ(mt_read_frozen(&m, 10), 0x20000 | 0 << 2 | 2 | 1);
	CHECK_EQ(mt_read_frozen(&m, 12), 0x30000 | 1 << 2 | 1);
	CHECK_EQ(mt_read_frozen(&m, 16), ITA2_B1(0) | ITA2_B1(2) |
					 ITA2_BRUFLUSH(2) | 6);

	mt_init(&m);
	ia64_model_write_pmc(&m, 12, PMC12(3, 3, 3) | PMC12_BPT);
	ia64_model_write_pmd(&m, 16, 0);
	typed_branch(&m, 0x10010, 2, 0x20000, TK | b1, IA64_PMU_PRED_TAC,
		     IA64_PMU_BR_COND);
	CHECK_EQ(mt_read_frozen(&m, 8), 0x10010 | 2 << 2 | 1);
	CHECK_EQ(mt_read_frozen(&m, 16), 2);
}
