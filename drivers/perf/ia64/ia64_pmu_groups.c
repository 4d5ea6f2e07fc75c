// SPDX-License-Identifier: GPL-2.0
/*
 * The cache event groups of the Itanium 2 ([PFM-I2]): its L1D and L2
 * cache events are split into sets, and the events of one group that
 * count at the same time must come from one set. The facts of libpfm
 * 3.x's Itanium 2 table and scheduler (ia64_pmu_itanium2_events.h) add:
 * one event of the L1D group counts on PMC5 and one of the L2 group on
 * PMC4 (the group's counter, which selects the set for the others); the
 * L2 events of the sets other than 1 and 2 count with the umask of that
 * PMC4 event, so they must share it; and of the L2 OZQ cancel events
 * (L2_OZQ_CANCELS0/1/2) one event code only counts at a time.
 *
 * A group of perf events that breaks a rule can never count: -EBUSY.
 * An event that breaks one with the events on the CPU: -EAGAIN at add(),
 * so that perf multiplexes. The counter rule is part of the counter
 * assignment. CPU models without cache groups have none of this.
 */

#include <linux/perf_event.h>

#include "ia64_pmu.h"

/* hw.config_base of an event: its group, set, event code and umask */
#define GRP_OF(e)	((e)->hw.config_base & 0xf)
#define SET_OF(e)	(((e)->hw.config_base >> 4) & 0xf)
#define ES_OF(e)	(((e)->hw.config_base >> 8) & 0xff)
#define UMASK_OF(e)	(((e)->hw.config_base >> 16) & 0xf)

/* event_init: what the rules need of @event (table line @ev) */
void ia64_pmu_groups_init(struct perf_event *event,
			  const struct ia64_pmu_event *ev, u64 config)
{
	const struct ia64_pmu_model *model = ia64_pmu_model;
	unsigned int i, idx = ev - model->events;
	u8 grp = IA64_GRP_NONE, set = IA64_SET_NONE;

	for (i = 0; i < model->nr_groups; i++) {
		if (model->groups[i].event == idx) {
			grp = model->groups[i].grp;
			set = model->groups[i].set;
			break;
		}
	}
	event->hw.config_base = grp | set << 4 |
		(config & IA64_PMU_CFG_ES_MASK) |
		(config & IA64_PMU_CFG_UMASK_MASK);
}

static bool ia64_pmu_exclusive(unsigned int es)
{
	const struct ia64_pmu_model *model = ia64_pmu_model;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(model->exclusive_es); i++)
		if (model->exclusive_es[i] && model->exclusive_es[i] == es)
			return true;
	return false;
}

/*
 * May @events count together, as far as sets, shared umasks and the
 * exclusive event codes go? (Whatever their counters.)
 */
bool ia64_pmu_groups_agree(struct perf_event **events, int n)
{
	struct perf_event *a, *b;
	int i, j;

	for (i = 0; i < n; i++) {
		a = events[i];
		for (j = 0; j < i; j++) {
			b = events[j];
			if (GRP_OF(a) && GRP_OF(a) == GRP_OF(b)) {
				if (SET_OF(a) != SET_OF(b))
					return false;
				if (GRP_OF(a) == IA64_GRP_L2 &&
				    SET_OF(a) != 1 && SET_OF(a) != 2 &&
				    UMASK_OF(a) != UMASK_OF(b))
					return false;
			}
			if (ES_OF(a) != ES_OF(b) && ia64_pmu_exclusive(ES_OF(a)) &&
			    ia64_pmu_exclusive(ES_OF(b)))
				return false;
		}
	}
	return true;
}

/* Does the counter assignment @assign give each group its counter? */
bool ia64_pmu_groups_placed(struct perf_event **events, int n,
			    const int *assign)
{
	unsigned int need = 0, have = 0, grp;
	int i;

	for (i = 0; i < n; i++) {
		grp = GRP_OF(events[i]);
		if (grp == IA64_GRP_NONE)
			continue;
		need |= BIT(grp);
		if (IA64_CTR(assign[i]) ==
		    (grp == IA64_GRP_L1D ? IA64_GRP_L1D_CTR : IA64_GRP_L2_CTR))
			have |= BIT(grp);
	}
	return need == have;
}
