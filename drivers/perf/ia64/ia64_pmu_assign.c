// SPDX-License-Identifier: GPL-2.0
/*
 * Itanium PMU driver: counter assignment. Each event may count on a
 * subset of the generic counters PMD4.. (counter asymmetry, [ITA-RM]
 * §7.8; thresholds above PMC6/7's field, Figures 6-13/6-14); the events
 * of a CPU are placed on counters by a matching (or, with the cache
 * groups' rules, a search) that keeps each on the counter it has.
 * Pure: also built into the userspace unit test
 * tools/testing/ia64_pmu_place.
 */

#include <linux/bitops.h>
#include <linux/perf_event.h>

#include "ia64_pmu.h"

static unsigned int ia64_pmu_event_counters(struct perf_event *event)
{
	return event->hw.event_base;
}

/*
 * Find a counter for each of @n events within its counter set; keep an
 * event on the counter it already has when possible. Every placement is
 * tried: the cache event groups' rules (ia64_pmu_groups.c) are checked on
 * a whole placement. Used for the models with such rules, whose four
 * counters make it at most 4! steps.
 */
static bool ia64_pmu_assign_from(struct perf_event **events, int n, int i,
				 unsigned int used, int *assign)
{
	unsigned long free_ctrs;
	unsigned int ctr;
	int cur;

	if (i == n)
		return ia64_pmu_groups_placed(events, n, assign);
	free_ctrs = ia64_pmu_event_counters(events[i]) & ~used;
	cur = events[i]->hw.idx;
	if (cur >= 0 && free_ctrs & IA64_CTR(cur)) {
		assign[i] = cur;
		if (ia64_pmu_assign_from(events, n, i + 1,
					 used | IA64_CTR(cur), assign))
			return true;
		free_ctrs &= ~IA64_CTR(cur);
	}
	for_each_set_bit(ctr, &free_ctrs, ia64_pmu_model->nr_generic) {
		assign[i] = ctr + IA64_PMU_FIRST_COUNTER;
		if (ia64_pmu_assign_from(events, n, i + 1,
					 used | BIT(ctr), assign))
			return true;
	}
	return false;
}

static void ia64_pmu_take(int i, unsigned int ctr, int *owner, int *assign)
{
	owner[ctr] = i;
	assign[i] = ctr + IA64_PMU_FIRST_COUNTER;
}

/*
 * An augmenting path for event @i: a free counter of its set, else one
 * not in *@seen whose event (@owner) can move to another of its own.
 * Each recursion marks a counter seen: the depth is at most the counters.
 * No event moves while a free counter will do.
 */
static bool ia64_pmu_augment(const u16 *sets, int i, int *owner,
			     unsigned int *seen, int *assign)
{
	unsigned long ctrs = sets[i] & ~*seen;
	unsigned int ctr, nr = ia64_pmu_model->nr_generic;

	for_each_set_bit(ctr, &ctrs, nr) {
		if (owner[ctr] < 0) {
			ia64_pmu_take(i, ctr, owner, assign);
			return true;
		}
	}
	*seen |= ctrs;
	for_each_set_bit(ctr, &ctrs, nr) {
		if (ia64_pmu_augment(sets, owner[ctr], owner, seen, assign)) {
			ia64_pmu_take(i, ctr, owner, assign);
			return true;
		}
	}
	return false;
}

/*
 * Fill head @ctr, a free counter, with an event whose set takes it: one
 * that leaves a counter no head needs, or a head that another event
 * fills in turn (an alternating path; *@seen: the counters visited). No
 * event loses its counter, no filled head its event.
 */
static bool ia64_pmu_fill(const u16 *sets, int n, unsigned int ctr,
			  unsigned int heads, int *owner, unsigned int *seen,
			  int *assign)
{
	unsigned int from;
	int i;

	for (i = 0; i < n; i++) {
		from = assign[i] - IA64_PMU_FIRST_COUNTER;
		if (!(sets[i] & BIT(ctr)) || (*seen & BIT(from)))
			continue;
		*seen |= BIT(from);
		if (!(heads & BIT(from)))
			owner[from] = -1;
		else if (!ia64_pmu_fill(sets, n, from, heads, owner, seen,
					assign))
			continue;
		ia64_pmu_take(i, ctr, owner, assign);
		return true;
	}
	return false;
}

/*
 * The same where the group rules are counter sets (no group rules, or
 * pins: option @opt of ia64_pmu_groups_pin()): a maximum bipartite
 * matching of events to counters (augmenting paths), which finds a
 * placement if one exists in O(n * counters^2) steps, where trying every
 * placement of up to 16 counters would take up to 16! steps. Events
 * first keep the counters they have. Then each head the pins name gets
 * an event of its set: one exists in a placement of every event if some
 * placement fills every head, and some placement of every event exists
 * (Mendelsohn-Dulmage), so the paths of ia64_pmu_fill() find it.
 */
static bool ia64_pmu_match(struct perf_event **events, int n,
			   unsigned int opt, int *assign)
{
	int owner[IA64_PMU_MAX_COUNTERS];
	u16 sets[IA64_PMU_MAX_COUNTERS], heads;
	unsigned int seen, ctr;
	unsigned long need;
	int i, cur;

	for (i = 0; i < IA64_PMU_MAX_COUNTERS; i++)
		owner[i] = -1;
	for (i = 0; i < n; i++)
		sets[i] = ia64_pmu_event_counters(events[i]);
	if (!ia64_pmu_groups_pin(events, n, opt, sets, &heads))
		return false;
	for (i = 0; i < n; i++) {
		cur = events[i]->hw.idx;
		assign[i] = -1;
		if (cur >= 0 && (sets[i] & IA64_CTR(cur)) &&
		    owner[cur - IA64_PMU_FIRST_COUNTER] < 0) {
			owner[cur - IA64_PMU_FIRST_COUNTER] = i;
			assign[i] = cur;
		}
	}
	for (i = 0; i < n; i++) {
		seen = 0;
		if (assign[i] < 0 &&
		    !ia64_pmu_augment(sets, i, owner, &seen, assign))
			return false;
	}
	need = heads;
	for_each_set_bit(ctr, &need, ia64_pmu_model->nr_generic) {
		seen = BIT(ctr);
		if (owner[ctr] < 0 &&
		    !ia64_pmu_fill(sets, n, ctr, heads, owner, &seen, assign))
			return false;
	}
	return true;
}

/*
 * The pins' options: the one the events' counters say first, so that
 * events stay where they are, then the others; placement does not
 * depend on the events' order
 */
static bool ia64_pmu_match_pins(struct perf_event **events, int n,
				int *assign)
{
	unsigned int opt, now = ia64_pmu_groups_option_now(events, n);

	if (ia64_pmu_match(events, n, now, assign))
		return true;
	for (opt = 0; opt < ia64_pmu_groups_options(); opt++)
		if (opt != now && ia64_pmu_match(events, n, opt, assign))
			return true;
	return false;
}

bool ia64_pmu_assign(struct perf_event **events, int n, int *assign)
{
	if (ia64_pmu_model->nr_groups && !ia64_pmu_model->pins)
		return ia64_pmu_assign_from(events, n, 0, 0, assign);
	return ia64_pmu_match_pins(events, n, assign);
}
