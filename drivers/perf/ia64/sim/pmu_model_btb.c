// SPDX-License-Identifier: GPL-2.0
/*
 * The branch trace buffer of the Itanium PMU model ([ITA-RM] §6.2.8):
 * which retired branches PMC12 lets in (§6.2.8.1, Table 6-21), and the
 * ring of PMD8-15 with its index and full bit in PMD16 (§6.2.8.2,
 * Tables 6-22 and 6-23). Counting is in pmu_model.c, which calls these
 * for each branch record.
 */
#include "pmu_model.h"
#include "pmu_model_int.h"

/*
 * Branch trace buffer capture condition, [ITA-RM] §6.2.8.1, Table 6-21.
 * MODEL: the equation of §6.2.8.1 is garbled (its "or"s are displaced).
 * Read as a target term AND a path term, it makes the manual's own
 * recipe for all mispredicted branches, tm=11 ptm=01 ppm=01 with tar,
 * bpt and bac set, capture nothing: its target terms hold only for
 * taken branches whose path was predicted correctly, while ppm=01 asks
 * for a mispredicted path. No conjunction of the two masks can honour
 * the recipe, since a branch that mispredicted only its target has its
 * path right and fails ppm=01 ("mispredicted branch path"). The model
 * reads ptm and ppm as Table 6-21 describes each, a selection of
 * branches by one prediction outcome, and combines them as the recipe
 * requires:
 * - 00 captures no branch ("No branch is captured"), whatever the other;
 * - 11 captures "regardless of" its outcome: it selects nothing of its
 *   own and leaves the decision to the other mask; both 11: all;
 * - 10 / 01 select the branches whose outcome was predicted correctly /
 *   mispredicted: the path (taken/not taken) for ppm, the target for
 *   ptm, which, as in the equation's terms, only a taken branch on the
 *   predicted path has;
 * - when both masks select, a branch that either selects is captured.
 * tm and tar/bpt/bac restrict as in the equation. So the recipe captures
 * every branch whose path (taken or not) or target (taken) was
 * mispredicted, those recorded with mp = 1 (Table 6-22), and nothing
 * else; one mask with the other at 11 is exactly its row of Table 6-21.
 * The price: ptm=10 with ppm=10 captures every branch on the predicted
 * path, a mispredicted target included.
 */
void ia64_model_btb_check(const struct ia64_model *m, struct rec_view *v)
{
	const struct ia64_pmu_rec_branch *r = &v->u.br;
	u64 pmc = m->pmc[12];
	bool taken = r->hdr.flags & IA64_PMU_REC_BR_TAKEN;
	bool mp_path = r->hdr.flags & IA64_PMU_REC_BR_MISPRED_PATH;
	bool mp_tgt = r->hdr.flags & IA64_PMU_REC_BR_MISPRED_TARGET;
	unsigned int tm = (pmc >> 8) & 3, ptm = (pmc >> 10) & 3;
	unsigned int ppm = (pmc >> 12) & 3;
	bool by_tgt, by_path, ok;

	if (v->is || !ia64_model_monitor_enabled(m, 12, v))
		return;
	ok = taken ? (tm & 2) : (tm & 1);
	by_tgt = ptm != 3 && taken && !mp_path &&
		 (ptm & (mp_tgt ? 1 : 2));
	by_path = ppm != 3 && (ppm & (mp_path ? 1 : 2));
	ok = ok && ptm && ppm &&
	     ((ptm == 3 && ppm == 3) || by_tgt || by_path);
	switch (r->predictor) {
	case IA64_PMU_PRED_TAR:
		ok = ok && (pmc & BIT64(7));
		break;
	case IA64_PMU_PRED_TAC:
		ok = ok && (pmc & BIT64(14));
		break;
	default:
		ok = ok && (pmc & BIT64(15));
		break;
	}
	v->btb = ok;
}

static void btb_push(struct ia64_model *m, u64 entry)
{
	unsigned int bbi = m->pmd[16] & 7;

	m->pmd[8 + bbi] = entry;
	m->stats.btb_entries++;
	if (++bbi == 8)		/* wrap: the sticky full bit (Table 6-23) */
		m->pmd[16] = 0x8;
	else
		m->pmd[16] = (m->pmd[16] & 0x8) | bbi;
}

void ia64_model_btb_capture(struct ia64_model *m, const struct rec_view *v,
			    u64 reps)
{
	const struct ia64_pmu_rec_branch *r = &v->u.br;
	bool taken = r->hdr.flags & IA64_PMU_REC_BR_TAKEN;
	bool mp = r->hdr.flags & (IA64_PMU_REC_BR_MISPRED_PATH |
				  IA64_PMU_REC_BR_MISPRED_TARGET);
	u64 slot = taken ? v->ctx.slot : 3;
	u64 br = (ia64_model_sxt50(v->ctx.ip) & MASK64(63, 4)) | slot << 2 |
		 (u64)mp << 1 | 1;
	u64 tgt = (ia64_model_sxt50(r->target) & MASK64(63, 4)) | 2;

	/* Two entries per branch: after 4 the buffer content repeats */
	if (reps > 4)
		reps = 4 + (reps - 4) % 4;
	while (reps--) {
		btb_push(m, br);
		btb_push(m, tgt);
	}
}
