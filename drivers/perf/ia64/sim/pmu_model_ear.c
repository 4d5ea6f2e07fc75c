// SPDX-License-Identifier: GPL-2.0
/*
 * The event address registers of the Itanium PMU model ([ITA-RM] §6.2.7):
 * which instruction fetches PMC10 lets the instruction EAR capture into
 * PMD0/1 (§6.2.7.1-6.2.7.3, Tables 6-11..6-15), and which memory
 * accesses PMC11 lets the data EAR capture into PMD2/3/17 (§6.2.7.4-
 * 6.2.7.6, Tables 6-16..6-20). Counting, INSTRUCTION_EAR_EVENTS and
 * DATA_EAR_EVENTS included, is in pmu_model.c, which calls these for
 * each fetch and memory record.
 */
#include "pmu_model.h"
#include "pmu_model_int.h"

#define EAR_TLB			BIT64(7)	/* PMC10/11.tlb */

static unsigned int ear_umask(u64 pmc)
{
	return (pmc >> IA64_MODEL_PMC_UMASK_SHIFT) & 0xf;
}

/* Latency threshold of Tables 6-12 and 6-17, 0 if nothing is captured */
static u32 ear_threshold(unsigned int umask)
{
	return umask <= 0xa ? 4U << umask : 0;
}

static u64 ear_latency(u32 lat)
{
	return lat > 0xfff ? 0xfff : lat;	/* MODEL: saturates */
}

/* Instruction EAR, [ITA-RM] §6.2.7.1-6.2.7.3 */
void ia64_model_iear_check(const struct ia64_model *m, struct rec_view *v)
{
	const struct ia64_pmu_rec_fetch *r = &v->u.fetch;
	u64 pmc = m->pmc[10];
	unsigned int umask = ear_umask(pmc);

	if ((r->hdr.flags & IA64_PMU_REC_FETCH_PREFETCH) ||
	    !ia64_model_monitor_enabled(m, 10, v))
		return;
	if (pmc & EAR_TLB)			/* TLB mode, Table 6-14 */
		v->iear = (r->tlb == IA64_PMU_TLB_VHPT && (umask & 0x4)) ||
			  (r->tlb == IA64_PMU_TLB_SW && (umask & 0x8));
	else					/* cache mode, Table 6-12 */
		v->iear = r->level > IA64_PMU_LVL_L1 && ear_threshold(umask) &&
			  r->latency >= ear_threshold(umask);
}

void ia64_model_iear_capture(struct ia64_model *m, const struct rec_view *v)
{
	const struct ia64_pmu_rec_fetch *r = &v->u.fetch;
	u64 pmd0 = (ia64_model_sxt50(v->ctx.ip) & MASK64(63, 5)) | 1;

	if (m->pmc[10] & EAR_TLB) {
		if (r->tlb == IA64_PMU_TLB_SW)	/* Table 6-15 */
			pmd0 |= 2;
	} else {
		m->pmd[1] = ear_latency(r->latency);
	}
	m->pmd[0] = pmd0 & ia64_model_pmd_bits(m, 0);
	m->stats.ear_captures++;
}

/* Data EAR, [ITA-RM] §6.2.7.4-6.2.7.6 */
void ia64_model_dear_check(const struct ia64_model *m, struct rec_view *v)
{
	const struct ia64_pmu_rec_mem *r = &v->u.mem;
	u64 pmc = m->pmc[11];
	unsigned int umask = ear_umask(pmc);

	if (!ia64_model_monitor_enabled(m, 11, v))
		return;
	if (pmc & EAR_TLB)			/* TLB mode, Table 6-19 */
		v->dear = r->tlb != IA64_PMU_TLB_L1 &&
			  (umask & (1U << r->tlb));
	else					/* cache mode, Table 6-17 */
		v->dear = r->op == IA64_PMU_MEM_LOAD &&
			  r->level > IA64_PMU_LVL_L1 &&
			  ear_threshold(umask) &&
			  r->latency >= ear_threshold(umask);
}

/*
 * MODEL: the data EAR tracks one load at a time ([ITA-RM] §6.2.7.5):
 * having picked a load (at random), it ignores the loads overlapping it
 * until that one hits or misses L1D, so overlapped misses can go
 * uncaptured. Records execute one after the other and never overlap, so
 * every access is tracked on its own: each qualifying access, each
 * repetition of a record, is captured (and counted by DATA_EAR_EVENTS),
 * and latches PMD2, PMD3 and PMD17 together, replacing the previous
 * capture whole; an access that does not qualify changes none of them.
 * A capture is never a mix of two accesses. Captures lost to overlap are
 * not modelled.
 */
void ia64_model_dear_capture(struct ia64_model *m, const struct rec_view *v)
{
	const struct ia64_pmu_rec_mem *r = &v->u.mem;
	u64 pmd17 = (ia64_model_sxt50(v->ctx.ip) & MASK64(63, 4)) | 1;

	if (!v->is)
		pmd17 |= (u64)v->ctx.slot << 2;
	m->pmd[2] = r->daddr & ia64_model_pmd_bits(m, 2);
	if (m->pmc[11] & EAR_TLB)		/* Table 6-20: level */
		m->pmd[3] = (u64)r->tlb << 62;
	else					/* Table 6-18: latency */
		m->pmd[3] = ear_latency(r->latency);
	m->pmd[17] = pmd17 & ia64_model_pmd_bits(m, 17);
	m->stats.ear_captures++;
}
