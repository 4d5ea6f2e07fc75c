// SPDX-License-Identifier: GPL-2.0
/*
 * Itanium PMU driver: counter scheduling. The events of a CPU are placed
 * on counters (ia64_pmu_assign.c) at add and at the commit of a
 * transaction (PERF_PMU_TXN_ADD), and moved to their counters by
 * ia64_pmu_enable().
 * Context switch of per-task state (pmu->sched_task) is in
 * ia64_pmu_ctxsw.c.
 */

#include <linux/bitops.h>
#include <linux/perf_event.h>
#include <linux/perf/ia64_pmu.h>
#include <linux/string.h>

#include "ia64_pmu.h"

/* Move events to their newly assigned counters and start new ones */
void ia64_pmu_reprogram(struct ia64_pmu_cpu *cpuc)
{
	struct perf_event *event;
	int i, idx;

	for (i = 0; i < cpuc->n_events; i++) {
		event = cpuc->event_list[i];
		idx = event->hw.idx;
		if (idx < 0 || idx == cpuc->assign[i])
			continue;
		/* an event the core stopped stays stopped on its new counter */
		if (event->hw.state & PERF_HES_STOPPED)
			event->hw.state |= PERF_HES_ARCH;
		ia64_pmu_stop(event, PERF_EF_UPDATE);
		if (cpuc->counter[idx - IA64_PMU_FIRST_COUNTER] == event)
			cpuc->counter[idx - IA64_PMU_FIRST_COUNTER] = NULL;
		event->hw.idx = -1;
	}
	for (i = 0; i < cpuc->n_events; i++) {
		event = cpuc->event_list[i];
		if (event->hw.idx >= 0)
			continue;
		idx = cpuc->assign[i];
		event->hw.idx = idx;
		cpuc->counter[idx - IA64_PMU_FIRST_COUNTER] = event;
		if (!(event->hw.state & PERF_HES_ARCH)) {
			ia64_pmu_start(event, PERF_EF_RELOAD);
		} else {
			struct hw_perf_event *hwc = &event->hw;

			/*
			 * A stopped event resumes with start(event, 0) (e.g.
			 * when the core unthrottles it): its new counter
			 * continues from where the old one stopped (where
			 * stopping loses the PMD, start() loads it again).
			 */
			ia64_pmu_write_stopped(cpuc, idx, hwc->config);
			ia64_pmu_write_pmd(idx, local64_read(&hwc->prev_count) &
					   ia64_pmu_cnt_mask);
			cpuc->stale_ctrs &= ~IA64_CTR(idx);
			cpuc->ctr_owner[idx - IA64_PMU_FIRST_COUNTER] = 0;
		}
		perf_event_update_userpage(event);
	}
	cpuc->dirty = false;
}

void ia64_pmu_start_txn(struct pmu *pmu, unsigned int txn_flags)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);

	WARN_ON_ONCE(cpuc->txn_flags);
	cpuc->txn_flags = txn_flags;
	if (txn_flags & ~PERF_PMU_TXN_ADD)
		return;
	perf_pmu_disable(pmu);
	cpuc->n_txn = 0;
}

int ia64_pmu_commit_txn(struct pmu *pmu)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	int assign[IA64_PMU_MAX_COUNTERS];

	if (cpuc->txn_flags & ~PERF_PMU_TXN_ADD) {
		cpuc->txn_flags = 0;
		return 0;
	}
	if (!ia64_pmu_assign(cpuc->event_list, cpuc->n_events, assign))
		return -EAGAIN;
	memcpy(cpuc->assign, assign, sizeof(assign));
	cpuc->txn_flags = 0;
	cpuc->n_txn = 0;
	perf_pmu_enable(pmu);
	return 0;
}

void ia64_pmu_cancel_txn(struct pmu *pmu)
{
	struct ia64_pmu_cpu *cpuc = this_cpu_ptr(&ia64_pmu_cpu);
	unsigned int txn_flags = cpuc->txn_flags;

	cpuc->txn_flags = 0;
	if (txn_flags & ~PERF_PMU_TXN_ADD)
		return;
	/* events added in the transaction and not deleted since */
	cpuc->n_events -= cpuc->n_txn;
	cpuc->n_txn = 0;
	perf_pmu_enable(pmu);
}
