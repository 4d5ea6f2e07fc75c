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
 * Montecito's groups ([PFM-MONT], libpfm's Montecito scheduler)
 * differ: the L1D events of one set, one of them on PMC5; the L2D events
 * of at most two sets, and one L2D OZQ cancel event at a time. The L2D
 * event on PMC4 selects the set that PMC5 and PMC8 count, the one on
 * PMC6 that of PMC7 and PMC9 (libpfm's check_cross_groups): each triple
 * is owned by one set at most, which has an event on its head; each set
 * owns one triple or both, and its events count on its triples or off
 * both (PMC10-15). libpfm pins the first three events of the first set
 * to PMC4/5/8, of the second to PMC6/7/9, in the order they come, and
 * lets the others go anywhere, another set's triple included; an order
 * that gives a set the other triple can refuse what fits. The driver
 * tries each owner of each triple (struct ia64_pmu_group_pins,
 * ia64_pmu_groups_pin(): the rules become counter sets, and heads that
 * must be filled), so placement does not depend on the events' order.
 *
 * A group of perf events that breaks a rule can never count: -EBUSY.
 * An event that breaks one with the events on the CPU: -EAGAIN at add(),
 * so that perf multiplexes. The counter rule is part of the counter
 * assignment. CPU models without cache groups have none of this.
 */

#include <linux/bitops.h>
#include <linux/perf_event.h>
#include <linux/string.h>

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

/* The sets of group @grp among @events, a bit each */
static unsigned int ia64_pmu_sets_of(struct perf_event **events, int n,
				     unsigned int grp)
{
	unsigned int sets = 0;
	int i;

	for (i = 0; i < n; i++)
		if (GRP_OF(events[i]) == grp)
			sets |= BIT(SET_OF(events[i]));
	return sets;
}

/* Set @set's rank among @sets, from 1: its owner number in an option */
static unsigned int ia64_pmu_set_rank(unsigned int sets, unsigned int set)
{
	return 1 + hweight32(sets & (BIT(set) - 1));
}

/* The counters of triple @k of @p, IA64_CTR() */
static u16 ia64_pmu_triple(const struct ia64_pmu_group_pins *p,
			   unsigned int k)
{
	unsigned int c;
	u16 ctrs = 0;

	for (c = 0; c < IA64_PMU_PIN_CTRS; c++)
		if (p->ctr[k][c])
			ctrs |= IA64_CTR(p->ctr[k][c]);
	return ctrs;
}

/*
 * The placement options of the models with pins: who owns each triple
 * of each pinned group, a digit in base IA64_PMU_PIN_SETS + 1 per
 * triple (pin m, triple k: digit m * IA64_PMU_PIN_SETS + k): 0 no set,
 * j the set of rank j among the group's sets present
 */
#define IA64_PMU_OWNERS	(IA64_PMU_PIN_SETS + 1)

unsigned int ia64_pmu_groups_options(void)
{
	unsigned int i, nr = 1;

	for (i = 0; i < ia64_pmu_model->nr_pins * IA64_PMU_PIN_SETS; i++)
		nr *= IA64_PMU_OWNERS;
	return nr;
}

/* The option the counters @events have now say, to try it first */
unsigned int ia64_pmu_groups_option_now(struct perf_event **events, int n)
{
	const struct ia64_pmu_model *model = ia64_pmu_model;
	const struct ia64_pmu_group_pins *p;
	unsigned int m, k, j, sets, opt = 0, digit = 1;
	int i;

	for (m = 0; m < model->nr_pins; m++) {
		p = &model->pins[m];
		sets = ia64_pmu_sets_of(events, n, p->grp);
		for (k = 0; k < IA64_PMU_PIN_SETS; k++) {
			for (i = 0; i < n; i++) {
				if (GRP_OF(events[i]) != p->grp ||
				    !p->ctr[k][0] ||
				    events[i]->hw.idx != p->ctr[k][0])
					continue;
				j = ia64_pmu_set_rank(sets, SET_OF(events[i]));
				if (j < IA64_PMU_OWNERS)
					opt += digit * j;
			}
			digit *= IA64_PMU_OWNERS;
		}
	}
	return opt;
}

/*
 * Option @opt of the pins: restrict the counters @ctrs of @events to
 * those it leaves them, and return in @heads the heads of the owned
 * triples, each of which must hold an event of its owner (no other
 * event may take it); false if the option does not fit @events (a set
 * without a triple, an owner that is not there).
 */
bool ia64_pmu_groups_pin(struct perf_event **events, int n,
			 unsigned int opt, u16 *ctrs, u16 *heads)
{
	const struct ia64_pmu_model *model = ia64_pmu_model;
	u16 own[IA64_PMU_OWNERS], pinned, head, t;
	const struct ia64_pmu_group_pins *p;
	unsigned int m, k, j, sets, nr_sets;
	int i;

	*heads = 0;
	for (m = 0; m < model->nr_pins; m++) {
		p = &model->pins[m];
		sets = ia64_pmu_sets_of(events, n, p->grp);
		nr_sets = hweight32(sets);
		if (nr_sets >= IA64_PMU_OWNERS)
			return false;
		memset(own, 0, sizeof(own));
		pinned = 0;
		head = 0;
		for (k = 0; k < IA64_PMU_PIN_SETS; k++) {
			j = opt % IA64_PMU_OWNERS;
			opt /= IA64_PMU_OWNERS;
			t = ia64_pmu_triple(p, k);
			pinned |= t;
			if (!j)
				continue;
			if (!t || j > nr_sets)
				return false;
			own[j] |= t;
			head |= IA64_CTR(p->ctr[k][0]);
		}
		for (j = 1; j <= nr_sets; j++)
			if (!own[j])
				return false;
		for (i = 0; i < n; i++) {
			if (GRP_OF(events[i]) != p->grp)
				ctrs[i] &= ~head;
			else
				ctrs[i] &= own[ia64_pmu_set_rank(sets,
						SET_OF(events[i]))] | ~pinned;
		}
		*heads |= head;
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
