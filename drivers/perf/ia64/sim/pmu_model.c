// SPDX-License-Identifier: GPL-2.0
/*
 * Software model of the Itanium performance monitoring unit: running an
 * execution record. Each counter's per-cycle increment (the monitor
 * enable equation, what its event counts: pmu_model_count.c), its
 * threshold, the carry-out overflow of the counters with the sticky
 * PMC0 overflow bits, the freeze on the overflow of an oi monitor and
 * the interrupt it raises; the EARs and the BTB capture from here
 * (pmu_model_ear.c, pmu_model_btb.c).
 *
 * The model's other files, by concern: the register file, PAL and
 * CPUID (pmu_model_regs.c), the checking of records (pmu_model_check.c),
 * qualification (pmu_model_qual.c), the free-running mode
 * (pmu_model_freerun.c), and each CPU model's description
 * (pmu_model_itanium.c, pmu_model_itanium2.c, pmu_model_montecito.c,
 * and the generic one built from parameters, pmu_model_generic.c): a CPU model is a struct
 * ia64_model_desc of tables and layouts.
 *
 * Sources, with the short forms defined in
 * Documentation/admin-guide/perf/ia64-pmu.rst:
 *   [ITA-RM]  Intel Itanium Processor Reference Manual for Software
 *             Development, rev. 2.0: ch. 6 (§6.1.1.3 thresholds, Table
 *             6-6; Table 6-7: PMC0 overflow bits and fr)
 *   [PFM-I2]  libpfm_itanium2(3) (thresholds: "more than n times per
 *             cycle")
 */
#ifdef __KERNEL__
#include <linux/string.h>
#else
#include <string.h>
#endif

#include "pmu_model.h"
#include "pmu_model_int.h"

const struct ia64_model_desc *ia64_model_desc_of(enum ia64_model_cpu cpu)
{
	switch (cpu) {
	case IA64_MODEL_ITANIUM2:
		return &ia64_model_itanium2_desc;
	case IA64_MODEL_GENERIC:
		return ia64_model_generic_desc();
	case IA64_MODEL_MONTECITO:
		return &ia64_model_montecito_desc;
	default:
		return &ia64_model_itanium_desc;
	}
}

/* Threads per core of the CPU model with PMC.all: ia64_model_threads_setup() */
static unsigned int model_threads = 1;

int ia64_model_threads_setup(enum ia64_model_cpu cpu, unsigned int n)
{
	if (n < 1 || n > 2 || (n > 1 && !ia64_model_desc_of(cpu)->thread_all))
		return -EINVAL;
	model_threads = n;
	return 0;
}

unsigned int ia64_model_threads(enum ia64_model_cpu cpu)
{
	if (cpu == IA64_MODEL_GENERIC)
		return ia64_model_generic_threads();
	return ia64_model_desc_of(cpu)->thread_all ? model_threads : 1;
}

static void decode(const void *rec, struct rec_view *v)
{
	const u8 *p = rec;

	memset(v, 0, sizeof(*v));
	memcpy(&v->hdr, p, sizeof(v->hdr));
	memcpy(&v->ctx, p + CTX_OFF, sizeof(v->ctx));
	v->is = v->ctx.isa == IA64_PMU_ISA_IA32;
	switch (v->hdr.type) {
	case IA64_PMU_REC_CYCLES:
		memcpy(&v->u.cyc, p, sizeof(v->u.cyc));
		v->nr_ev = v->u.cyc.nr_events;
		if (v->nr_ev > IA64_PMU_REC_MAX_EVENTS)
			v->nr_ev = IA64_PMU_REC_MAX_EVENTS;
		memcpy(v->ev, p + sizeof(v->u.cyc),
		       v->nr_ev * sizeof(v->ev[0]));
		break;
	case IA64_PMU_REC_INST:
		memcpy(&v->u.inst, p, sizeof(v->u.inst));
		break;
	case IA64_PMU_REC_MEM:
		memcpy(&v->u.mem, p, sizeof(v->u.mem));
		v->has_daddr = true;
		break;
	case IA64_PMU_REC_FETCH:
		memcpy(&v->u.fetch, p, sizeof(v->u.fetch));
		break;
	case IA64_PMU_REC_BRANCH:
		memcpy(&v->u.br, p, sizeof(v->u.br));
		break;
	case IA64_PMU_REC_XFER:
		memcpy(&v->u.xfer, p, sizeof(v->u.xfer));
		break;
	}
}

static u64 min_u64(u64 a, u64 b)
{
	return a < b ? a : b;
}

/*
 * Does counter @i count the sibling thread's records ([PFM-MONT],
 * S7's thread types)? With PMC.all an active, floating or self-floating
 * event counts both threads; a causal event belongs to no thread and
 * counts the core's records whatever PMC.all; without PMC.all a
 * self-floating event is floating, this thread's only. MODEL(thread-types): the
 * model has no inactive thread, so active and floating events count alike.
 */
static bool counts_sibling(const struct ia64_model *m, unsigned int i)
{
	const struct ia64_model_event *ev = m->ctr_ev[i];

	return (m->pmc[i] & m->desc->thread_all) ||
	       (ev && ev->caf == IA64_MODEL_CAF_CAUSAL);
}

/*
 * Repetitions until a counter of @width bits at @count, counting @d per
 * repetition, carries out of bit width - 1
 */
static u64 reps_to_overflow(unsigned int width, u64 count, unsigned int d)
{
	return ((1ULL << width) - count + d - 1) / d;
}

u64 ia64_model_ctr_count(const struct ia64_model *m, unsigned int i)
{
	return m->pmd[i] & ctr_mask(m);
}

u64 ia64_model_ctr_mask(const struct ia64_model *m)
{
	return ctr_mask(m);
}

u64 ia64_model_ctr_to_freeze(const struct ia64_model *m, unsigned int i)
{
	if (!(m->pmc[i] & IA64_MODEL_PMC_OI) ||
	    (ia64_model_threads(m->cpu) > 1 &&
	     (m->desc->mt_ovfl_no_irq & BIT64(i))))
		return 0;
	return reps_to_overflow(m->desc->width, m->pmd[i] & ctr_mask(m), 1);
}

bool ia64_model_frozen(const struct ia64_model *m)
{
	return frozen(m);
}

int ia64_model_run(struct ia64_model *m, const void *rec, u64 *progress)
{
	struct rec_view v;
	unsigned int d[IA64_MODEL_CTR_END] = { 0 };
	u64 left, k, cnt;
	bool freeze = false, sibling;
	unsigned int i;

	m->stats.runs++;
	decode(rec, &v);
	/* only checked records may run; anything else is a no-op */
	if (!v.hdr.type || v.hdr.type > IA64_PMU_REC_XFER ||
	    *progress >= v.ctx.repeat) {
		*progress = v.ctx.repeat;
		return 0;
	}
	left = v.ctx.repeat - *progress;
	if (frozen(m)) {
		/*
		 * a frozen PMU counts and captures nothing, but for the
		 * IP-EAR during its freeze delay (of this thread's records)
		 */
		if (!v.ctx.thread)
			ia64_model_ipear_frozen(m, &v, left);
		*progress = v.ctx.repeat;
		return 0;
	}

	/*
	 * The sibling thread's record (ctx.thread 1): its own PMU sees it;
	 * of this one only the counters that count both threads (PMC.all,
	 * a causal event: counts_sibling()),
	 * not the EARs or the branch buffer, nor the D-EAR's "after a
	 * mispredicted branch". MODEL(sibling-qual): this thread's
	 * qualification registers tag the sibling's instructions as they tag
	 * its own.
	 */
	sibling = v.ctx.thread;
	switch (v.hdr.type) {
	case IA64_PMU_REC_INST:
		ia64_model_compute_tags(m, &v, !v.is, v.u.inst.itype,
					v.u.inst.encoding, 0);
		break;
	case IA64_PMU_REC_MEM:
		ia64_model_compute_tags(m, &v, !v.is, IA64_PMU_ITYPE_M,
					v.u.mem.encoding, v.u.mem.daddr);
		if (m->desc->ear && !sibling)
			ia64_model_dear_check(m, &v);
		break;
	case IA64_PMU_REC_BRANCH:
		ia64_model_compute_tags(m, &v, true, IA64_PMU_ITYPE_B,
					v.u.br.encoding, 0);
		if (m->desc->btb && !sibling)
			ia64_model_btb_check(m, &v);
		break;
	case IA64_PMU_REC_FETCH:
		ia64_model_compute_tags(m, &v, false, 0, 0, 0);
		if (m->desc->ear && !sibling)
			ia64_model_iear_check(m, &v);
		break;
	case IA64_PMU_REC_XFER:
		ia64_model_compute_tags(m, &v, false, 0, 0, 0);
		if (m->desc->btb && !sibling)
			ia64_model_xfer_check(m, &v);
		break;
	default:
		ia64_model_compute_tags(m, &v, false, 0, 0, 0);
		break;
	}

	/*
	 * Per-repetition increment of each counter: the monitor enable
	 * equation, then the threshold: a non-zero threshold counts 1 in
	 * each cycle whose increment exceeds it ([ITA-RM] §6.1.1.3; the
	 * Table 6-6 sentence is cut off in the text; [PFM-I2]: "more than
	 * n times per cycle"). A model with a counter enable bit in PMC4
	 * counts nothing while it is 0.
	 */
	k = left;
	for (i = 4; i < 4 + m->nr_ctr; i++) {
		u64 pmc = m->pmc[i];
		unsigned int thr = (pmc >> IA64_MODEL_PMC_THRES_SHIFT) &
				   m->desc->thres_mask[i];
		unsigned int n;

		if (m->desc->ctr_enable && !(m->pmc[4] & m->desc->ctr_enable))
			break;
		if (sibling && !counts_sibling(m, i))
			continue;
		if (!ia64_model_monitor_enabled(m, i, &v))
			continue;
		n = ia64_model_event_inc(m, i, &v);
		d[i] = thr ? n > thr : n;
		/* an oi monitor's overflow freezes: stop in that cycle */
		if (d[i] && (pmc & IA64_MODEL_PMC_OI))
			k = min_u64(k, reps_to_overflow(m->desc->width,
							m->pmd[i], d[i]));
	}

	for (i = 4; i < 4 + m->nr_ctr; i++) {
		if (!d[i])
			continue;
		cnt = m->pmd[i] & ctr_mask(m);
		if (k >= reps_to_overflow(m->desc->width, cnt, d[i])) {
			/*
			 * Table 6-7: sticky overflow bit, regardless of oi;
			 * counter i's is PMC0 bit i ([SDM-2] §7.2.4.2)
			 */
			m->pmc[0] |= BIT64(i);
			if ((m->pmc[i] & IA64_MODEL_PMC_OI) &&
			    !(ia64_model_threads(m->cpu) > 1 &&
			      (m->desc->mt_ovfl_no_irq & BIT64(i))))
				freeze = true;
		}
		m->pmd[i] = (cnt + d[i] * (k & ctr_mask(m))) & ctr_mask(m);
	}

	if (sibling)
		goto done;
	if (v.iear)
		ia64_model_iear_capture(m, &v);
	if (v.dear)
		ia64_model_dear_capture(m, &v);
	if (v.btb && v.hdr.type == IA64_PMU_REC_XFER)
		ia64_model_xfer_capture(m, &v, k);
	else if (v.btb)
		ia64_model_btb_capture(m, &v, k);
	ia64_model_ipear_run(m, &v, k);
	/* what ran last, for the D-EAR's IP rule (pmu_model_ear.c) */
	m->after_mispred = v.hdr.type == IA64_PMU_REC_BRANCH &&
			   (v.hdr.flags & (IA64_PMU_REC_BR_MISPRED_PATH |
					   IA64_PMU_REC_BR_MISPRED_TARGET));
	m->mispred_ip = v.ctx.ip;
	m->mispred_slot = v.ctx.slot;

done:
	*progress += k;
	if (freeze) {
		/* Table 6-7: fr set by an oi overflow; the interrupt */
		m->pmc[0] |= IA64_MODEL_PMC0_FR;
		ia64_model_ipear_freeze(m);
		m->irq_pending = true;
		m->stats.irqs++;
	}
	return *progress < v.ctx.repeat ? 1 : 0;
}
