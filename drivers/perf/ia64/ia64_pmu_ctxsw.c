// SPDX-License-Identifier: GPL-2.0
/*
 * The per-task PMU state beyond the generic counters, across context
 * switches ([SDM-2] §7.2.4.2).
 *
 * The perf core schedules the generic counters event by event (add/del);
 * what it cannot carry is the content of the implementation-specific
 * registers that the task's events use: the branch trace buffer
 * and the EARs (on the Itanium and Itanium 2: PMD8-16, and PMD0/1,
 * PMD2/3/17; each feature's layout in the model has them). The
 * Montecito's IP-EAR writes the execution trace buffer's registers
 * (PMD38/39/48-63) with the same index and ring: it is saved and
 * restored as the branch mode is, its PMC42 programmed with PMC39. They
 * are the ones PAL_PERF_MON_INFO lists in PAL_PMDmask ([ITA-RM] Table
 * 6-24), less the generic counters, intersected with those the events
 * on the CPU use (cpuc->ctx_pmds, kept by each feature): nothing is
 * saved for a task whose events use none.
 *
 * pmu->sched_task() runs, while a feature holds a perf_sched_cb_inc()
 * reference on the CPU, with the PMU disabled; where it has registers
 * to move, ia64_pmu_ctxsw() first clears PSR.pp (ia64_pmu_quiesce()):
 * - at sched-out, before the task's events are removed: the PMU is
 *   frozen (PMC0.fr: those PMDs are only defined then, [ITA-RM]
 *   §6.2.8.2) and the registers are saved in the context's
 *   task_ctx_data; of the BTB only what its index says is live: the
 *   index, the extension bits and, before the ring wrapped, the entries
 *   below bbi (ia64_pmu_btb_stale());
 * - at sched-in, after the events are added: the feature PMCs are
 *   programmed first (a PMD is not preserved while its PMC has plm = 0,
 *   [ITA-RM] Figure 6-11), then the saved PMDs are written back. A
 *   context with nothing saved starts with the features reset, so that
 *   no task inherits another's branches.
 * The configuration registers (PMC12, PMC42) are not saved: they follow
 * from the events and are written by the features themselves.
 */

#include <linux/bitops.h>
#include <linux/perf_event.h>
#include <linux/perf/ia64_pmu.h>
#include <linux/slab.h>

#include "ia64_pmu.h"
#include "ia64_pmu_compat.h"

struct ia64_pmu_task_ctx {
	u64 saved;	/* bit n: pmd[n] holds PMDn of the task */
	u64 stale;	/* ... or PMDn means nothing (BTB entries past bbi) */
	u64 pmd[];	/* by PMD number, up to the highest in the mask */
};

/* PMDs that the context switch may save: PAL_PMDmask less the counters */
static u64 ia64_pmu_ctx_pmd_mask;

/* pmu->sched_task() (ia64_pmu_compat.h) with the task's task_ctx_data */
void ia64_pmu_ctxsw(void *task_ctx_data, bool sched_in)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	struct ia64_pmu_task_ctx *tctx = task_ctx_data;
	unsigned long mask = cpuc->ctx_pmds & ia64_pmu_ctx_pmd_mask;
	unsigned int i;

	/* CPU-wide events: the registers are the CPU's, nothing to switch */
	if (!tctx || !mask)
		return;
	ia64_pmu_quiesce(cpuc);

	if (!sched_in) {
		unsigned long live = mask;
		u64 idx = ia64_pmu_btb_index_pmd() & mask;

		ia64_pmu_freeze(cpuc);
		tctx->stale = 0;
		if (idx) {
			/* the BTB's index first: what of the ring is live */
			i = __ffs64(idx);
			tctx->pmd[i] = ia64_pmu_read_pmd(i);
			tctx->stale = ia64_pmu_btb_stale(tctx->pmd[i]) & mask;
			live &= ~(idx | tctx->stale);
		}
		for_each_set_bit(i, &live, BITS_PER_LONG)
			tctx->pmd[i] = ia64_pmu_read_pmd(i);
		tctx->saved = mask;
		return;
	}

	if ((tctx->saved & mask) != mask) {
		/* nothing of this task's: start empty */
		cpuc->ctx_fresh |= mask;
		return;
	}
	ia64_pmu_btb_program_pmc(cpuc);
	ia64_pmu_ear_program_pmc(cpuc);
	cpuc->ctx_fresh &= ~mask;
	mask &= ~tctx->stale;
	for_each_set_bit(i, &mask, BITS_PER_LONG)
		ia64_pmu_write_pmd(i, tctx->pmd[i]);
}

/*
 * event_init of an event that needs the context switch: have the core
 * allocate the task's task_ctx_data (per-task events only). EBUSY where
 * the core would hand it another PMU's (ia64_pmu_compat.h, 6.15 on).
 */
int ia64_pmu_ctxsw_event_init(struct perf_event *event)
{
	int ret;

	if (!(event->attach_state & PERF_ATTACH_TASK))
		return 0;
	ret = ia64_pmu_task_data_check(event);
	if (!ret)
		event->attach_state |= PERF_ATTACH_TASK_DATA;
	return ret;
}

int ia64_pmu_ctxsw_init(struct pmu *pmu, const struct ia64_pmu_model *model)
{
	u64 mask = model->pal_pmd_mask[0] &
		   ~GENMASK_ULL(IA64_PMU_FIRST_COUNTER +
				model->nr_generic - 1,
				IA64_PMU_FIRST_COUNTER);
	size_t size;

	ia64_pmu_ctx_pmd_mask = mask;
	size = struct_size((struct ia64_pmu_task_ctx *)NULL, pmd,
			   mask ? fls64(mask) : 0);
	pmu->task_ctx_cache = kmem_cache_create("ia64_pmu_task_ctx", size, 0,
						0, NULL);
	return pmu->task_ctx_cache ? 0 : -ENOMEM;
}

/* After perf_pmu_unregister(): contexts are freed after a grace period */
void ia64_pmu_ctxsw_exit(struct pmu *pmu)
{
	rcu_barrier();
	kmem_cache_destroy(pmu->task_ctx_cache);
	pmu->task_ctx_cache = NULL;
}
