// SPDX-License-Identifier: GPL-2.0
/*
 * The branch trace buffer capture condition ([ITA-RM] §6.2.8.1, Figure
 * 6-22, Table 6-21): the manual's recipe for all mispredicted branches,
 * and every tm/ptm/ppm setting against Table 6-21 written out below as
 * sets of branch outcomes, in the reading described at btb_check() in
 * pmu_model.c.
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
