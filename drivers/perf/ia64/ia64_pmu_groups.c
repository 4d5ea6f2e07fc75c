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
 * Montecito's groups ([PFM-MONT], libpfm's Montecito scheduler) differ:
 * the L1D events of one set, the last of them on PMC5; the L2D events of
 * at most two sets, the first three events of the first set on PMC4,
 * PMC5 and PMC8, of the second on PMC6, PMC7 and PMC9 (struct
 * ia64_pmu_group_pins: the counters become part of the events' counter
 * sets, ia64_pmu_groups_pin()); and one L2D OZQ cancel event at a time.
 *
 * A group of perf events that breaks a rule can never count: -EBUSY.
 * An event that breaks one with the events on the CPU: -EAGAIN at add(),
 * so that perf multiplexes. The counter rule is part of the counter
 * assignment. CPU models without cache groups have none of this.
 */

#include <linux/bitops.h>
#include <linux/minmax.h>
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
	u8 grp = IA64_GRP_NONE, set = IA64_SET_NONE;
	unsigned int i;

	/* @ev may be no line of events[]: the generic model's raw_any */
	for (i = 0; i < model->nr_groups; i++) {
		if (&model->events[model->groups[i].event] == ev) {
			grp = model->groups[i].grp;
			set = model->groups[i].set;
			break;
		}
	}
	event->hw.config_base = grp | set << 4 |
		(config & IA64_PMU_CFG_ES_MASK) |
		(config & IA64_PMU_CFG_UMASK_MASK);
}

/* The pin rule of group @grp, NULL if it has none */
static const struct ia64_pmu_group_pins *ia64_pmu_pins_of(unsigned int grp)
{
	const struct ia64_pmu_model *model = ia64_pmu_model;
	unsigned int i;

	for (i = 0; i < model->nr_pins; i++)
		if (model->pins[i].grp == grp)
			return &model->pins[i];
	return NULL;
}

/* How many sets of group @grp may count together */
static unsigned int ia64_pmu_max_sets(unsigned int grp)
{
	const struct ia64_pmu_group_pins *p = ia64_pmu_pins_of(grp);

	return p ? p->nr_sets : 1;
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
	bool one = ia64_pmu_model->exclusive_one;
	unsigned int sets[16] = { };	/* by group: its sets, a bit each */
	struct perf_event *a, *b;
	int i, j;

	for (i = 0; i < n; i++) {
		a = events[i];
		if (GRP_OF(a)) {
			sets[GRP_OF(a)] |= BIT(SET_OF(a));
			if (hweight32(sets[GRP_OF(a)]) >
			    ia64_pmu_max_sets(GRP_OF(a)))
				return false;
		}
		for (j = 0; j < i; j++) {
			b = events[j];
			if (GRP_OF(a) == IA64_GRP_L2 && GRP_OF(b) == GRP_OF(a) &&
			    SET_OF(a) != 1 && SET_OF(a) != 2 &&
			    UMASK_OF(a) != UMASK_OF(b))
				return false;
			if ((one || ES_OF(a) != ES_OF(b)) &&
			    ia64_pmu_exclusive(ES_OF(a)) &&
			    ia64_pmu_exclusive(ES_OF(b)))
				return false;
		}
	}
	return true;
}

/*
 * Restrict the counters @ctrs of @events to those their groups' pins
 * give them (the models with pins, whose placement is then a matching)
 */
void ia64_pmu_groups_pin(struct perf_event **events, int n, u16 *ctrs)
{
	const struct ia64_pmu_group_pins *p;
	unsigned int k, nr_seen, nth[IA64_PMU_PIN_SETS], seen[IA64_PMU_PIN_SETS];
	unsigned int m;
	int i, last;

	for (m = 0; m < ia64_pmu_model->nr_pins; m++) {
		p = &ia64_pmu_model->pins[m];
		if (p->last) {
			for (last = -1, i = 0; i < n; i++)
				if (GRP_OF(events[i]) == p->grp)
					last = i;
			if (last >= 0)
				ctrs[last] &= IA64_CTR(p->ctr[0][0]);
			continue;
		}
		nr_seen = 0;
		for (i = 0; i < n; i++) {
			if (GRP_OF(events[i]) != p->grp)
				continue;
			for (k = 0; k < nr_seen; k++)
				if (seen[k] == SET_OF(events[i]))
					break;
			if (k == nr_seen) {
				/* more sets than it takes: refused already */
				if (nr_seen == min_t(unsigned int, p->nr_sets,
						     IA64_PMU_PIN_SETS)) {
					ctrs[i] = 0;
					continue;
				}
				seen[nr_seen++] = SET_OF(events[i]);
				nth[k] = 0;
			}
			if (nth[k] < IA64_PMU_PIN_CTRS && p->ctr[k][nth[k]])
				ctrs[i] &= IA64_CTR(p->ctr[k][nth[k]]);
			nth[k]++;
		}
	}
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
