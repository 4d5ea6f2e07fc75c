// SPDX-License-Identifier: GPL-2.0
/*
 * The driver's branch trace buffer code (drivers/perf/ia64/ia64_pmu_btb.h)
 * against the model: the PMC12 image of each perf branch filter captures
 * what it promises, and the decoder turns what the model recorded
 * ([ITA-RM] §6.2.8.2) into the branch stack perf expects. Hand-made
 * register images cover what the model never records in a test of a
 * few branches: orphan targets, the single-entry form, invalid entries.
 */
#include "model_test.h"
#include "ia64_pmu_ipear.h"

#define TK		IA64_PMU_REC_BR_TAKEN
#define MP_PATH		IA64_PMU_REC_BR_MISPRED_PATH
#define MP_TGT		IA64_PMU_REC_BR_MISPRED_TARGET

#define USER_IP(n)	(0x4000000000001000ULL + 0x100 * (n))
#define KERN_IP(n)	(0xa000000100001000ULL + 0x100 * (n))
#define TGT(ip)		((ip) + 0x40)

static const u64 any_user = PERF_SAMPLE_BRANCH_ANY |
			    PERF_SAMPLE_BRANCH_USER;

/* The layouts of the two CPU models' BTBs, as their descriptions give */
static const struct ia64_btb_layout ita = IA64_BTB_LAYOUT_ITANIUM;
static const struct ia64_btb_layout ita2 = IA64_BTB_LAYOUT_ITANIUM2;

/* Run a branch at @ip (slot 1, @cpl) in the model */
static void branch(struct ia64_model *m, u64 ip, unsigned int cpl,
		   u32 flags)
{
	u8 buf[64];

	mt_branch(buf, ip, 1, TGT(ip), flags, IA64_PMU_PRED_TAC);
	((struct ia64_pmu_rec_branch *)buf)->ctx.cpl = cpl;
	mt_run_all(m, buf);
}

/* A model whose BTB captures under PMC12 = @pmc12, from empty */
static void btb_model(struct ia64_model *m, long long pmc12)
{
	mt_init(m);
	CHECK(pmc12 > 0);
	ia64_model_write_pmc(m, IA64_BTB_PMC, pmc12);
	ia64_model_write_pmd(m, IA64_BTB_INDEX_PMD, 0);
}

/* Decode the model's BTB as the driver does: PMD8-16, frozen */
static unsigned int decode(struct ia64_model *m, unsigned int keep,
			   struct perf_branch_entry *e, __u64 *hw_idx)
{
	__u64 pmd[IA64_BTB_NR + 1];
	unsigned int i;

	for (i = 0; i <= IA64_BTB_NR; i++)
		pmd[i] = mt_read_frozen(m, IA64_BTB_FIRST_PMD + i);
	return ia64_btb_decode(&ita, pmd, keep, NULL, e, hw_idx);
}

/* The filters perf can ask for, and what the BTB cannot tell apart */
TEST(btb_pmc12_of_branch_filters)
{
	static const u64 unsupported[] = {
		PERF_SAMPLE_BRANCH_ANY_CALL, PERF_SAMPLE_BRANCH_ANY_RETURN,
		PERF_SAMPLE_BRANCH_IND_CALL, PERF_SAMPLE_BRANCH_ABORT_TX,
		PERF_SAMPLE_BRANCH_IN_TX, PERF_SAMPLE_BRANCH_NO_TX,
		PERF_SAMPLE_BRANCH_COND, PERF_SAMPLE_BRANCH_CALL_STACK,
		PERF_SAMPLE_BRANCH_IND_JUMP, PERF_SAMPLE_BRANCH_CALL,
	};
	u64 taken_any = IA64_PMC12_PM | IA64_PMC12_ALL_PRED |
			IA64_PMC12_TM(2) | IA64_PMC12_PTM(3) |
			IA64_PMC12_PPM(3);
	unsigned int i;

	CHECK_EQ(ia64_btb_pmc12(&ita, any_user, false),
		 taken_any | IA64_PMC12_PLM_USER);
	CHECK_EQ(ia64_btb_pmc12(&ita, any_user | PERF_SAMPLE_BRANCH_KERNEL |
				PERF_SAMPLE_BRANCH_HV, false),
		 taken_any | IA64_PMC12_PLM_USER | IA64_PMC12_PLM_KERNEL);
	CHECK_EQ(ia64_btb_pmc12(&ita, PERF_SAMPLE_BRANCH_ANY |
				PERF_SAMPLE_BRANCH_KERNEL, true),
		 (taken_any & ~(IA64_PMC12_PTM(3) | IA64_PMC12_PPM(3))) |
		 IA64_PMC12_PTM(1) | IA64_PMC12_PPM(1) |
		 IA64_PMC12_PLM_KERNEL);
	/* output flags change nothing */
	CHECK_EQ(ia64_btb_pmc12(&ita, any_user | IA64_BTB_OUTPUT_FLAGS, false),
		 taken_any | IA64_PMC12_PLM_USER);
	for (i = 0; i < ARRAY_SIZE(unsupported); i++) {
		CHECK_EQ(ia64_btb_pmc12(&ita, any_user | unsupported[i], false),
			 (u64)-EOPNOTSUPP);
		CHECK_EQ(ia64_btb_pmc12(&ita, PERF_SAMPLE_BRANCH_USER |
					unsupported[i], false),
			 (u64)-EOPNOTSUPP);
	}
	CHECK_EQ(ia64_btb_pmc12(&ita, PERF_SAMPLE_BRANCH_USER, false),
		 (u64)-EOPNOTSUPP);
	CHECK_EQ(ia64_btb_pmc12(&ita, PERF_SAMPLE_BRANCH_ANY |
				PERF_SAMPLE_BRANCH_HV, false), (u64)-EINVAL);
	CHECK_EQ(ia64_btb_pmc12(&ita, 1ULL << 40 | any_user, false),
		 (u64)-EOPNOTSUPP);
}

/*
 * ANY|USER on the model: taken user branches, predicted or not; no
 * not-taken branch, no kernel branch. Newest first, exact addresses.
 */
TEST(btb_any_user_captures_taken_user_branches)
{
	struct perf_branch_entry e[IA64_BTB_NR];
	struct ia64_model m;
	__u64 hw_idx;

	btb_model(&m, ia64_btb_pmc12(&ita, any_user, false));
	branch(&m, USER_IP(0), 3, TK);
	branch(&m, USER_IP(1), 3, 0);			/* not taken */
	branch(&m, USER_IP(2), 3, TK | MP_TGT);
	branch(&m, KERN_IP(3), 0, TK);			/* kernel */
	branch(&m, USER_IP(4), 3, TK | MP_PATH);
	CHECK_EQ(decode(&m, IA64_BTB_KEEP_USER, e, &hw_idx), 3);
	CHECK_EQ(hw_idx, 5);				/* 6 entries */
	CHECK_EQ(e[0].from, USER_IP(4) + 1);
	CHECK_EQ(e[0].to, TGT(USER_IP(4)));
	CHECK_EQ(e[0].mispred, 1);
	CHECK_EQ(e[0].predicted, 0);
	CHECK_EQ(e[0].priv, PERF_BR_PRIV_USER);
	CHECK_EQ(e[1].from, USER_IP(2) + 1);
	CHECK_EQ(e[1].mispred, 1);
	CHECK_EQ(e[2].from, USER_IP(0) + 1);
	CHECK_EQ(e[2].to, TGT(USER_IP(0)));
	CHECK_EQ(e[2].mispred, 0);
	CHECK_EQ(e[2].predicted, 1);
	CHECK_EQ(e[2].cycles, 0);
	CHECK_EQ(e[2].type, PERF_BR_UNKNOWN);
}

/* br_mispred: only the taken branches that were mispredicted */
TEST(btb_mispred_only)
{
	struct perf_branch_entry e[IA64_BTB_NR];
	struct ia64_model m;
	__u64 hw_idx;

	btb_model(&m, ia64_btb_pmc12(&ita, any_user, true));
	branch(&m, USER_IP(0), 3, TK);
	branch(&m, USER_IP(1), 3, TK | MP_TGT);
	branch(&m, USER_IP(2), 3, MP_PATH);		/* not taken */
	branch(&m, USER_IP(3), 3, TK | MP_PATH);
	CHECK_EQ(decode(&m, IA64_BTB_KEEP_USER, e, &hw_idx), 2);
	CHECK_EQ(e[0].from, USER_IP(3) + 1);
	CHECK_EQ(e[1].from, USER_IP(1) + 1);
	CHECK(e[0].mispred && e[1].mispred);
}

/* Six branches fill the ring past its end: the last four remain */
TEST(btb_ring_wraps)
{
	struct perf_branch_entry e[IA64_BTB_NR];
	struct ia64_model m;
	unsigned int i;
	__u64 hw_idx;

	btb_model(&m, ia64_btb_pmc12(&ita, any_user, false));
	for (i = 0; i < 6; i++)
		branch(&m, USER_IP(i), 3, TK);
	CHECK_EQ(mt_read_frozen(&m, IA64_BTB_INDEX_PMD), IA64_BTB_FULL | 4);
	CHECK_EQ(decode(&m, IA64_BTB_KEEP_USER, e, &hw_idx), 4);
	CHECK_EQ(hw_idx, 3);
	for (i = 0; i < 4; i++)
		CHECK_EQ(e[i].from, USER_IP(5 - i) + 1);
}

/* An empty BTB, and one reset by writing PMD16 (Table 6-23) */
TEST(btb_empty_and_reset)
{
	struct perf_branch_entry e[IA64_BTB_NR];
	struct ia64_model m;
	__u64 hw_idx;

	btb_model(&m, ia64_btb_pmc12(&ita, any_user, false));
	CHECK_EQ(decode(&m, IA64_BTB_KEEP_USER, e, &hw_idx), 0);
	CHECK_EQ(hw_idx, (u64)-1);
	branch(&m, USER_IP(0), 3, TK);
	ia64_model_write_pmd(&m, IA64_BTB_INDEX_PMD, 0);
	CHECK_EQ(decode(&m, IA64_BTB_KEEP_USER, e, &hw_idx), 0);
	branch(&m, USER_IP(1), 3, TK);
	CHECK_EQ(decode(&m, IA64_BTB_KEEP_USER, e, &hw_idx), 1);
	CHECK_EQ(e[0].from, USER_IP(1) + 1);
}

#define BR(addr, slot, mp)	((addr) | (u64)(slot) << 2 | \
				 (u64)(mp) << 1 | IA64_BTB_B)
#define TG(addr)		((addr) | IA64_BTB_MP)

/*
 * Register images: full ring starting at PMD8 + 3 with an orphan target
 * (its branch overwritten), a branch whose target bundle holds the next
 * branch (single entry), a not-taken branch with its target, an invalid
 * entry, a kernel branch, and the newest branch without its target.
 */
TEST(btb_decode_register_images)
{
	struct perf_branch_entry e[IA64_BTB_NR];
	__u64 pmd[IA64_BTB_NR + 1], hw_idx;
	unsigned int n;

	/* ring order, oldest first, from PMD8 + 3 */
	pmd[3] = TG(0x4000000000000100ULL);		/* orphan */
	pmd[4] = BR(0x4000000000000200ULL, 2, 0);
	pmd[5] = BR(0x4000000000000300ULL, 0, 1);	/* in 0x200's target */
	pmd[6] = TG(0x4000000000000400ULL);
	pmd[7] = BR(0x4000000000000500ULL, 3, 0);	/* not taken */
	pmd[0] = TG(0x4000000000000510ULL);
	pmd[1] = 0;					/* invalid */
	pmd[2] = BR(0x4000000000000600ULL, 1, 0);	/* no target yet */
	pmd[8] = IA64_BTB_FULL | 3;
	n = ia64_btb_decode(&ita, pmd, IA64_BTB_KEEP_USER, NULL, e, &hw_idx);
	CHECK_EQ(n, 2);
	CHECK_EQ(hw_idx, 2);
	CHECK_EQ(e[0].from, 0x4000000000000300ULL);
	CHECK_EQ(e[0].to, 0x4000000000000400ULL);
	CHECK_EQ(e[0].mispred, 1);
	CHECK_EQ(e[1].from, 0x4000000000000202ULL);
	CHECK_EQ(e[1].to, 0x4000000000000300ULL);

	/* privilege: a branch into the kernel is dropped under user only */
	pmd[0] = BR(0x4000000000000700ULL, 0, 0);
	pmd[1] = TG(0xa000000100000000ULL);
	pmd[2] = BR(0xa000000100000010ULL, 1, 0);
	pmd[3] = TG(0xa000000100000100ULL);
	pmd[8] = 4;
	CHECK_EQ(ia64_btb_decode(&ita, pmd, IA64_BTB_KEEP_USER, NULL,
				 e, &hw_idx), 0);
	n = ia64_btb_decode(&ita, pmd, IA64_BTB_KEEP_KERNEL, NULL, e, &hw_idx);
	CHECK_EQ(n, 1);
	CHECK_EQ(e[0].from, 0xa000000100000011ULL);
	CHECK_EQ(e[0].priv, PERF_BR_PRIV_KERNEL);
	CHECK_EQ(ia64_btb_decode(&ita, pmd, IA64_BTB_KEEP_USER |
				 IA64_BTB_KEEP_KERNEL, NULL, e, &hw_idx), 2);
}

/*
 * The Itanium 2 ([PFM-I2], ia64_pmu_btb.h): PMC12 without tar/bpt/bac,
 * brt 15:14 selecting the branch types perf can ask for exactly
 */
TEST(btb_ita2_pmc12_of_branch_filters)
{
	static const u64 unsupported[] = {
		PERF_SAMPLE_BRANCH_ANY_CALL, PERF_SAMPLE_BRANCH_IND_CALL,
		PERF_SAMPLE_BRANCH_IND_JUMP, PERF_SAMPLE_BRANCH_COND,
		PERF_SAMPLE_BRANCH_CALL, PERF_SAMPLE_BRANCH_CALL_STACK,
		PERF_SAMPLE_BRANCH_ABORT_TX, PERF_SAMPLE_BRANCH_IN_TX,
		PERF_SAMPLE_BRANCH_NO_TX,
		PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_ANY_RETURN,
		PERF_SAMPLE_BRANCH_ANY_RETURN | PERF_SAMPLE_BRANCH_IND_CALL,
		PERF_SAMPLE_BRANCH_ANY_RETURN | PERF_SAMPLE_BRANCH_IND_CALL |
		PERF_SAMPLE_BRANCH_IND_JUMP,
		PERF_SAMPLE_BRANCH_IND_CALL | PERF_SAMPLE_BRANCH_IND_JUMP |
		PERF_SAMPLE_BRANCH_COND,
	};
	const u64 ind = PERF_SAMPLE_BRANCH_IND_CALL |
			PERF_SAMPLE_BRANCH_IND_JUMP;
	const u64 user = PERF_SAMPLE_BRANCH_USER;
	/* plm 3, pm, tm 10, ptm = ppm = 11: no bit 7 (ds), brt 00 */
	const u64 taken = 0x8 | 1ULL << 6 | 2ULL << 8 | 3ULL << 10 |
			  3ULL << 12;
	const u64 mispred = 0x8 | 1ULL << 6 | 2ULL << 8 | 1ULL << 10 |
			    1ULL << 12;
	unsigned int i;

	CHECK_EQ(ia64_btb_pmc12(&ita2, any_user, false), taken);
	CHECK_EQ(ia64_btb_pmc12(&ita2, PERF_SAMPLE_BRANCH_ANY_RETURN | user,
				false), taken | 2ULL << 14);
	CHECK_EQ(ia64_btb_pmc12(&ita2, ind | user, false), taken | 3ULL << 14);
	CHECK_EQ(ia64_btb_pmc12(&ita2, ind | user |
				PERF_SAMPLE_BRANCH_KERNEL, true),
		 mispred | 0x1 | 3ULL << 14);
	CHECK_EQ(ia64_btb_pmc12(&ita2, PERF_SAMPLE_BRANCH_ANY_RETURN | user |
				IA64_BTB_OUTPUT_FLAGS, true),
		 mispred | 2ULL << 14);
	CHECK_EQ(ia64_btb_pmc12(&ita2, PERF_SAMPLE_BRANCH_ANY_RETURN |
				PERF_SAMPLE_BRANCH_HV, false), (u64)-EINVAL);
	for (i = 0; i < ARRAY_SIZE(unsupported); i++)
		CHECK_EQ(ia64_btb_pmc12(&ita2, unsupported[i] | user, false),
			 (u64)-EOPNOTSUPP);
	/* the Itanium has no brt: only ANY */
	CHECK_EQ(ia64_btb_pmc12(&ita, PERF_SAMPLE_BRANCH_ANY_RETURN | user,
				false), (u64)-EOPNOTSUPP);
	CHECK_EQ(ia64_btb_pmc12(&ita, ind | user, false), (u64)-EOPNOTSUPP);
}

/* Run a branch of @btype at @ip (slot 1, user) on the model */
static void typed(struct ia64_model *m, u64 ip, u32 flags,
		  unsigned int btype)
{
	u8 buf[64];

	mt_branch(buf, ip, 1, TGT(ip), flags, IA64_PMU_PRED_TAC);
	((struct ia64_pmu_rec_branch *)buf)->ctx.cpl = 3;
	((struct ia64_pmu_rec_branch *)buf)->btype = btype;
	mt_run_all(m, buf);
}

static unsigned int ita2_decode(struct ia64_model *m,
				struct perf_branch_entry *e)
{
	__u64 pmd[IA64_BTB_NR + 1], hw_idx;
	unsigned int i;

	for (i = 0; i <= IA64_BTB_NR; i++)
		pmd[i] = mt_read_frozen(m, IA64_BTB_FIRST_PMD + i);
	return ia64_btb_decode(&ita2, pmd, IA64_BTB_KEEP_USER, NULL,
			       e, &hw_idx);
}

/*
 * The Itanium 2 model under each filter's PMC12: one branch of each
 * type, and the stack holds exactly those of the filter, newest first
 */
TEST(btb_ita2_filters_on_the_model)
{
	static const struct {
		u64 bst;
		unsigned int nr;
		unsigned int types[4];	/* newest first */
	} t[] = {
		{ PERF_SAMPLE_BRANCH_ANY, 4, { IA64_PMU_BR_IND_CALL,
		  IA64_PMU_BR_IA, IA64_PMU_BR_LOOP, IA64_PMU_BR_IND } },
		{ PERF_SAMPLE_BRANCH_ANY_RETURN, 1, { IA64_PMU_BR_RET } },
		{ PERF_SAMPLE_BRANCH_IND_CALL | PERF_SAMPLE_BRANCH_IND_JUMP, 3,
		  { IA64_PMU_BR_IND_CALL, IA64_PMU_BR_IA, IA64_PMU_BR_IND } },
	};
	struct perf_branch_entry e[IA64_BTB_NR];
	struct ia64_model m;
	unsigned int i, k, bt;

	for (i = 0; i < ARRAY_SIZE(t); i++) {
		long long pmc12 = ia64_btb_pmc12(&ita2, t[i].bst |
						 PERF_SAMPLE_BRANCH_USER,
						 false);

		CHECK(pmc12 > 0);
		ia64_model_init(&m, IA64_MODEL_ITANIUM2);
		ia64_model_write_pmc(&m, 0, 0);
		ia64_model_set_psr(&m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
		ia64_model_write_pmc(&m, IA64_BTB_PMC, pmc12);
		ia64_model_write_pmd(&m, IA64_BTB_INDEX_PMD, 0);
		/* branch bt at USER_IP(bt), every third mispredicted */
		for (bt = 0; bt <= IA64_PMU_BR_IND_CALL; bt++)
			typed(&m, USER_IP(bt), TK | (bt % 3 ? 0 : MP_TGT), bt);
		CHECK_EQ(ita2_decode(&m, e), t[i].nr);
		for (k = 0; k < t[i].nr; k++) {
			bt = t[i].types[k];
			CHECK_EQ(e[k].from, USER_IP(bt) + 1);
			CHECK_EQ(e[k].to, TGT(USER_IP(bt)));
			CHECK_EQ(e[k].mispred, bt % 3 == 0);
		}
	}
}

/*
 * Itanium 2 register images: PMD16's b1 puts a branch one bundle after
 * the bundle recorded, for its "from"; in the single-entry form the
 * recorded bundle, where execution arrived, is the "to" of the branch
 * before it; b1 of a target entry and bruflush change nothing; the
 * Itanium's layout has no such bits
 */
TEST(btb_ita2_decode_b1)
{
	struct perf_branch_entry e[IA64_BTB_NR];
	__u64 pmd[IA64_BTB_NR + 1], hw_idx;
	unsigned int n;

	memset(pmd, 0, sizeof(pmd));
	pmd[0] = BR(0x4000000000000200ULL, 2, 0);	/* b1: at 0x210 */
	pmd[1] = BR(0x4000000000000300ULL, 0, 1);	/* b1: at 0x310 */
	pmd[2] = TG(0x4000000000000400ULL);		/* b1: ignored */
	pmd[3] = BR(0x4000000000000500ULL, 1, 1);	/* bruflush only */
	pmd[4] = TG(0x4000000000000600ULL);
	pmd[8] = 5 | 1ULL << (4 + 4 * 0) | 1ULL << (4 + 4 * 1) |
		 1ULL << (4 + 4 * 2) | 1ULL << (5 + 4 * 3);
	n = ia64_btb_decode(&ita2, pmd, IA64_BTB_KEEP_USER, NULL, e, &hw_idx);
	CHECK_EQ(n, 3);
	CHECK_EQ(hw_idx, 4);
	CHECK_EQ(e[0].from, 0x4000000000000501ULL);
	CHECK_EQ(e[0].to, 0x4000000000000600ULL);
	CHECK_EQ(e[1].from, 0x4000000000000310ULL);
	CHECK_EQ(e[1].to, 0x4000000000000400ULL);
	CHECK_EQ(e[2].from, 0x4000000000000212ULL);
	CHECK_EQ(e[2].to, 0x4000000000000300ULL);
	/* the same image on the Itanium's layout: the bundles as recorded */
	n = ia64_btb_decode(&ita, pmd, IA64_BTB_KEEP_USER, NULL, e, &hw_idx);
	CHECK_EQ(n, 3);
	CHECK_EQ(e[1].from, 0x4000000000000300ULL);
	CHECK_EQ(e[2].from, 0x4000000000000202ULL);
	CHECK_EQ(e[2].to, 0x4000000000000300ULL);
}

/*
 * The Itanium 2 model records branches of flag BUNDLE1 at the bundle
 * before theirs with b1 set: decoded, "from" is the branch's own
 */
TEST(btb_ita2_bundle1_on_the_model)
{
	struct perf_branch_entry e[IA64_BTB_NR];
	struct ia64_model m;
	unsigned int i;

	ia64_model_init(&m, IA64_MODEL_ITANIUM2);
	ia64_model_write_pmc(&m, 0, 0);
	ia64_model_set_psr(&m, IA64_MODEL_PSR_UP | IA64_MODEL_PSR_PP);
	ia64_model_write_pmc(&m, IA64_BTB_PMC,
			     ia64_btb_pmc12(&ita2, any_user, false));
	ia64_model_write_pmd(&m, IA64_BTB_INDEX_PMD, 0);
	for (i = 0; i < 3; i++)
		branch(&m, USER_IP(i), 3,
		       TK | (i != 1 ? IA64_PMU_REC_BR_BUNDLE1 : 0));
	CHECK_EQ(ita2_decode(&m, e), 3);
	for (i = 0; i < 3; i++) {
		CHECK_EQ(e[i].from, USER_IP(2 - i) + 1);
		CHECK_EQ(e[i].to, TGT(USER_IP(2 - i)));
	}
}

/*
 * Montecito's execution trace buffer ([PFM-MONT]): sixteen entries, the
 * index in PMD38 bits 3:0 with full at bit 5, the b1 nibbles in PMD39 in
 * the order PMD48, 56, 49, 57, ... A full ring from entry 13 wraps past
 * entry 15; the branch of entry 14 has b1 (nibble 13), that of entry 0
 * too (nibble 0); up to 8 branches of 16 entries.
 */
TEST(etb_decode_sixteen_entries)
{
	static const struct ia64_btb_layout mont = IA64_BTB_LAYOUT_MONTECITO;
	struct perf_branch_entry e[IA64_BTB_MAX];
	__u64 pmd[IA64_BTB_RAW_MAX], hw_idx;
	unsigned int n, i, k;

	/* eight branch/target pairs, oldest at entry 13 */
	for (k = 0; k < 8; k++) {
		i = (13 + 2 * k) % 16;
		pmd[i] = BR(0x4000000000010000ULL + 0x100 * k, 1, 0);
		pmd[(i + 1) % 16] = TG(0x4000000000020000ULL + 0x100 * k);
	}
	pmd[16] = 0x20 | 13;			/* full, next entry 13 */
	/* b1 of entries 15 (nibble 15) and 1 (nibble 2) */
	pmd[17] = (1ULL << (4 * 15)) | (1ULL << (4 * 2));
	n = ia64_btb_decode(&mont, pmd, IA64_BTB_KEEP_USER, NULL, e, &hw_idx);
	CHECK_EQ(n, 8);
	CHECK_EQ(hw_idx, 12);
	for (k = 0; k < 8; k++) {
		/* newest first: pair 7 - k */
		unsigned int p = 7 - k;
		__u64 b1 = (p == 1 || p == 2) ? 16 : 0;

		CHECK_EQ(e[k].from, 0x4000000000010000ULL + 0x100 * p + 1 + b1);
		CHECK_EQ(e[k].to, 0x4000000000020000ULL + 0x100 * p);
	}

	/* not full: entries 0..bbi-1, the index beyond bit 2 counts */
	pmd[16] = 10;
	n = ia64_btb_decode(&mont, pmd, IA64_BTB_KEEP_USER, NULL, e, &hw_idx);
	CHECK_EQ(hw_idx, 9);
	CHECK_EQ(n, 4);		/* pairs 2-5; entry 0 an orphan target */
	/* the Itanium's full bit (3) is index bits on this layout */
	pmd[16] = 0x8 | 4;
	ia64_btb_decode(&mont, pmd, IA64_BTB_KEEP_USER, NULL, e, &hw_idx);
	CHECK_EQ(hw_idx, 11);
}

/*
 * What of the buffer the context switch keeps: everything once the ring
 * wrapped, else the entries below bbi; the Montecito's index bits 3:0
 */
TEST(btb_stale_pmds_by_index)
{
	static const struct ia64_btb_layout mont = IA64_BTB_LAYOUT_MONTECITO;

	CHECK_EQ(ia64_btb_stale_pmds(&ita, 0), 0xff00ULL);
	CHECK_EQ(ia64_btb_stale_pmds(&ita, 3), 0xf800ULL);
	CHECK_EQ(ia64_btb_stale_pmds(&ita, 7), 0x8000ULL);
	CHECK_EQ(ia64_btb_stale_pmds(&ita, IA64_BTB_FULL | 3), 0);
	CHECK_EQ(ia64_btb_stale_pmds(&ita2, 0xf0 | 5), 0xe000ULL);
	CHECK_EQ(ia64_btb_stale_pmds(&mont, 0), 0xffffULL << 48);
	CHECK_EQ(ia64_btb_stale_pmds(&mont, 10), 0x3fULL << 58);
	CHECK_EQ(ia64_btb_stale_pmds(&mont, 15), 1ULL << 63);
	CHECK_EQ(ia64_btb_stale_pmds(&mont, 0x20 | 4), 0);
	/* the Itanium's full bit is an index bit on the Montecito */
	CHECK_EQ(ia64_btb_stale_pmds(&mont, 0x8 | 1), 0xffULL << 57);
}

/*
 * caps/branches: the most entries one sample's stack holds. A full ring
 * of branches each in the bundle its predecessor went to (the
 * single-entry form, a one-bundle loop) gives every entry but the
 * newest; the IP-EAR gives all sixteen.
 */
TEST(btb_max_entries_of_a_full_ring)
{
	static const struct ia64_btb_layout mont = IA64_BTB_LAYOUT_MONTECITO;
	static const struct ia64_btb_layout *const l[] = { &ita, &ita2, &mont };
	struct perf_branch_entry e[IA64_BTB_MAX];
	__u64 pmd[IA64_BTB_RAW_MAX], hw_idx;
	unsigned int i, j;

	for (j = 0; j < 3; j++) {
		for (i = 0; i < l[j]->nr; i++)
			pmd[i] = BR(0x4000000000010000ULL + 0x10 * i, 1, 0);
		pmd[l[j]->nr] = l[j]->full | 5;
		pmd[l[j]->nr + 1] = 0;
		CHECK_EQ(ia64_btb_decode(l[j], pmd, IA64_BTB_KEEP_USER, NULL, e,
					 &hw_idx),
			 ia64_btb_max_entries(l[j], false));
		CHECK_EQ(ia64_btb_max_entries(l[j], false), l[j]->nr - 1);
	}
	/* IP-EAR: IP[63:4] in bits 59:0, one retired IP an entry */
	for (i = 0; i < mont.nr; i++)
		pmd[i] = (0x4000000000010000ULL + 0x10 * i) >> 4;
	pmd[16] = 0x20 | 5;
	pmd[17] = 0;
	CHECK_EQ(ia64_ipear_decode(&mont, pmd, IA64_BTB_KEEP_USER, true, e,
				   &hw_idx), 16);
	CHECK_EQ(ia64_btb_max_entries(&mont, true), 16);
}
