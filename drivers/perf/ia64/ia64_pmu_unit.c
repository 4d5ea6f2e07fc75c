// SPDX-License-Identifier: GPL-2.0
/*
 * Itanium PMU driver: what the units the events of a CPU share have in
 * common. The branch trace buffer (PMC12) and each EAR (PMC10, PMC11)
 * are one register that every event using the unit needs at one value:
 * events agree on it or do not count together, the first user brings
 * the unit's PMDs into the context switch, empty, and the PMC is written
 * only when what it holds changes. Qualification (ia64_pmu_qual.c)
 * keeps its registers the same way.
 */

#include <linux/perf_event.h>
#include <linux/perf/ia64_pmu.h>

#include "ia64_pmu.h"

/* Write register @idx with @write unless it holds @val already (*@hw) */
void ia64_pmu_write_cached(u64 *hw, u64 val,
			   void (*write)(unsigned int, u64), unsigned int idx)
{
	if (*hw == val)
		return;
	write(idx, val);
	*hw = val;
}

/*
 * Group validation: may an event needing @pmc count with those seen so
 * far, whose value is *@shared (0: none yet)?
 */
bool ia64_pmu_unit_agrees(u64 *shared, u64 pmc)
{
	if (*shared && *shared != pmc)
		return false;
	*shared = pmc;
	return true;
}

/*
 * add(): take unit @u for @event, which needs its PMC at @pmc; -EAGAIN
 * if the events on it use another value. The first user starts with the
 * unit's PMDs (@pmds) empty unless the context switch restores the
 * task's own.
 */
int ia64_pmu_unit_get(struct ia64_pmu_cpu *cpuc, struct ia64_pmu_unit *u,
		      struct perf_event *event, u64 pmc, u64 pmds)
{
	if (u->users && u->pmc != pmc)
		return -EAGAIN;
	if (!u->users++) {
		u->pmc = pmc;
		cpuc->ctx_pmds |= pmds;
		cpuc->ctx_fresh |= pmds;
	}
	perf_sched_cb_inc(event->pmu);
	return 0;
}

/* del(): @event leaves unit @u; true if it was the last user */
bool ia64_pmu_unit_put(struct ia64_pmu_cpu *cpuc, struct ia64_pmu_unit *u,
		       struct perf_event *event, u64 pmds)
{
	perf_sched_cb_dec(event->pmu);
	if (--u->users)
		return false;
	cpuc->ctx_pmds &= ~pmds;
	return true;
}

/* Bring the unit's PMC @pmc to @val */
void ia64_pmu_unit_write(struct ia64_pmu_unit *u, unsigned int pmc, u64 val)
{
	ia64_pmu_write_cached(&u->hw, val, ia64_pmu_write_pmc, pmc);
}

/* CPU bring-up wrote the reset value @val to the unit's PMC */
void ia64_pmu_unit_reset(struct ia64_pmu_unit *u, u64 val)
{
	u->hw = val;
	u->reset = val;
	u->read = false;
}
