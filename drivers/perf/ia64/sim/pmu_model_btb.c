// SPDX-License-Identifier: GPL-2.0
/*
 * The branch trace buffer of the PMU model ([ITA-RM] §6.2.8): which
 * retired branches PMC12 lets in (§6.2.8.1, Table 6-21), and the ring of
 * PMD8-15 with its index and full bit in PMD16 (§6.2.8.2, Tables 6-22
 * and 6-23). Counting is in pmu_model_count.c; ia64_model_run()
 * (pmu_model.c) calls these for each branch record.
 *
 * One code for every CPU model; struct ia64_model_btb says where they
 * differ. The Itanium 2 ([PFM-I2] "BRANCH TRACE BUFFER", field positions
 * of libpfm 3.x pfmlib_itanium2.h) has no predictor selection (PMC12
 * bits 7 and 15:14 are ds and brt there), filters by branch type (brt:
 * 00 all, 01 IP-relative, 10 returns, 11 non-return indirect), can
 * record prediction information in place of address bits (ds = 1), and
 * has two extension bits per entry in PMD16 (b1, bruflush). The
 * Montecito's execution trace buffer ([PFM-MONT]) is the Itanium
 * 2's, grown: PMC39 with PMC12's fields, sixteen entries PMD48-63, the
 * index (3:0) and full bit (5) in PMD38, and the extension nibbles in a
 * register of their own, PMD39. Its IP-EAR ([PFM-MONT]: PMC42)
 * takes the same registers over for a history of retired IPs with the
 * cycles between them.
 */
#include "pmu_model.h"
#include "pmu_model_int.h"

/*
 * Branch trace buffer capture condition, [ITA-RM] §6.2.8.1, Table 6-21.
 * MODEL(btb-equation): the equation of §6.2.8.1 is garbled (its "or"s are
 * displaced). Read as a target term AND a path term, it makes the manual's own
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
 * path, a mispredicted target included. [PFM-I2] describes tm, ptm and
 * ppm of the Itanium 2 as Table 6-21 does: the same reading applies.
 *
 * The Itanium 2's brt admits the branches of one type
 * (ia64_model_br_type()). MODEL(brt-00): [PFM-I2] says brt = 00 captures no
 * branch, but libpfm's own default for all branches is brt = 00 ("all
 * branches", pfmlib_itanium2.c), as for BR_MISPRED_DETAIL's type field:
 * 00 admits every branch.
 */
void ia64_model_btb_check(const struct ia64_model *m, struct rec_view *v)
{
	const struct ia64_model_btb *btb = m->desc->btb;
	const struct ia64_pmu_rec_branch *r = &v->u.br;
	u64 pmc = m->pmc[btb->pmc];
	u64 pred = btb->pred_bit[r->predictor];
	bool taken = r->hdr.flags & IA64_PMU_REC_BR_TAKEN;
	bool mp_path = r->hdr.flags & IA64_PMU_REC_BR_MISPRED_PATH;
	bool mp_tgt = r->hdr.flags & IA64_PMU_REC_BR_MISPRED_TARGET;
	unsigned int tm = (pmc >> 8) & 3, ptm = (pmc >> 10) & 3;
	unsigned int ppm = (pmc >> 12) & 3;
	bool by_tgt, by_path, ok;

	/* the configuration PMC has no ism: IA-32 branches never enter */
	if (v->is || ia64_model_ipear_on(m) || !ia64_model_monitor_enabled_at(m, pmc, IA64_MODEL_PMC_PM,
						    64, v))
		return;
	ok = taken ? (tm & 2) : (tm & 1);
	by_tgt = ptm != 3 && taken && !mp_path &&
		 (ptm & (mp_tgt ? 1 : 2));
	by_path = ppm != 3 && (ppm & (mp_path ? 1 : 2));
	ok = ok && ptm && ppm &&
	     ((ptm == 3 && ppm == 3) || by_tgt || by_path);
	/* the predictor's bit, where the model selects by predictor */
	ok = ok && (!pred || (pmc & pred));
	if (btb->brt_shift)
		ok = ok && ia64_model_br_type((pmc >> btb->brt_shift) & 3,
					      r->btype);
	v->btb = ok;
}

/*
 * Write @entry at bbi with extension bits @ext (b1, bruflush; the
 * IP-EAR's four) in the bits @ext_mask of the entry's nibble and advance
 * bbi; at the wrap, set the sticky full bit (Table 6-23)
 */
static void btb_push(struct ia64_model *m, u64 entry, unsigned int ext,
		     u64 ext_mask)
{
	const struct ia64_model_btb *btb = m->desc->btb;
	u64 idx = m->pmd[btb->index_pmd];
	unsigned int bbi = (idx & btb->bbi_mask) % btb->nr;
	unsigned int half = btb->nr / 2;
	unsigned int shift;
	u64 *ext_reg;

	m->pmd[btb->first_pmd + bbi] = entry;
	m->stats.btb_entries++;
	switch (btb->ext) {
	case IA64_MODEL_BTB_EXT_INDEX:
		ext_reg = &idx;
		shift = btb->ext_shift + 4 * bbi;
		break;
	case IA64_MODEL_BTB_EXT_PMD:
		ext_reg = &m->pmd[btb->ext_pmd];
		shift = 4 * (bbi < half ? 2 * bbi : 2 * (bbi - half) + 1);
		break;
	default:
		ext_reg = NULL;
		shift = 0;
		break;
	}
	if (ext_reg)
		*ext_reg = (*ext_reg & ~(ext_mask << shift)) |
			   (u64)ext << shift;
	idx = (idx & ~btb->bbi_mask) | ((bbi + 1) % btb->nr);
	if (bbi == btb->nr - 1U)
		idx |= btb->full;
	m->pmd[btb->index_pmd] = idx;
}

/*
 * The address bits of an entry. With ds = 0 the bundle address 63:4
 * ([ITA-RM] Table 6-22; [PFM-I2] pmd8_15 "btb_addr"), bits 60:51 copies
 * of bit 50 as the Itanium implements them (Table 6-22 note a). With
 * ds = 1 (Itanium 2, pfmlib_itanium2.h pmd8_15_ds) only bits 40:4 and
 * 63:61 of the address remain; bits 60:41 hold prediction information.
 * MODEL(btb-ds-zero): the records carry no predictor state, so those bits read
 * 0.
 */
static u64 btb_addr(u64 addr, bool ds)
{
	if (ds)
		return addr & (MASK64(63, 61) | MASK64(40, 4));
	return ia64_model_sxt50(addr) & MASK64(63, 4);
}

void ia64_model_btb_capture(struct ia64_model *m, const struct rec_view *v,
			    u64 reps)
{
	const struct ia64_pmu_rec_branch *r = &v->u.br;
	bool taken = r->hdr.flags & IA64_PMU_REC_BR_TAKEN;
	bool mp = r->hdr.flags & (IA64_PMU_REC_BR_MISPRED_PATH |
				  IA64_PMU_REC_BR_MISPRED_TARGET);
	const struct ia64_model_btb *btb = m->desc->btb;
	bool ds = m->pmc[btb->pmc] & btb->ds;
	/*
	 * Extension of the branch entry ([PFM-I2] pmd16 fields; the
	 * pfmon tool of the libpfm 3.x era adds b1 to the recorded bundle
	 * for the branch's). MODEL(btb-ext-bits): b1 (bit 0): the branch is in
	 * the second bundle of its issue group (record flag BUNDLE1), whose
	 * first bundle the entry records; bruflush (bit 1): the branch was
	 * mispredicted, so the pipeline behind it was flushed. A target
	 * entry has neither. Without them (Itanium) the entry records the
	 * branch's own bundle.
	 */
	bool b1 = btb->ext && (r->hdr.flags & IA64_PMU_REC_BR_BUNDLE1);
	unsigned int br_ext = (b1 ? 1 : 0) | (mp ? 2 : 0);
	u64 slot = taken ? v->ctx.slot : 3;
	u64 br = btb_addr(v->ctx.ip - (b1 ? 16 : 0), ds) | slot << 2 |
		 (u64)mp << 1 | 1;
	u64 tgt = btb_addr(r->target, ds) | 2;

	if (ds && btb->ds_undef)
		br = tgt = IA64_MODEL_UNDEF;
	/* Two entries per branch: after nr / 2 the content repeats */
	if (reps > btb->nr / 2U)
		reps = btb->nr / 2U + (reps - btb->nr / 2U) % (btb->nr / 2U);
	while (reps--) {
		btb_push(m, br, br_ext, 3);
		btb_push(m, tgt, 0, 3);
	}
}

/*
 * Interruptions and rfi (IA64_PMU_REC_XFER) in a buffer that records
 * them (btb->xfer: the Montecito's, [PFM-MONT]: "branches, traps, rfi").
 * The sources give no entry format of their own (PMD48-63: s, mp, slot,
 * address; PMD39: b1, bruflush) nor how PMC39's fields select them.
 * MODEL, first to verify on hardware:
 * - each is recorded as a taken branch: a source entry (the interrupted
 *   instruction's bundle and slot, or the rfi's; mp as the record's
 *   flag says, since the sources do not say what the hardware writes;
 *   b1 and bruflush 0) and a target entry (the vector, m->iva + offset, or
 *   the rfi's target), written as a branch's (btb_addr(), ds);
 * - they are captured while PMC39 captures taken branches (tm = 1x), at
 *   the privilege level of the source (the interrupted code's, 0 for an
 *   rfi) by plm and pm, whatever ptm, ppm and brt: those select by
 *   prediction and by branch type, which these transfers do not have;
 *   the driver must drop what a filter does not want (ia64_pmu_btb.h);
 * - the IP-EAR captures none of them (an rfi retires as an instruction
 *   record).
 */
void ia64_model_xfer_check(const struct ia64_model *m, struct rec_view *v)
{
	const struct ia64_model_btb *btb = m->desc->btb;
	u64 pmc = m->pmc[btb->pmc];

	v->btb = btb->xfer && !ia64_model_ipear_on(m) && (pmc & (2ULL << 8)) &&
		 ia64_model_monitor_enabled_at(m, pmc, IA64_MODEL_PMC_PM, 64,
					       v);
}

void ia64_model_xfer_capture(struct ia64_model *m, const struct rec_view *v,
			     u64 reps)
{
	const struct ia64_pmu_rec_xfer *r = &v->u.xfer;
	const struct ia64_model_btb *btb = m->desc->btb;
	bool ds = m->pmc[btb->pmc] & btb->ds;
	bool mp = r->hdr.flags & IA64_PMU_REC_XFER_MP;
	bool intr = r->kind == IA64_PMU_XFER_INTR;
	u64 src = btb_addr(v->ctx.ip, ds) | (u64)v->ctx.slot << 2 |
		  (u64)mp << 1 | 1;
	u64 tgt = btb_addr(intr ? m->iva + r->target : r->target,
			   ds) | 2;

	if (ds && btb->ds_undef)
		src = tgt = IA64_MODEL_UNDEF;
	if (!intr) {
		/* the code memory: this rfi's bundle and slot */
		m->code_ip[m->code_next] = v->ctx.ip & ~0xfULL;
		m->code_slot[m->code_next] = v->ctx.slot;
		m->code_next = (m->code_next + 1) % IA64_MODEL_CODE_NR;
	}
	if (reps > btb->nr / 2U)
		reps = btb->nr / 2U + (reps - btb->nr / 2U) % (btb->nr / 2U);
	while (reps--) {
		btb_push(m, src, 0, 3);
		btb_push(m, tgt, 0, 3);
	}
}

/*
 * IA-64 instruction encodings ([SDM-3]): the template in bundle bits 4:0,
 * slot s in bits 46 + 41 (s - 1) .. (41 bits each, from bit 5); rfi is a
 * B8-format instruction, major opcode 0 (bits 40:37), x6 0x08 (bits
 * 32:27); nop.b is B9, opcode 2, x6 0. Template 0x16 is BBB.
 */
#define CODE_TEMPLATE_BBB	0x16ULL
#define CODE_RFI		(0x08ULL << 27)
#define CODE_NOP_B		(2ULL << 37)

/* Put the 41-bit @insn into slot @slot of bundle @b */
static void code_slot(u64 *b, unsigned int slot, u64 insn)
{
	unsigned int lo = 5 + 41 * slot;

	if (lo < 64) {
		b[0] = (b[0] & ~(MASK64(40, 0) << lo)) | insn << lo;
		if (lo + 41 > 64)
			b[1] = (b[1] & ~(MASK64(40, 0) >> (64 - lo))) |
			       insn >> (64 - lo);
	} else {
		b[1] = (b[1] & ~(MASK64(40, 0) << (lo - 64))) |
		       insn << (lo - 64);
	}
}

/*
 * MODEL(etb-xfer): the model runs no code; its memory holds the rfi it ran,
 * each in a BBB bundle whose other slots are nop.b (an rfi the records put in
 * two slots of one bundle: both)
 */
int ia64_model_read_bundle(const struct ia64_model *m, u64 addr, u64 *b)
{
	bool found = false;
	unsigned int i, s;

	b[0] = CODE_TEMPLATE_BBB;
	b[1] = 0;
	for (s = 0; s < 3; s++)
		code_slot(b, s, CODE_NOP_B);
	for (i = 0; i < IA64_MODEL_CODE_NR; i++)
		if (m->code_ip[i] && m->code_ip[i] == addr) {
			code_slot(b, m->code_slot[i], CODE_RFI);
			found = true;
		}
	return found ? 0 : -EFAULT;
}

/*
 * The IP-EAR ([PFM-MONT]): while PMC42's mode field (10:8) is 4,
 * the buffer records retired IPs instead of branches, at the privilege
 * levels of PMC42.plm (3:0), with PMC42.pm (6) as a configuration PMC's
 * pm; PMC39 captures nothing meanwhile ([PFM-MONT]: the two share
 * PMD38/39/48-63 and exclude each other). MODEL(ipear-modes): any other mode
 * leaves the buffer to PMC39. Erratum 120 ([PFM-MONT]): the IP-EAR is
 * unavailable with two threads per core; MODEL(erratum-120): its mode then does
 * nothing, the buffer stays PMC39's.
 */
bool ia64_model_ipear_on(const struct ia64_model *m)
{
	const struct ia64_model_btb *btb = m->desc->btb;

	return btb && btb->ipear_pmc &&
	       (m->pmc[btb->ipear_pmc] & btb->ipear_mode_mask) ==
	       btb->ipear_mode &&
	       !(btb->ipear_mt_off && ia64_model_threads(m->cpu) > 1);
}

/* The cycle count an entry holds: 4 bits in it, 2 in its nibble */
#define IPEAR_CYCLES_MAX	63ULL

/*
 * An entry with ef = 0 ([PFM-MONT]): IP[63:4] in bits 59:0, the low
 * four bits of the cycle count in 63:60; its PMD39 nibble: the high two
 * in 1:0, flush 2, ef 3, in the order of the branch mode's nibbles
 * (PMD48, 56, 49, 57, ...). The index and full bit in PMD38 as in
 * branch mode.
 *
 * MODEL(ipear-capture): what the sources leave open:
 * - a capture is one repetition of a retiring record (instruction,
 *   memory access, branch) of IA-64 code: its bundle address, bits
 *   60:51 read as copies of bit 50 as in the branch entries; fetches
 *   retire nothing; IA-32 code is never captured (PMC42 has no ism);
 * - the cycle count is the number of cycles (cycles records) since the
 *   previous capture, those at privilege levels PMC42.plm leaves out
 *   included, saturating at 63; instructions of one record retire in
 *   the same cycle, so all but the first of its captures count 0; a
 *   write of PMC42 restarts it at 0 (pmu_model_regs.c), so the first
 *   capture after the IP-EAR is turned on counts the cycles since then;
 * - flush: the capture is the first after a mispredicted branch (the
 *   pipeline was flushed before it);
 * - an ef = 1 entry (a delay count in 7:0, an address in 59:8) is never
 *   written: the sources give its layout, not when the hardware writes
 *   one;
 * - while the IP-EAR is on, PMC42 controls the buffer's PMDs as PMC39
 *   does in branch mode (pmd_owner(), pmu_model_regs.c): its plm = 0
 *   makes them undefined, PMC39's does not.
 */
static void ipear_capture(struct ia64_model *m, const struct rec_view *v,
			  u64 reps)
{
	const struct ia64_model_btb *btb = m->desc->btb;
	u64 pmc = m->pmc[btb->ipear_pmc];
	u64 ip = ia64_model_sxt50(v->ctx.ip) >> 4;
	u64 cyc = m->ipear_cycles;
	unsigned int flush = m->after_mispred ? 4 : 0;
	u64 psr_bit = (pmc & IA64_MODEL_PMC_PM) ? IA64_MODEL_PSR_PP :
						  IA64_MODEL_PSR_UP;

	/*
	 * The monitor enable equation ([ITA-RM] §6.2.1: plm[cpl], pm with
	 * PSR.pp or PSR.up) without PMC0.fr, which the freeze delay
	 * outlives (ia64_model_ipear_frozen()); no ism
	 */
	if (v->hdr.type == IA64_PMU_REC_FETCH ||
	    v->hdr.type == IA64_PMU_REC_XFER || v->is ||
	    !(pmc_plm(pmc) & (1U << v->ctx.cpl)) || !(m->psr & psr_bit))
		return;
	/* after nr captures the content repeats, the index moves on */
	if (reps > btb->nr)
		reps = btb->nr + (reps - btb->nr) % btb->nr;
	while (reps--) {
		btb_push(m, ip | (cyc & 0xf) << 60,
			 (unsigned int)(cyc >> 4) | flush, 0xf);
		cyc = 0;
		flush = 0;
	}
	m->ipear_cycles = 0;
}

static void ipear_cycles(struct ia64_model *m, u64 n)
{
	m->ipear_cycles = n >= IPEAR_CYCLES_MAX - m->ipear_cycles ?
			  IPEAR_CYCLES_MAX : m->ipear_cycles + n;
}

void ia64_model_ipear_run(struct ia64_model *m, const struct rec_view *v,
			  u64 reps)
{
	m->ipear_delay = 0;
	if (!ia64_model_ipear_on(m) || !reps)
		return;
	if (v->hdr.type == IA64_PMU_REC_CYCLES)
		ipear_cycles(m, reps);
	else
		ipear_capture(m, v, reps);
}

/*
 * PMC42.delay (18:11): the cycles by which the buffer's freeze follows
 * the freeze of a PMU interrupt ([PFM-MONT]). MODEL(ipear-delay): only the
 * freeze of an overflow (oi) delays it, not a write of PMC0.fr; the
 * records run while frozen are captured until that many cycles have
 * elapsed, those of the record that froze the PMU after its overflow
 * included once it resumes (they run after the interrupt in the model).
 */
void ia64_model_ipear_freeze(struct ia64_model *m)
{
	const struct ia64_model_btb *btb = m->desc->btb;

	if (ia64_model_ipear_on(m))
		m->ipear_delay = (m->pmc[btb->ipear_pmc] >>
				  btb->ipear_delay_shift) & 0xff;
}

void ia64_model_ipear_frozen(struct ia64_model *m, const struct rec_view *v,
			     u64 reps)
{
	if (!m->ipear_delay || !ia64_model_ipear_on(m))
		return;
	if (v->hdr.type != IA64_PMU_REC_CYCLES) {
		ipear_capture(m, v, reps);
		return;
	}
	if (reps > m->ipear_delay)
		reps = m->ipear_delay;
	m->ipear_delay -= reps;
	ipear_cycles(m, reps);
}
