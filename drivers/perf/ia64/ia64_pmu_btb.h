/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The branch trace buffer ([ITA-RM] §6.2.8): the PMC12 image of a perf
 * branch filter and the decoder of PMD8-16 into perf branch entries.
 * Pure functions, shared by the driver (ia64_pmu_btb.c) and the
 * userspace unit test (tools/testing/ia64_pmu_model/test_btb_decode.c).
 * Both CPU models share the code; struct ia64_btb_layout, which each
 * model's description points to, says where their registers differ.
 */
#ifndef __IA64_PMU_BTB_H
#define __IA64_PMU_BTB_H

/* __u64: the same type in the kernel and in userspace */
#include <linux/perf_event.h>
#include <linux/types.h>
#ifndef __KERNEL__
#include <errno.h>
#include <stdbool.h>
#endif

/*
 * Registers of the Itanium and Itanium 2 ([ITA-RM] §6.2.8): PMC12
 * configures, PMD8-15 hold the entries, PMD16 the index. A model's own
 * are in its struct ia64_btb_layout.
 */
#define IA64_BTB_PMC		12
#define IA64_BTB_FIRST_PMD	8
#define IA64_BTB_NR		8
#define IA64_BTB_INDEX_PMD	16

/*
 * The deepest buffer of a model (Montecito's execution trace buffer), and
 * the raw words a decode takes: the entries, the index PMD, the PMD of
 * the entries' extension bits
 */
#define IA64_BTB_MAX		16
#define IA64_BTB_RAW_MAX	(IA64_BTB_MAX + 2)

/* PMC12 ([ITA-RM] Figure 6-22, Table 6-21) */
#define IA64_PMC12_PLM_USER	0x8ULL		/* privilege level 3 */
#define IA64_PMC12_PLM_KERNEL	0x1ULL		/* privilege level 0 */
#define IA64_PMC12_PM		(1ULL << 6)
#define IA64_PMC12_TAR		(1ULL << 7)
#define IA64_PMC12_TM(x)	((__u64)(x) << 8)		/* taken mask */
#define IA64_PMC12_PTM(x)	((__u64)(x) << 10)	/* target mask */
#define IA64_PMC12_PPM(x)	((__u64)(x) << 12)	/* path mask */
#define IA64_PMC12_BPT		(1ULL << 14)
#define IA64_PMC12_BAC		(1ULL << 15)
/* Every prediction structure: TAR, TAC (bpt) and BAC */
#define IA64_PMC12_ALL_PRED	(IA64_PMC12_TAR | IA64_PMC12_BPT | \
				 IA64_PMC12_BAC)
/*
 * The BTB at rest: tm = 00 captures no branch, and plm stays non-zero,
 * so that PMD8-16 keep their values (Figure 6-11) for the context that
 * owns them.
 */
#define IA64_PMC12_IDLE		(IA64_PMC12_PLM_KERNEL | IA64_PMC12_PM)

/*
 * The Itanium 2's PMC12 ([PFM-I2] "BRANCH TRACE BUFFER", bit positions
 * of libpfm 3.x pfmlib_itanium2.h): plm, pm, tm, ptm and ppm as above,
 * ds 7 (0: target addresses, which the driver keeps) in place of tar,
 * and brt 15:14, the branch type, in place of bpt and bac: 00 all
 * branches, 01 IP-relative, 10 returns, 11 non-return indirect.
 */
#define IA64_ITA2_PMC12_BRT_SHIFT	14
#define IA64_BTB_BRT_ALL	0
#define IA64_BTB_BRT_IP_REL	1
#define IA64_BTB_BRT_RETURN	2
#define IA64_BTB_BRT_INDIRECT	3
/*
 * Its PMD16: bbi and full as on the Itanium, then a nibble per entry
 * PMD8+i from bit 4 + 4i: b1 (bit 0 of the nibble) says the branch is in
 * the bundle after the one its entry records (in an issue group of two
 * bundles, the first is recorded), bruflush (bit 1) that the back end
 * flushed the pipeline for it; the decoder needs only b1.
 */
#define IA64_ITA2_PMD16_EXT_SHIFT	4

/* Where a model keeps the entries' extension nibbles (b1, bit 0) */
#define IA64_BTB_EXT_NONE	0	/* it has none (Itanium) */
#define IA64_BTB_EXT_INDEX	1	/* index PMD, ext_shift + 4i */
/*
 * a PMD of their own (ext_pmd), entries 0..nr/2-1 and nr/2.. taking
 * turns: entry i < nr/2 at nibble 2i, entry nr/2 + j at nibble 2j + 1
 */
#define IA64_BTB_EXT_PMD	2

/*
 * Where a CPU model's BTB differs from the Itanium's layout: its
 * description (struct ia64_pmu_model.btb) points to one of these.
 */
struct ia64_btb_layout {
	/* the configuration PMC, the first entry's PMD, the index PMD */
	__u8 pmc;
	__u8 first_pmd;
	__u8 index_pmd;
	/* the entries, PMDs first_pmd.. (at most IA64_BTB_MAX) */
	__u8 nr;
	/* the index PMD: the next entry's index (bits from 0), full */
	__u8 bbi_mask;
	__u64 full;
	/* PMC12 bits that admit every predictor's branches, 0: none */
	__u64 all_pred;
	/* PMC12.brt, the branch type mask, at this bit; 0: none */
	__u8 brt_shift;
	/* the extension nibbles: IA64_BTB_EXT_*, ext_shift, ext_pmd */
	__u8 ext;
	__u8 ext_shift;
	__u8 ext_pmd;
	/*
	 * the PMC that turns the buffer into an IP-EAR (ia64_pmu_ipear.h);
	 * 0: none
	 */
	__u8 ipear_pmc;
	/*
	 * the buffer records interruptions and rfi besides branches, which
	 * the decoder tells apart (ia64_btb_xfer_type()); 0: branches only
	 */
	__u8 xfer;
};

#define IA64_BTB_LAYOUT_REGS					\
	.pmc = IA64_BTB_PMC,						\
	.first_pmd = IA64_BTB_FIRST_PMD,				\
	.index_pmd = IA64_BTB_INDEX_PMD,				\
	.nr = IA64_BTB_NR,						\
	.bbi_mask = 7,							\
	.full = IA64_BTB_FULL
#define IA64_BTB_LAYOUT_ITANIUM		{				\
	IA64_BTB_LAYOUT_REGS,						\
	.all_pred = IA64_PMC12_ALL_PRED,				\
}
#define IA64_BTB_LAYOUT_ITANIUM2	{				\
	IA64_BTB_LAYOUT_REGS,						\
	.brt_shift = IA64_ITA2_PMC12_BRT_SHIFT,				\
	.ext = IA64_BTB_EXT_INDEX,					\
	.ext_shift = IA64_ITA2_PMD16_EXT_SHIFT,				\
}
/*
 * Montecito's execution trace buffer ([PFM-MONT]): PMC39 with the
 * Itanium 2's PMC12 fields (ds 7, brt 15:14), sixteen entries PMD48-63
 * in the Itanium's format, PMD38 the index (3:0) and full (bit 5), PMD39
 * a nibble per entry in the order PMD48, 56, 49, 57, ... (b1 bit 0);
 * PMC42 makes the same registers an IP-EAR (ia64_pmu_ipear.h). It
 * records "branches, traps, rfi" ([PFM-MONT] libpfm_montecito(3)): xfer.
 */
#define IA64_BTB_LAYOUT_MONTECITO	{				\
	.pmc = 39,							\
	.first_pmd = 48,						\
	.index_pmd = 38,						\
	.nr = 16,							\
	.bbi_mask = 0xf,						\
	.full = 0x20,							\
	.brt_shift = IA64_ITA2_PMC12_BRT_SHIFT,				\
	.ext = IA64_BTB_EXT_PMD,					\
	.ext_pmd = 39,							\
	.ipear_pmc = 42,						\
	.xfer = 1,							\
}

/* PMD8-15 ([ITA-RM] Figure 6-23, Table 6-22) and PMD16 (Table 6-23) */
#define IA64_BTB_B		0x1ULL		/* a branch, else a target */
#define IA64_BTB_MP		0x2ULL		/* mispredicted / valid target */
#define IA64_BTB_SLOT(e)	(((e) >> 2) & 3)	/* 3: not taken */
#define IA64_BTB_ADDR(e)	((e) & ~0xfULL)
#define IA64_BTB_FULL		0x8ULL

/* Linux on Itanium maps the kernel in regions 5-7 (address bits 63:61) */
static inline bool ia64_btb_kernel_addr(__u64 addr)
{
	return (addr >> 61) >= 5;
}

/* Which privilege an entry's addresses may have to be reported */
#define IA64_BTB_KEEP_USER	0x1
#define IA64_BTB_KEEP_KERNEL	0x2

/*
 * ... and which entries it drops that are no branches (ia64_btb_drop()):
 * interruptions (PERF_BR_IRQ), rfi (PERF_BR_ERET)
 */
#define IA64_BTB_DROP_IRQ	0x4
#define IA64_BTB_DROP_ERET	0x8

static inline bool ia64_btb_keep(__u64 addr, unsigned int keep)
{
	return keep & (ia64_btb_kernel_addr(addr) ? IA64_BTB_KEEP_KERNEL :
						    IA64_BTB_KEEP_USER);
}

/*
 * PMC12 for a perf branch filter (attr.branch_sample_type) on a BTB of
 * layout @l, or -EINVAL / -EOPNOTSUPP. @mispred_only: capture only
 * mispredicted branches.
 *
 * - USER / KERNEL: plm 3 / plm 0. HV: accepted, nothing to capture
 *   (Linux runs no code at privilege level 1 or 2).
 * - every taken branch, whichever structure predicted it: tm = 10,
 *   ptm = ppm = 11, and on the Itanium tar = bpt = bac = 1. Not-taken
 *   branches (tm = x1) are never asked for: the BTB records them with
 *   slot 3, so neither the branch's slot nor where execution went is
 *   known, and a perf branch entry has no way to say "not taken".
 * - @mispred_only: the manual's recipe (ptm = ppm = 01) restricted to
 *   taken branches.
 * - the branch types (ia64_btb_brt()): exactly ANY, or on a BTB with
 *   brt exactly ANY_RETURN or IND_CALL | IND_JUMP. Every other set of
 *   types (calls, conditional, one kind of indirect branch alone,
 *   transactions, call stack, or ANY with another type) is
 *   -EOPNOTSUPP: a filter the BTB cannot apply exactly is refused.
 * - the output flags NO_FLAGS, NO_CYCLES, TYPE_SAVE (type stays
 *   PERF_BR_UNKNOWN), HW_INDEX and PRIV_SAVE are accepted.
 */
#define IA64_BTB_PLM_TYPES	(PERF_SAMPLE_BRANCH_USER | \
				 PERF_SAMPLE_BRANCH_KERNEL | \
				 PERF_SAMPLE_BRANCH_HV)
#define IA64_BTB_OUTPUT_FLAGS	(PERF_SAMPLE_BRANCH_NO_FLAGS | \
				 PERF_SAMPLE_BRANCH_NO_CYCLES | \
				 PERF_SAMPLE_BRANCH_TYPE_SAVE | \
				 PERF_SAMPLE_BRANCH_HW_INDEX | \
				 PERF_SAMPLE_BRANCH_PRIV_SAVE)

/*
 * The brt value (IA64_BTB_BRT_*) of the branch types in @type, or -1 if
 * the BTB of layout @l cannot select exactly those:
 *
 *   perf branch types         Itanium        Itanium 2
 *   ANY                       all branches   brt 00, all branches
 *   ANY_RETURN                -              brt 10, br.ret
 *   IND_CALL | IND_JUMP       -              brt 11, non-return indirect
 *
 * The BTB records retired IA-64 branches ([ITA-RM] §6.2.8.2);
 * interruptions are not branches and never appear there, whichever the
 * filter. The Montecito's ETB records interruptions and rfi too, which
 * the decoder keeps per filter (ia64_btb_drop()). IP-relative branches
 * alone (brt 01) match no perf type exactly.
 */
static inline int ia64_btb_brt(const struct ia64_btb_layout *l, __u64 type)
{
	if (type == PERF_SAMPLE_BRANCH_ANY)
		return IA64_BTB_BRT_ALL;
	if (!l->brt_shift)
		return -1;
	if (type == PERF_SAMPLE_BRANCH_ANY_RETURN)
		return IA64_BTB_BRT_RETURN;
	if (type == (PERF_SAMPLE_BRANCH_IND_CALL | PERF_SAMPLE_BRANCH_IND_JUMP))
		return IA64_BTB_BRT_INDIRECT;
	return -1;
}

static inline long long ia64_btb_pmc12(const struct ia64_btb_layout *l,
				       __u64 branch_sample_type,
				       bool mispred_only)
{
	__u64 type = branch_sample_type;
	__u64 pmc12 = IA64_PMC12_PM | l->all_pred | IA64_PMC12_TM(2);
	int brt = ia64_btb_brt(l, type & ~(IA64_BTB_PLM_TYPES |
					   IA64_BTB_OUTPUT_FLAGS));

	if (brt < 0)
		return -EOPNOTSUPP;
	if (l->brt_shift)
		pmc12 |= (__u64)brt << l->brt_shift;
	if (type & PERF_SAMPLE_BRANCH_USER)
		pmc12 |= IA64_PMC12_PLM_USER;
	if (type & PERF_SAMPLE_BRANCH_KERNEL)
		pmc12 |= IA64_PMC12_PLM_KERNEL;
	if (!(pmc12 & (IA64_PMC12_PLM_USER | IA64_PMC12_PLM_KERNEL)))
		return -EINVAL;		/* only HV: would capture nothing */
	if (mispred_only)
		pmc12 |= IA64_PMC12_PTM(1) | IA64_PMC12_PPM(1);
	else
		pmc12 |= IA64_PMC12_PTM(3) | IA64_PMC12_PPM(3);
	return pmc12;
}

/*
 * Interruptions and rfi in a buffer of l->xfer ([PFM-MONT]). The sources
 * give such an entry no format of its own: PMD48-63 hold s, mp, slot and
 * the address, PMD39 b1 and bruflush, for them as for branches. The
 * decoder therefore tells them apart by what they transfer between:
 * - an interruption goes to a vector of the interruption vector table
 *   ([SDM-2]: 32 KiB at cr.iva, twenty vectors of 64 bundles from
 *   offset 0, then 48 of 16 bundles from 0x5000). Control reaches a
 *   vector's first bundle by an interruption; a branch there would be
 *   taken for one. PERF_BR_IRQ: x86 types its interrupts, traps and
 *   faults so; a break (the Linux system call, also a breakpoint) is
 *   one too, as the break immediate is not in the buffer.
 * - an rfi is the instruction in the entry's source slot: the decoder
 *   reads the bundle (kernel addresses only: rfi is privileged) and
 *   checks for rfi ([SDM-3]: B8 format, major opcode 0, x6 0x08, in a
 *   B slot of the template). PERF_BR_ERET, as x86 types iret.
 * Neither was predicted by a branch predictor: they are never reported
 * mispredicted or predicted, whatever mp says. struct ia64_btb_env gives
 * the decoder cr.iva and the code. With no env (or no l->xfer) every
 * entry is a branch.
 */
struct ia64_btb_env {
	__u64 iva;
	/* the bundle at @addr (16-byte aligned) into @b[0..1]; 0 or errno */
	int (*read_bundle)(__u64 addr, __u64 *b);
};

/* Is @off the offset of a vector in the IVT? */
static inline bool ia64_btb_ivt_vector(__u64 off)
{
	return off < 0x5000 ? !(off % 0x400) :
			      off < 0x8000 && !(off % 0x100);
}

/*
 * Is slot @slot of bundle @b an rfi? The template (bits 4:0) must give
 * the slot a B unit: MIB (0x10, 0x11: slot 2), MBB (0x12, 0x13: 1, 2),
 * BBB (0x16, 0x17: all), MMB (0x18, 0x19: 2), MFB (0x1c, 0x1d: 2).
 */
static inline bool ia64_btb_is_rfi(const __u64 *b, unsigned int slot)
{
	unsigned int t = b[0] & 0x1f, lo = 5 + 41 * slot;
	__u64 insn;
	bool bunit;

	switch (t >> 1) {
	case 0x12 >> 1:
		bunit = slot >= 1;
		break;
	case 0x16 >> 1:
		bunit = true;
		break;
	case 0x10 >> 1:
	case 0x18 >> 1:
	case 0x1c >> 1:
		bunit = slot == 2;
		break;
	default:
		bunit = false;
		break;
	}
	if (!bunit || slot > 2)
		return false;
	if (lo >= 64)
		insn = b[1] >> (lo - 64);
	else
		insn = b[0] >> lo | (lo + 41 > 64 ? b[1] << (64 - lo) : 0);
	insn &= (1ULL << 41) - 1;
	return (insn >> 37) == 0 && ((insn >> 27) & 0x3f) == 0x08;
}

/* The perf type of a transfer from @from (bundle + slot) to @to */
static inline int ia64_btb_xfer_type(const struct ia64_btb_layout *l,
				     const struct ia64_btb_env *env,
				     __u64 from, __u64 to)
{
	__u64 b[2];

	if (!l->xfer || !env)
		return PERF_BR_UNKNOWN;
	if (to - env->iva < 0x8000 && ia64_btb_ivt_vector(to - env->iva))
		return PERF_BR_IRQ;
	if (ia64_btb_kernel_addr(from) &&
	    !env->read_bundle(IA64_BTB_ADDR(from), b) &&
	    ia64_btb_is_rfi(b, from & 3))
		return PERF_BR_ERET;
	return PERF_BR_UNKNOWN;
}

/*
 * The IA64_BTB_DROP_* bits for a perf branch filter that ia64_btb_pmc12()
 * accepted, as x86's software filter keeps its X86_BR_IRQ and
 * X86_BR_IRET (arch/x86/events/intel/lbr.c): ANY keeps both, ANY_RETURN
 * the rfi, IND_CALL | IND_JUMP neither; and neither is a mispredicted
 * branch (@mispred_only, br_mispred). The buffer may capture them under
 * any filter (PMC39's fields select branches by prediction and type).
 */
static inline unsigned int ia64_btb_drop(__u64 branch_sample_type,
					 bool mispred_only)
{
	__u64 type = branch_sample_type & ~(IA64_BTB_PLM_TYPES |
					    IA64_BTB_OUTPUT_FLAGS);

	if (mispred_only)
		return IA64_BTB_DROP_IRQ | IA64_BTB_DROP_ERET;
	if (type == PERF_SAMPLE_BRANCH_ANY)
		return 0;
	if (type == PERF_SAMPLE_BRANCH_ANY_RETURN)
		return IA64_BTB_DROP_IRQ;
	return IA64_BTB_DROP_IRQ | IA64_BTB_DROP_ERET;
}

/*
 * The entry PMDs (bit n: PMDn) whose content means nothing while the
 * index PMD holds @index: with full clear, those from bbi on, which the
 * decoder never reads and which are all written again before full is
 * set ([ITA-RM] §6.2.8.2). The context switch leaves them out.
 */
static inline __u64 ia64_btb_stale_pmds(const struct ia64_btb_layout *l,
					__u64 index)
{
	unsigned int bbi = (unsigned int)(index & l->bbi_mask) % l->nr;

	if (index & l->full)
		return 0;
	return (~0ULL >> (63 - (l->first_pmd + l->nr - 1))) &
	       ~((1ULL << (l->first_pmd + bbi)) - 1);
}

/* The extension nibble of entry @i of @pmd (see ia64_btb_decode()) */
static inline unsigned int ia64_btb_ext(const struct ia64_btb_layout *l,
					const __u64 *pmd, unsigned int i)
{
	unsigned int half = l->nr / 2;

	switch (l->ext) {
	case IA64_BTB_EXT_INDEX:
		return (pmd[l->nr] >> (l->ext_shift + 4 * i)) & 0xf;
	case IA64_BTB_EXT_PMD:
		return (pmd[l->nr + 1] >>
			(4 * (i < half ? 2 * i : 2 * (i - half) + 1))) & 0xf;
	}
	return 0;
}

/*
 * The bundle of the branch in entry @i of @pmd: the recorded one, or the
 * next one when the entry's b1 bit is set (Itanium 2, Montecito)
 */
static inline __u64 ia64_btb_branch_bundle(const struct ia64_btb_layout *l,
					   const __u64 *pmd, unsigned int i)
{
	bool b1 = ia64_btb_ext(l, pmd, i) & 1;

	return IA64_BTB_ADDR(pmd[i]) + (b1 ? 16 : 0);
}

/*
 * Decode the BTB of layout @l: @pmd holds its l->nr entries (PMD8-15 on
 * the Itanium), then the index PMD (PMD16) and, for IA64_BTB_EXT_PMD,
 * the extension PMD, all read while the PMU was frozen. Writes the
 * branches to @out, newest first, at most l->nr, and returns how many;
 * *@hw_idx gets the BTB index of the last entry written (-1 if none).
 *
 * The ring, oldest first, starts at bbi when full is set, else at PMD8,
 * and ends at the entry before bbi ([ITA-RM] §6.2.8.2). In it a branch
 * (b = 1) is followed by its target (b = 0, mp = 1), or directly by the
 * next branch when that one is in the target bundle: then its bundle is
 * the target. Dropped: a target whose branch was overwritten, invalid
 * entries (b = mp = 0), a not-taken branch (slot 3) with its target, the
 * newest branch while its target is not recorded, and a branch with an
 * address outside @keep (IA64_BTB_KEEP_*): a filter that took effect
 * late, or another privilege level, never shows. A branch entry whose
 * b1 bit is set in PMD16 (Itanium 2) records the bundle before the
 * branch's: "from" is one bundle on, while the bundle recorded stays
 * where execution arrived, the "to" of a branch before it.
 *
 * With @env, a buffer that records interruptions and rfi (l->xfer) has
 * them typed PERF_BR_IRQ / PERF_BR_ERET (ia64_btb_xfer_type()), never
 * mispredicted, and dropped as @keep's IA64_BTB_DROP_* bits say; every
 * other entry is a branch of type PERF_BR_UNKNOWN (the buffer records
 * no branch type).
 */
static inline unsigned int ia64_btb_decode(const struct ia64_btb_layout *l,
					   const __u64 *pmd, unsigned int keep,
					   const struct ia64_btb_env *env,
					   struct perf_branch_entry *out,
					   __u64 *hw_idx)
{
	struct perf_branch_entry tmp[IA64_BTB_MAX];
	unsigned int depth = l->nr;
	unsigned int bbi = (unsigned int)(pmd[depth] & l->bbi_mask) % depth;
	bool full = pmd[depth] & l->full;
	unsigned int n = full ? depth : bbi;
	unsigned int first = full ? bbi : 0;
	unsigned int k, nr = 0;
	unsigned int i;
	__u64 e, next, from, to;
	bool mp;
	int type;

	*hw_idx = n ? (bbi + depth - 1) % depth : -1ULL;
	for (k = 0; k + 1 < n; k++) {
		i = (first + k) % depth;
		e = pmd[i];
		if (!(e & IA64_BTB_B))
			continue;
		next = pmd[(i + 1) % depth];
		if (!(next & (IA64_BTB_B | IA64_BTB_MP)))
			continue;
		if (!(next & IA64_BTB_B))
			k++;		/* the target entry is used up */
		if (IA64_BTB_SLOT(e) == 3)
			continue;
		from = ia64_btb_branch_bundle(l, pmd, i) + IA64_BTB_SLOT(e);
		to = IA64_BTB_ADDR(next);
		if (!ia64_btb_keep(from, keep) || !ia64_btb_keep(to, keep))
			continue;
		type = ia64_btb_xfer_type(l, env, from, to);
		if ((type == PERF_BR_IRQ && (keep & IA64_BTB_DROP_IRQ)) ||
		    (type == PERF_BR_ERET && (keep & IA64_BTB_DROP_ERET)))
			continue;
		mp = e & IA64_BTB_MP;
		tmp[nr] = (struct perf_branch_entry) {
			.from = from,
			.to = to,
			.mispred = type == PERF_BR_UNKNOWN && mp,
			.predicted = type == PERF_BR_UNKNOWN && !mp,
			.type = type,
			.priv = ia64_btb_kernel_addr(from) ?
				PERF_BR_PRIV_KERNEL : PERF_BR_PRIV_USER,
		};
		nr++;
	}
	for (k = 0; k < nr; k++)
		out[k] = tmp[nr - 1 - k];
	return nr;
}

/*
 * The most entries one sample's stack takes from the buffer of layout
 * @l: in branch mode l->nr - 1 branches (ia64_btb_decode(): every entry
 * a branch whose target bundle holds the next branch, the newest one
 * without its target), l->nr / 2 when each branch has a target entry;
 * with @ipear, l->nr retired IPs (ia64_ipear_decode()). caps/branches.
 */
static inline unsigned int ia64_btb_max_entries(const struct ia64_btb_layout *l,
						bool ipear)
{
	return ipear ? l->nr : l->nr - 1;
}

#endif /* __IA64_PMU_BTB_H */
