// SPDX-License-Identifier: GPL-2.0
/*
 * The branch trace buffer ([ITA-RM] §6.2.8) as perf branch stacks.
 *
 * The BTB records continuously while its PMC12 lets it; it raises no
 * interrupt of its own. A sampling event of any generic counter may ask
 * for PERF_SAMPLE_BRANCH_STACK: at its overflow interrupt, with the PMU
 * frozen, its PMDs (PMD8-16; the model's struct ia64_btb_layout has its
 * registers) are read once, decoded (ia64_pmu_btb.h) and the BTB is
 * reset for the next sample. One BTB per CPU, so the events on a CPU
 * must agree on PMC12: a group that disagrees with itself is refused
 * with -EBUSY, and add() returns -EAGAIN to an event that disagrees with
 * those already on the CPU, so that perf multiplexes them. A D-EAR that
 * needs PMC12 = 0 (ia64_pmu_ear.c) counts as a disagreeing user.
 *
 * Per task, the BTB content is saved and restored by the context switch
 * (ia64_pmu_ctxsw.c); a context without saved content starts with an
 * empty BTB, so that no task sees another's branches.
 */

#include <linux/bits.h>
#include <linux/perf_event.h>
#include <linux/perf/ia64_pmu.h>

#include "ia64_pmu.h"
#include "ia64_pmu_btb.h"

/* The PMDs the BTB holds its state in: entries, index, extension */
static u64 ia64_pmu_btb_pmds(void)
{
	const struct ia64_btb_layout *l = ia64_pmu_model->btb;

	return GENMASK_ULL(l->first_pmd + l->nr - 1, l->first_pmd) |
	       BIT_ULL(l->index_pmd) |
	       (l->ext == IA64_BTB_EXT_PMD ? BIT_ULL(l->ext_pmd) : 0);
}

/* The index PMD, as a mask of PMDs; 0 without a BTB */
u64 ia64_pmu_btb_index_pmd(void)
{
	const struct ia64_btb_layout *l = ia64_pmu_model->btb;

	return l ? BIT_ULL(l->index_pmd) : 0;
}

/* The entry PMDs that mean nothing while the index is @index */
u64 ia64_pmu_btb_stale(u64 index)
{
	return ia64_btb_stale_pmds(ia64_pmu_model->btb, index);
}

/* event_init: the PMC12 image of a branch-stack event, in branch_reg */
int ia64_pmu_btb_init(struct perf_event *event)
{
	struct perf_event_attr *attr = &event->attr;
	u64 type = attr->branch_sample_type;
	bool mispred = attr->type == PERF_TYPE_RAW &&
		       (attr->config & IA64_PMU_CFG_BR_MISPRED);
	long long pmc12;

	if (!has_branch_stack(event))
		return mispred ? -EINVAL : 0;
	if (!ia64_pmu_has(IA64_PMU_F_BTB))
		return -EOPNOTSUPP;
	if (!is_sampling_event(event))
		return -EINVAL;		/* a stack goes with a sample */
	/* a branch stack never shows what the event excludes */
	if (attr->exclude_user)
		type &= ~PERF_SAMPLE_BRANCH_USER;
	if (attr->exclude_kernel)
		type &= ~PERF_SAMPLE_BRANCH_KERNEL;
	pmc12 = ia64_btb_pmc12(ia64_pmu_model->btb, type, mispred);
	if (pmc12 < 0)
		return pmc12;
	event->hw.branch_reg.reg = ia64_pmu_model->btb->pmc;
	event->hw.branch_reg.config = pmc12;
	return 0;
}

/*
 * A group whose branch-stack events need different PMC12 settings can
 * never run: -EBUSY. @events are the group's events of this PMU.
 */
int ia64_pmu_btb_validate_group(struct perf_event **events, int n)
{
	u64 pmc12 = 0;
	int i;

	for (i = 0; i < n; i++)
		if (has_branch_stack(events[i]) &&
		    !ia64_pmu_unit_agrees(&pmc12,
					  events[i]->hw.branch_reg.config))
			return -EBUSY;
	return 0;
}

/*
 * add(): take the CPU's BTB for @event, -EAGAIN if the events already on
 * it use another PMC12 setting. The first user starts with an empty BTB
 * unless the context switch restores the task's own content.
 */
int ia64_pmu_btb_add(struct ia64_pmu_cpu *cpuc, struct perf_event *event)
{
	if (!has_branch_stack(event))
		return 0;
	if (ia64_pmu_ear_stops_btb(cpuc))
		return -EAGAIN;
	return ia64_pmu_unit_get(cpuc, &cpuc->btb, event,
				 event->hw.branch_reg.config,
				 ia64_pmu_btb_pmds());
}

void ia64_pmu_btb_del(struct ia64_pmu_cpu *cpuc, struct perf_event *event)
{
	if (has_branch_stack(event) &&
	    ia64_pmu_unit_put(cpuc, &cpuc->btb, event, ia64_pmu_btb_pmds()))
		cpuc->btb.pmc = IA64_PMC12_IDLE;
}

/*
 * Bring PMC12 to what the CPU's events need, or to rest (PMU frozen), or
 * to 0 for a D-EAR that needs it (ia64_pmu_ear_stops_btb()). PMC12 is
 * written before any BTB PMD: with plm = 0 a PMD write is not preserved
 * ([ITA-RM] Figure 6-11).
 */
void ia64_pmu_btb_program_pmc(struct ia64_pmu_cpu *cpuc)
{
	struct ia64_pmu_unit *u = &cpuc->btb;
	bool off = !u->users && ia64_pmu_ear_stops_btb(cpuc);
	u64 want = u->users ? u->pmc : off ? 0 : IA64_PMC12_IDLE;

	/* at rest already, whatever plm: tm = 00 captures nothing */
	if (!u->users && !off && !(u->hw & IA64_PMC12_TM(3)))
		return;
	ia64_pmu_unit_write(u, ia64_pmu_model->btb->pmc, want);
}

/* pmu_enable, PMU frozen: PMC12, and an empty BTB for a new owner */
void ia64_pmu_btb_program(struct ia64_pmu_cpu *cpuc)
{
	ia64_pmu_btb_program_pmc(cpuc);
	if (cpuc->ctx_fresh & ia64_pmu_btb_pmds()) {
		if (cpuc->btb.users)	/* full = 0, bbi = 0 (Table 6-23) */
			ia64_pmu_write_pmd(ia64_pmu_model->btb->index_pmd,
					   0);
		cpuc->ctx_fresh &= ~ia64_pmu_btb_pmds();
	}
}

/*
 * Attach the branch stack to @event's sample (PMU frozen, in the
 * interrupt): the BTB is read at the first sample of the interrupt and
 * decoded for each event with its own privilege filter.
 */
void ia64_pmu_btb_sample(struct ia64_pmu_cpu *cpuc, struct perf_event *event,
			 struct perf_sample_data *data)
{
	const struct ia64_btb_layout *l = ia64_pmu_model->btb;
	u64 pmc12 = event->hw.branch_reg.config;
	unsigned int keep = 0, i;

	if (!cpuc->btb.read) {
		for (i = 0; i < l->nr; i++)
			cpuc->btb_raw[i] = ia64_pmu_read_pmd(l->first_pmd + i);
		cpuc->btb_raw[l->nr] = ia64_pmu_read_pmd(l->index_pmd);
		if (l->ext == IA64_BTB_EXT_PMD)
			cpuc->btb_raw[l->nr + 1] = ia64_pmu_read_pmd(l->ext_pmd);
		cpuc->btb.read = true;
	}
	if (pmc12 & IA64_PMC12_PLM_USER)
		keep |= IA64_BTB_KEEP_USER;
	if (pmc12 & IA64_PMC12_PLM_KERNEL)
		keep |= IA64_BTB_KEEP_KERNEL;
	cpuc->btb_stack.nr = ia64_btb_decode(l, cpuc->btb_raw, keep,
					     cpuc->btb_entries,
					     &cpuc->btb_stack.hw_idx);
	data->br_stack = &cpuc->btb_stack;
	data->sample_flags |= PERF_SAMPLE_BRANCH_STACK;
}

/*
 * End of an interrupt: a BTB that was read starts again empty, so that
 * the next sample holds only branches taken since this one.
 */
void ia64_pmu_btb_sampled(struct ia64_pmu_cpu *cpuc)
{
	if (!cpuc->btb.read)
		return;
	ia64_pmu_write_pmd(ia64_pmu_model->btb->index_pmd, 0);
	cpuc->btb.read = false;
}

/* CPU bring-up wrote PMC12's reset value */
void ia64_pmu_btb_cpu_reset(struct ia64_pmu_cpu *cpuc, u64 pmc12)
{
	ia64_pmu_unit_reset(&cpuc->btb, pmc12);
	cpuc->btb.pmc = IA64_PMC12_IDLE;
}
