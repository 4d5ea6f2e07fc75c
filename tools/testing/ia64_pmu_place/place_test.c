// SPDX-License-Identifier: GPL-2.0
/*
 * The driver's counter placement (ia64_pmu_assign.c, ia64_pmu_groups.c)
 * on the Montecito's description, in userspace, against an exhaustive
 * search. The rules ([PFM-MONT]), written here from the facts and
 * not from the driver's pin data:
 *
 * - each event on a counter of its table line, one event per counter;
 *   BUS_* and ER_* on PMC4-9, CPU_OP_CYCLES_HALTED on PMC10;
 * - the L1D events of one set, one of them on PMC5;
 * - the L2D events of two sets at most; an L2D event on PMC5 or PMC8
 *   is of the set of the L2D event on PMC4 (there is one), one on PMC7
 *   or PMC9 of the set of the one on PMC6; each L2D set has an event on
 *   PMC4 or PMC6;
 * - one L2D OZQ cancel event (codes 0xe0, 0xe2) at most.
 *
 * Sets of events are added one by one as perf adds them to a CPU (an
 * event that does not fit is dropped, the others keep their counters):
 * the driver must place a set iff the search finds a placement, and
 * every placement it returns must obey the rules. The two examples of
 * the issue that libpfm's order-dependent pins got wrong are checked in
 * every order.
 */
#include <stdio.h>
#include <stdlib.h>

#include "ia64_pmu.h"

const struct ia64_pmu_model *ia64_pmu_model = &ia64_pmu_montecito;

static int failures, checks;

#define CHECK(cond, ...)						\
	do {								\
		checks++;						\
		if (!(cond)) {						\
			failures++;					\
			printf("  %s:%d: CHECK(%s) failed: ", __FILE__,	\
			       __LINE__, #cond);			\
			printf(__VA_ARGS__);				\
			printf("\n");					\
		}							\
	} while (0)

#define MAX_EV	12

/* An event of a set under test: its table line, group and set */
struct ev {
	const struct ia64_pmu_event *t;
	unsigned int grp, set, named;
	struct perf_event pe;
};

static const struct ia64_pmu_event *lookup(const char *name)
{
	unsigned int i;

	for (i = 0; i < ia64_pmu_model->nr_events; i++)
		if (!strcmp(ia64_pmu_model->events[i].name, name))
			return &ia64_pmu_model->events[i];
	printf("no event %s\n", name);
	exit(1);
}

static bool prefix(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

/* The counters the facts give an event by its name, beside its line */
static unsigned int named_ctrs(const struct ia64_pmu_event *t)
{
	if (prefix(t->name, "BUS_") || prefix(t->name, "ER_"))
		return IA64_CTR_4_9;
	if (!strcmp(t->name, "CPU_OP_CYCLES_HALTED"))
		return IA64_CTR(10);
	return IA64_CTR_4_15;
}

static void make_ev(struct ev *e, const struct ia64_pmu_event *t)
{
	unsigned int i, idx = t - ia64_pmu_model->events;

	e->t = t;
	e->named = named_ctrs(t);
	e->grp = IA64_GRP_NONE;
	e->set = IA64_SET_NONE;
	for (i = 0; i < ia64_pmu_model->nr_groups; i++) {
		if (ia64_pmu_model->groups[i].event == idx) {
			e->grp = ia64_pmu_model->groups[i].grp;
			e->set = ia64_pmu_model->groups[i].set;
		}
	}
	memset(&e->pe, 0, sizeof(e->pe));
	e->pe.hw.event_base = t->counters;
	e->pe.hw.idx = -1;
	ia64_pmu_groups_init(&e->pe, t, IA64_PMU_CONFIG(t->es, t->umask));
}

static bool ozq(const struct ev *e)
{
	return e->t->es == 0xe0 || e->t->es == 0xe2;
}

/*
 * Do the counters @ctr (PMC numbers) of @e[0..m) obey the rules, and
 * may @e[m..n) still be placed so that all do? (For m < n, what the
 * events placed already break.)
 */
static bool valid(const struct ev *e, int n, int m, const int *ctr)
{
	static const int triple[2][3] = { { 4, 5, 8 }, { 6, 7, 9 } };
	unsigned int used = 0, l1d = 0, l2d = 0, served = 0;
	int i, k, c, h, x, who[16], nr_ozq = 0, heads_left = 2;
	int others;

	for (c = 0; c < 16; c++)
		who[c] = -1;
	for (i = 0; i < n; i++) {
		nr_ozq += ozq(&e[i]);
		if (e[i].grp == IA64_GRP_L1D)
			l1d |= 1U << e[i].set;
		if (e[i].grp == IA64_GRP_L2D)
			l2d |= 1U << e[i].set;
		if (i >= m)
			continue;
		if (ctr[i] < 4 || ctr[i] > 15 ||
		    !(e[i].t->counters & IA64_CTR(ctr[i])) ||
		    !(e[i].named & IA64_CTR(ctr[i])) ||
		    (used & IA64_CTR(ctr[i])))
			return false;
		used |= IA64_CTR(ctr[i]);
		who[ctr[i]] = i;
	}
	if (nr_ozq > 1 || __builtin_popcount(l1d) > 1 ||
	    __builtin_popcount(l2d) > 2)
		return false;
	/* an L1D event on PMC5 */
	if (l1d && ((who[5] >= 0 && e[who[5]].grp != IA64_GRP_L1D) ||
		    (m == n && who[5] < 0)))
		return false;
	/* L2D: the head's set on the triple, each set on a head */
	for (k = 0; k < 2; k++) {
		h = who[triple[k][0]];
		if (h >= 0 && e[h].grp == IA64_GRP_L2D)
			served |= 1U << e[h].set;
		if (h >= 0 || m == n)
			heads_left--;
		others = -1;
		for (c = 1; c < 3; c++) {
			x = who[triple[k][c]];
			if (x < 0 || e[x].grp != IA64_GRP_L2D)
				continue;
			if (h >= 0 && (e[h].grp != IA64_GRP_L2D ||
				       e[h].set != e[x].set))
				return false;
			if (h < 0 && (m == n ||
				      (others >= 0 && others != (int)e[x].set)))
				return false;
			others = e[x].set;
		}
	}
	return __builtin_popcount(l2d & ~served) <= heads_left;
}

/*
 * Is there a placement of @e[0..n)? Every one is tried, but of events
 * alike (the same counters, group and set, both OZQ cancel events or
 * neither) only those on increasing counters: the rules cannot tell them
 * apart; and none where an event left has no free counter.
 */
static bool alike(const struct ev *a, const struct ev *b)
{
	return a->t->counters == b->t->counters && a->grp == b->grp &&
	       a->set == b->set && ozq(a) == ozq(b) &&
	       a->named == b->named;
}

static bool search(const struct ev *e, int n, int i, unsigned int used,
		   int *ctr)
{
	unsigned int left = 0;
	int c;

	if (i == n)
		return true;
	for (c = i; c < n; c++) {
		if (!(e[c].t->counters & ~used))
			return false;
		left |= e[c].t->counters & ~used;
	}
	if (__builtin_popcount(left) < n - i)
		return false;
	for (c = 4; c < 16; c++) {
		if ((used & IA64_CTR(c)) || !(e[i].t->counters & IA64_CTR(c)))
			continue;
		if (i && alike(&e[i], &e[i - 1]) && c < ctr[i - 1])
			continue;
		ctr[i] = c;
		if (valid(e, n, i + 1, ctr) &&
		    search(e, n, i + 1, used | IA64_CTR(c), ctr))
			return true;
	}
	return false;
}

/* Events alike next to each other, the fewest counters first */
static int cmp_ev(const void *a, const void *b)
{
	const struct ev *x = a, *y = b;
	int nx = __builtin_popcount(x->t->counters);
	int ny = __builtin_popcount(y->t->counters);

	if (nx != ny)
		return nx - ny;
	if (x->t->counters != y->t->counters)
		return x->t->counters < y->t->counters ? -1 : 1;
	if (x->grp != y->grp)
		return (int)x->grp - (int)y->grp;
	if (x->set != y->set)
		return (int)x->set - (int)y->set;
	return ozq(x) - ozq(y);
}

static bool exhaustive(const struct ev *e, int n)
{
	struct ev s[MAX_EV];
	int ctr[MAX_EV];

	memcpy(s, e, n * sizeof(*e));
	qsort(s, n, sizeof(*s), cmp_ev);
	return search(s, n, 0, 0, ctr);
}

/* The driver: may @e[0..n) count together, and where? */
static bool driver(struct ev *e, int n, int *assign)
{
	struct perf_event *pe[MAX_EV];
	int i;

	for (i = 0; i < n; i++)
		pe[i] = &e[i].pe;
	return ia64_pmu_groups_agree(pe, n) && ia64_pmu_assign(pe, n, assign);
}

static void names_of(const struct ev *e, int n, char *buf, size_t len)
{
	size_t at = 0;
	int i;

	buf[0] = 0;
	for (i = 0; i < n && at + 1 < len; i++)
		at += snprintf(buf + at, len - at, "%s%s", i ? "," : "",
			       e[i].t->name);
}

/* Check @e[0..n) both ways; on success the events keep their counters */
static bool check_set(struct ev *e, int n)
{
	int assign[IA64_PMU_MAX_COUNTERS];
	bool want = exhaustive(e, n), got;
	char buf[1024];
	int i;

	got = driver(e, n, assign);
	names_of(e, n, buf, sizeof(buf));
	CHECK(got == want, "driver %d, search %d: %s", got, want, buf);
	if (!got)
		return false;
	CHECK(valid(e, n, n, assign), "placement breaks a rule: %s", buf);
	for (i = 0; i < n; i++)
		e[i].pe.hw.idx = assign[i];
	return true;
}

/* Every order of @names, from an empty PMU */
static void permute(struct ev *e, int n, int k)
{
	struct ev t;
	int i;

	if (k == n) {
		for (i = 0; i < n; i++)
			e[i].pe.hw.idx = -1;
		CHECK(check_set(e, n), "refused in this order");
		return;
	}
	for (i = k; i < n; i++) {
		t = e[k], e[k] = e[i], e[i] = t;
		permute(e, n, k + 1);
		t = e[k], e[k] = e[i], e[i] = t;
	}
}

static void every_order(const char *const *names, int n)
{
	struct ev e[MAX_EV];
	int i;

	for (i = 0; i < n; i++)
		make_ev(&e[i], lookup(names[i]));
	permute(e, n, 0);
}

/*
 * The examples: four set-4 events and one of set 2, whose
 * fourth set-4 event libpfm put beside set 2's triple; and two sets with
 * an L1D event, refused by libpfm unless the set-1 event came first
 */
static void test_examples(void)
{
	static const char *const recirc[] = {
		"L2D_FORCE_RECIRC_RECIRC", "L2D_FORCE_RECIRC_LIMBO",
		"L2D_FORCE_RECIRC_TAG_OK", "L2D_FORCE_RECIRC_TAG_NOTOK",
		"L2D_REFERENCES_ALL",
	};
	static const char *const with_l1d[] = {
		"L2D_REFERENCES_ALL", "L2D_REFERENCES_READS",
		"L2D_BYPASS_L2_DATA1", "L1D_READS_SET0",
	};

	every_order(recirc, ARRAY_SIZE(recirc));
	every_order(with_l1d, ARRAY_SIZE(with_l1d));
}

/* A fixed sequence of pseudo-random numbers (xorshift) */
static uint64_t rnd_state = 0x9e3779b97f4a7c15ULL;

static unsigned int rnd(unsigned int n)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 7;
	rnd_state ^= rnd_state << 17;
	return rnd_state % n;
}

/*
 * The events drawn: every L1D and L2D event, the counter-restricted
 * ones, and a few that any counter takes
 */
static const struct ia64_pmu_event *pool[700];
static unsigned int nr_pool, nr_grouped;

static void make_pool(void)
{
	static const char *const more[] = {
		"BUS_ALL_ANY", "BUS_DATA_CYCLE_SELF", "ER_BRQ_LIVE_REQ_HI",
		"CPU_OP_CYCLES_HALTED", "CPU_OP_CYCLES_ALL", "NOPS_RETIRED",
		"IA64_INST_RETIRED", "L3_READS_ALL_ALL",
	};
	unsigned int i;

	for (i = 0; i < ia64_pmu_model->nr_groups; i++)
		pool[nr_pool++] = &ia64_pmu_model->events[
			ia64_pmu_model->groups[i].event];
	nr_grouped = nr_pool;
	for (i = 0; i < ARRAY_SIZE(more); i++)
		pool[nr_pool++] = lookup(more[i]);
}

/*
 * Random sets, added one event at a time as perf adds them: a group
 * event from a few sets (so that sets meet), else any of the pool
 */
static void test_random(unsigned int nr_sets)
{
	unsigned int s, idx, placed = 0, refused = 0, sets[3];
	const struct ia64_pmu_event *t;
	struct ev e[MAX_EV];
	int n, want, k;

	for (s = 0; s < nr_sets; s++) {
		for (k = 0; k < 3; k++)
			sets[k] = rnd(nr_grouped);
		want = 1 + rnd(MAX_EV);
		for (n = 0, k = 0; k < want; k++) {
			/* the groups' table is by name: neighbours share sets */
			idx = sets[rnd(3)] + rnd(4);
			if (!rnd(4))
				idx = nr_grouped + rnd(nr_pool - nr_grouped);
			else if (idx >= nr_grouped)
				idx = sets[0];
			t = pool[idx];
			make_ev(&e[n], t);
			if (check_set(e, n + 1)) {
				n++;
				placed++;
			} else {
				refused++;
			}
		}
	}
	printf("random: %u events placed, %u refused\n", placed, refused);
	CHECK(placed && refused, "no mix of placed and refused events");
}

int main(int argc, char **argv)
{
	unsigned int nr_sets = argc > 1 ? atoi(argv[1]) : 3000;

	make_pool();
	test_examples();
	setvbuf(stdout, NULL, _IONBF, 0);
	test_random(nr_sets);
	printf("place: %d checks, %d failed\n", checks, failures);
	return failures != 0;
}
