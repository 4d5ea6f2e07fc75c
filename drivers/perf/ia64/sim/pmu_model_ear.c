// SPDX-License-Identifier: GPL-2.0
/*
 * The event address registers of the PMU model: which instruction
 * fetches PMC10 lets the instruction EAR capture into PMD0/1, and which
 * memory accesses PMC11 lets the data EAR capture into PMD2/3/17. One
 * capture path for every CPU model; where the models lay the registers
 * out differently it reads the model's struct ia64_model_ear_layout
 * (the Itanium's is below, the Itanium 2's in pmu_model_itanium2.c).
 * Counting, INSTRUCTION_EAR_EVENTS / L1I_EAR_EVENTS and DATA_EAR_EVENTS
 * included, is in pmu_model_count.c; ia64_model_run() (pmu_model.c)
 * calls these for each fetch and memory record.
 *
 * Itanium: [ITA-RM] §6.2.7.1-6.2.7.3, Tables 6-11..6-15 (I-EAR) and
 * §6.2.7.4-6.2.7.6, Tables 6-16..6-20 (D-EAR).
 */
#include "pmu_model.h"
#include "pmu_model_int.h"

/* PMC11: the mode field starts at bit 7 on every model */
#define DEAR_MODE_SHIFT		7
#define DEAR_MODE_CACHE		0
#define DEAR_MODE_TLB		1
#define DEAR_MODE_ALAT		2
#define DEAR_ISM_SHIFT		24

/* [ITA-RM] Table 6-12: umask k captures fetches of latency >= 4 << k */
static const u16 itanium_iear_lat[16] = {
	4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096,
	/* 1011..1111: nothing is captured */
};

/*
 * The Itanium: PMC10 laid out as PMC11 (Figures 6-18, 6-20: pm 6, tlb 7,
 * umask 19:16, ism 25:24); PMD0 v 0, tlb 1 (Table 6-15: 1 software),
 * line 63:5; PMD1 latency 11:0; PMD3 latency 11:0 or level 63:62 (Table
 * 6-20); PMD17 v 0, slot 3:2, bundle 63:4; the addresses of PMD0/2/17
 * sign-extended from bit 50 (Tables 6-13, 6-18). The EAR and BTB PMDs
 * read undefined unless frozen (ita_units, pmu_model_regs.c).
 */
const struct ia64_model_ear_layout ia64_model_itanium_ears = {
	IA64_MODEL_EAR_PMC10_11,
	.iear_pm		= BIT64(6),
	.iear_ism_shift		= 24,
	.iear_cache_mask	= BIT64(7),
	.iear_cache_mode	= 0,
	.iear_tlb_mask		= BIT64(7),
	.iear_tlb_mode		= BIT64(7),
	.iear_umask_shift	= 16,
	.iear_umask_mask	= 0xf,
	.iear_lat		= itanium_iear_lat,
	.iear_tlb_bias		= 0,	/* Table 6-14: bit 2 VHPT, 3 software */
	.iear_stat_cache	= 0x1,
	.iear_stat_tlb		= { [IA64_PMU_TLB_VHPT] = 0x1,
				    [IA64_PMU_TLB_SW] = 0x3 },
	.iear_lat_ovf		= 0,
	.dear_mode_mask		= 0x1,	/* PMC11.tlb */
	.dear_lat_bits		= 12,
	.dear_lat_ovf		= 0,
	.dear_stat_shift	= 62,
	.dear_stat_cache	= 0,
	.pmd17_valid		= BIT64(0),
	.pmd17_slot_shift	= 2,
	.pmd17_bn		= 0,
	.sxt_pmds		= BIT64(0) | BIT64(2) | BIT64(17),
	.unfrozen_pmds		= 0,
};

/*
 * D-EAR cache mode, [ITA-RM] Table 6-17 and the Itanium 2's
 * DATA_EAR_CACHE_LAT4..LAT4096 presets ([PFM-I2]: umask 0..10): umask k
 * captures loads of latency >= 4 << k; 0 if nothing is captured
 */
static u32 dear_threshold(unsigned int umask)
{
	return umask <= 0xa ? 4U << umask : 0;
}

/*
 * The latency field of @bits, with its overflow bit @ovf.
 * MODEL(ear-latency-sat): a latency too large for the field saturates it, and
 * sets the overflow bit where there is one.
 */
static u64 ear_latency(u32 lat, unsigned int bits, u64 ovf)
{
	u64 max = MASK64(bits - 1, 0);

	return lat > max ? max | ovf : lat;
}

/* Instruction EAR */
void ia64_model_iear_check(const struct ia64_model *m, struct rec_view *v)
{
	const struct ia64_model_ear_layout *l = m->desc->ear;
	const struct ia64_pmu_rec_fetch *r = &v->u.fetch;
	u64 pmc = m->pmc[l->iear_pmc];
	unsigned int umask = (pmc >> l->iear_umask_shift) & l->iear_umask_mask;
	u32 thr;

	if ((r->hdr.flags & IA64_PMU_REC_FETCH_PREFETCH) ||
	    !ia64_model_monitor_enabled_at(m, pmc, l->iear_pm,
					   l->iear_ism_shift, v))
		return;
	if ((pmc & l->iear_tlb_mask) == l->iear_tlb_mode) {
		/* TLB mode: the level that resolved the L1 ITLB miss */
		v->iear = r->tlb != IA64_PMU_TLB_L1 &&
			  r->tlb >= l->iear_tlb_bias &&
			  (umask & (1U << (r->tlb - l->iear_tlb_bias)));
	} else if ((pmc & l->iear_cache_mask) == l->iear_cache_mode) {
		/* cache mode: a demand fetch missing L1I, over a threshold */
		thr = l->iear_lat[umask];
		v->iear = r->level > IA64_PMU_LVL_L1 && thr &&
			  r->latency >= thr;
	}
}

void ia64_model_iear_capture(struct ia64_model *m, const struct rec_view *v)
{
	const struct ia64_model_ear_layout *l = m->desc->ear;
	const struct ia64_pmu_rec_fetch *r = &v->u.fetch;
	u64 pmd0 = ia64_model_sxt50(v->ctx.ip) & MASK64(63, 5);

	if ((m->pmc[l->iear_pmc] & l->iear_tlb_mask) == l->iear_tlb_mode) {
		pmd0 |= l->iear_stat_tlb[r->tlb];
	} else {
		pmd0 |= l->iear_stat_cache;
		m->pmd[l->iear_pmd_lat] =
			ear_latency(r->latency, 12, l->iear_lat_ovf) &
			ia64_model_pmd_bits(m, l->iear_pmd_lat);
	}
	m->pmd[l->iear_pmd_addr] = pmd0 &
				   ia64_model_pmd_bits(m, l->iear_pmd_addr);
	m->stats.ear_captures++;
}

/* Data EAR */
void ia64_model_dear_check(const struct ia64_model *m, struct rec_view *v)
{
	const struct ia64_model_ear_layout *l = m->desc->ear;
	const struct ia64_pmu_rec_mem *r = &v->u.mem;
	u64 pmc = m->pmc[l->dear_pmc];
	unsigned int umask = (pmc >> IA64_MODEL_PMC_UMASK_SHIFT) & 0xf;
	u32 thr = dear_threshold(umask);

	if (!ia64_model_monitor_enabled_at(m, pmc, IA64_MODEL_PMC_PM,
					   DEAR_ISM_SHIFT, v))
		return;
	v->dear_mode = (pmc >> DEAR_MODE_SHIFT) & l->dear_mode_mask;
	switch (v->dear_mode) {
	case DEAR_MODE_CACHE:		/* loads missing L1D, over thr */
		v->dear = r->op == IA64_PMU_MEM_LOAD &&
			  r->level > IA64_PMU_LVL_L1 && thr &&
			  r->latency >= thr;
		break;
	case DEAR_MODE_TLB:		/* L1 DTLB misses, by level */
		v->dear = r->tlb != IA64_PMU_TLB_L1 &&
			  (umask & (1U << r->tlb));
		break;
	case DEAR_MODE_ALAT:
		/*
		 * [PFM-I2] DATA_EAR_ALAT (umask 0): advanced load checks
		 * that miss the ALAT. MODEL(ear-alat-umask): the umask is not
		 * looked at.
		 */
		v->dear = r->hdr.flags & IA64_PMU_REC_MEM_ALAT_MISS;
		break;
	default:
		/* MODEL(dear-mode3): mode 3 is not described; nothing is captured */
		break;
	}
}

/*
 * MODEL(dear-one-load): the data EAR tracks one load at a time ([ITA-RM]
 * §6.2.7.5; the Itanium 2 alike): having picked a load (at random), it ignores
 * the loads overlapping it until that one hits or misses L1D, so overlapped
 * misses can go uncaptured. Records execute one after the other and
 * never overlap, so every access is tracked on its own: each qualifying
 * access, each repetition of a record, is captured (and counted by
 * DATA_EAR_EVENTS), and latches PMD2, PMD3 and PMD17 together, replacing
 * the previous capture whole; an access that does not qualify changes
 * none of them. A capture is never a mix of two accesses. Captures lost
 * to overlap are not modelled.
 */
void ia64_model_dear_capture(struct ia64_model *m, const struct rec_view *v)
{
	const struct ia64_model_ear_layout *l = m->desc->ear;
	const struct ia64_pmu_rec_mem *r = &v->u.mem;
	u64 ip = v->ctx.ip & MASK64(63, 4);	/* reads apply sxt_pmds */
	unsigned int slot = v->ctx.slot;
	u64 pmd3, pmd17;

	/*
	 * MODEL(ear-mispred-ip): the wrong IP of a TLB or ALAT mode capture
	 * right after a mispredicted branch with PMC12 (the BTB's PMC) != 0 is
	 * the branch's. Only for a record of one access: the last of several,
	 * the one the capture holds, no longer follows the branch.
	 */
	if (l->dear_tlb_needs_pmc12_0 && v->dear_mode != DEAR_MODE_CACHE &&
	    m->desc->btb && m->pmc[m->desc->btb->pmc] && m->after_mispred &&
	    v->ctx.repeat == 1) {
		ip = m->mispred_ip & MASK64(63, 4);
		slot = m->mispred_slot;
	}

	/*
	 * PMD17: the bundle, or with a bundle bit the two-bundle window
	 * and which of its bundles (MODEL(iear-windows): windows start 32-byte
	 * aligned)
	 */
	pmd17 = l->pmd17_valid;
	if (l->pmd17_bn) {
		pmd17 |= ip & MASK64(63, 5);
		if (ip & BIT64(4))
			pmd17 |= l->pmd17_bn;
	} else {
		pmd17 |= ip;
	}
	if (!v->is)
		pmd17 |= (u64)slot << l->pmd17_slot_shift;

	switch (v->dear_mode) {
	case DEAR_MODE_TLB:		/* the level that resolved it */
		pmd3 = (u64)r->tlb << l->dear_stat_shift;
		break;
	case DEAR_MODE_ALAT:		/* no latency */
		pmd3 = (u64)l->dear_stat_cache << l->dear_stat_shift;
		break;
	default:			/* the load's latency */
		pmd3 = ((u64)l->dear_stat_cache << l->dear_stat_shift) |
		       ear_latency(r->latency, l->dear_lat_bits,
				   l->dear_lat_ovf);
		break;
	}
	m->pmd[l->dear_pmd_addr] = r->daddr &
				   ia64_model_pmd_bits(m, l->dear_pmd_addr);
	m->pmd[l->dear_pmd_lat] = pmd3 &
				  ia64_model_pmd_bits(m, l->dear_pmd_lat);
	m->pmd[l->dear_pmd_ip] = pmd17 &
				 ia64_model_pmd_bits(m, l->dear_pmd_ip);
	m->stats.ear_captures++;
}
