// SPDX-License-Identifier: GPL-2.0
/*
 * Unit test of the Itanium 2 event table of the perf driver,
 * drivers/perf/ia64/ia64_pmu_itanium2_events.h: invariants of its three
 * lists (events, cache groups, EAR presets) and spot checks against the
 * facts of the libpfm 3.x Itanium 2 event table (tools/ia64-pmu/
 * itanium2-events.txt says how they were transcribed).
 *
 * Last line of output: "itanium2-events: <passed> passed, <failed> failed";
 * the exit status is non-zero if any check failed.
 */
#include "table_test.h"

#define NR_EVENTS_EXPECTED	461	/* counting events */
#define NR_GROUPED_EXPECTED	120	/* of which in a cache group */
#define NR_EAR_EXPECTED		36	/* EAR presets */
/* libpfm's table: the counting events and the EAR presets */
#define NR_LIBPFM_ENTRIES	497

#define TABLE_H	"ia64_pmu_itanium2_events.h"
#include "table_lists.h"

static const struct event *find(const char *name)
{
	return table_find(events, NR_EVENTS, name);
}

static const struct group *find_group(const struct event *e)
{
	unsigned int i;

	for (i = 0; i < NR_GROUPED; i++)
		if (&events[groups[i].ev] == e)
			return &groups[i];
	return NULL;
}

static const struct ear *find_ear(const char *name)
{
	unsigned int i;

	for (i = 0; i < NR_EAR; i++)
		if (!strcmp(ears[i].name, name))
			return &ears[i];
	return NULL;
}

static int valid_name(const char *name)
{
	const char *p;
	int ok = *name >= 'A' && *name <= 'Z';

	for (p = name; ok && *p; p++)
		ok = (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		     *p == '_';
	return ok;
}

static void check_entry(const struct event *e)
{
	unsigned int v;
	bool is_pf;

	check(!strcmp(e->id, e->name), "%s: identifier %s differs",
	      e->name, e->id);
	check(valid_name(e->name), "%s: not a C identifier of A-Z 0-9 _",
	      e->name);

	/* sysfs strings "event=<es>,umask=<umask>" must be hex numbers */
	check(parse_hex(e->es_str, &v) && v == e->es,
	      "%s: es \"%s\" is not a hex number", e->name, e->es_str);
	check(parse_hex(e->umask_str, &v) && v == e->umask,
	      "%s: umask \"%s\" is not a hex number", e->name, e->umask_str);

	/* PMC4-7 on the Itanium 2: es 15:8 (8 bits), umask 19:16 */
	check(e->es <= 0xff, "%s: es 0x%x exceeds 8 bits", e->name, e->es);
	check(e->umask <= 0xf, "%s: umask 0x%x exceeds 4 bits",
	      e->name, e->umask);
	/* libpfm lists exact umasks only */
	check(e->umask_mask == 0xf && e->sel == IA64_SEL_PATTERN,
	      "%s: not an exact umask pattern (mask 0x%x, sel 0x%x)",
	      e->name, e->umask_mask, e->sel);

	check(e->ctr && !(e->ctr & ~IA64_CTR_4567),
	      "%s: counter set 0x%x empty or outside PMC/PMD4-7",
	      e->name, e->ctr);
	check(e->ctr == IA64_CTR_4567 || e->ctr == IA64_CTR(4),
	      "%s: counter set 0x%x neither PMC4-7 nor PMC4",
	      e->name, e->ctr);

	/* a 3-bit threshold on all of PMC4-7 */
	check(e->max_inc >= 1 && e->max_inc <= 7,
	      "%s: max increment %u outside 1..7", e->name, e->max_inc);

	check(!(e->qual & ~(IA64_Q_IAR | IA64_Q_OPC | IA64_Q_DAR |
			    IA64_Q_IBRP1)),
	      "%s: qualification bits 0x%x other than IAR, OPC, DAR, IBRP1",
	      e->name, e->qual);
	/* pair 1 instead of 0: the three prefetch events, range only */
	is_pf = !strcmp(e->name, "L1I_PREFETCHES") ||
		!strcmp(e->name, "L1I_STRM_PREFETCHES") ||
		!strcmp(e->name, "L2_INST_PREFETCHES");
	check(!!(e->qual & IA64_Q_IBRP1) == is_pf &&
	      (!is_pf || e->qual == (IA64_Q_IAR | IA64_Q_IBRP1)),
	      "%s: IBRP1 qualification 0x%x", e->name, e->qual);
}

/*
 * The (es, umask) pairs shared by several lines, as documented in the
 * generator: libpfm's alias IA64_INST_RETIRED of IA64_INST_RETIRED_THIS,
 * and the IBRP0/PMC8 tag selection, which is the same umask.
 */
static const char *const shared_0x08[] = {
	"IA64_INST_RETIRED",
	"IA64_INST_RETIRED_THIS",
	"IA64_TAGGED_INST_RETIRED_IBRP0_PMC8",
};

static int is_shared(const struct event *e)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(shared_0x08); i++)
		if (!strcmp(e->name, shared_0x08[i]))
			return 1;
	return 0;
}

static void check_pairs(void)
{
	unsigned int i, j, nshared = 0;
	int dup_name = 0, dup_code = 0;

	for (i = 0; i < NR_EVENTS; i++) {
		for (j = i + 1; j < NR_EVENTS; j++) {
			const struct event *a = &events[i], *b = &events[j];

			if (!strcmp(a->name, b->name)) {
				printf("FAIL: duplicate name %s\n", a->name);
				dup_name++;
			}
			if (a->es != b->es || a->umask != b->umask)
				continue;
			if (is_shared(a) && is_shared(b)) {
				nshared++;
				check(a->ctr == b->ctr &&
				      a->max_inc == b->max_inc &&
				      a->qual == b->qual &&
				      find_group(a) == NULL &&
				      find_group(b) == NULL,
				      "%s and %s share es/umask but differ",
				      a->name, b->name);
				continue;
			}
			printf("FAIL: %s and %s share es 0x%x umask 0x%x\n",
			       a->name, b->name, a->es, a->umask);
			dup_code++;
		}
	}
	check(!dup_name, "names are not unique");
	check(!dup_code, "undocumented shared (es, umask) pairs");
	/* three lines: three pairs among them */
	check(nshared == 3, "%u pairs share es 0x08 umask 0x0, expected 3",
	      nshared);
}

/* The event of a raw (es, umask), as the driver's lookup finds it */
static const struct event *lookup(unsigned int es, unsigned int umask)
{
	return table_lookup(events, NR_EVENTS, es, umask);
}

static void check_selections(void)
{
	unsigned int i, u;

	for (i = 0; i < NR_EVENTS; i++) {
		const struct event *e = &events[i];
		const struct event *f = lookup(e->es, e->umask);

		if (is_shared(e))
			check(f && !strcmp(f->name, shared_0x08[0]),
			      "%s: its umask finds %s, expected %s", e->name,
			      f ? f->name : "none", shared_0x08[0]);
		else
			check(f == e, "%s: its umask 0x%x finds %s", e->name,
			      e->umask, f ? f->name : "none");
	}

	/* es 0x08: umasks 0-3 (the IBRP/PMC tags), nothing else */
	for (u = 0; u < 16; u++)
		check(!lookup(0x08, u) == (u > 3),
		      "es 0x08 umask 0x%x: %s", u,
		      lookup(0x08, u) ? lookup(0x08, u)->name : "none");
	/* Each of the 15 combinations of the four causes/pins is a line */
	for (u = 1; u < 16; u++) {
		check(lookup(0x4e, u) != NULL,
		      "SYLL_NOT_DISPERSED umask 0x%x missing", u);
		check(lookup(0x9e, u) != NULL,
		      "EXTERN_DP_PINS_0_TO_3 umask 0x%x missing", u);
	}
	check(!lookup(0x4e, 0) && !lookup(0x9e, 0),
	      "umask 0 of SYLL_NOT_DISPERSED/EXTERN_DP_PINS_0_TO_3 listed");
	/* CPU_CYCLES has one exact umask */
	check(lookup(0x12, 0) == find("CPU_CYCLES") && !lookup(0x12, 1),
	      "es 0x12: only umask 0 is CPU_CYCLES");
}

static void check_groups(void)
{
	unsigned int i, nl1d = 0, nl2 = 0, sets_l1d = 0, sets_l2 = 0;

	for (i = 0; i < NR_GROUPED; i++) {
		const struct group *g = &groups[i];
		const struct event *e = &events[g->ev];

		check(!strcmp(e->id, g->id), "group line %s: wrong event",
		      g->id);
		check(g->grp == IA64_GRP_L1D || g->grp == IA64_GRP_L2,
		      "%s: group %u neither L1D nor L2", g->id, g->grp);
		check(g->set <= 5, "%s: set %u outside 0..5", g->id, g->set);
		check(g->set != IA64_SET_NONE, "%s: grouped without a set",
		      g->id);
		/* in the order of the events, each event once */
		check(!i || g->ev > groups[i - 1].ev,
		      "%s: group lines out of order or repeated", g->id);
		if (g->grp == IA64_GRP_L1D) {
			nl1d++;
			sets_l1d |= 1U << g->set;
		} else {
			nl2++;
			sets_l2 |= 1U << g->set;
		}
	}
	/* the group's counter must be able to count its events */
	for (i = 0; i < NR_GROUPED; i++) {
		const struct event *e = &events[groups[i].ev];
		unsigned int need = groups[i].grp == IA64_GRP_L1D ?
				    IA64_GRP_L1D_CTR : IA64_GRP_L2_CTR;

		check(e->ctr & need, "%s: cannot be counted by its group's "
		      "counter", e->name);
	}
	check(nl1d == 29 && nl2 == 91, "%u L1D and %u L2 group events, "
	      "expected 29 and 91", nl1d, nl2);
	check(sets_l1d == 0x1f && sets_l2 == 0x3f,
	      "sets used: L1D 0x%x, L2 0x%x; expected 0-4 and 0-5",
	      sets_l1d, sets_l2);
}

static void check_ears(void)
{
	unsigned int i, j;

	for (i = 0; i < NR_EAR; i++) {
		const struct ear *r = &ears[i];
		int data = r->ear == IA64_EARP_DTLB ||
			   r->ear == IA64_EARP_DCACHE ||
			   r->ear == IA64_EARP_DALAT;
		const struct event *e = find(data ? "DATA_EAR_EVENTS" :
						    "L1I_EAR_EVENTS");
		unsigned int max = r->ear == IA64_EARP_ICACHE ? 0xff :
				   r->ear == IA64_EARP_ITLB ? 0x7f : 0xf;

		check(!strcmp(r->id, r->name) && valid_name(r->name),
		      "EAR preset %s: bad identifier", r->name);
		check(!find(r->name), "EAR preset %s is also an event",
		      r->name);
		check(r->ear >= IA64_EARP_ITLB && r->ear <= IA64_EARP_DALAT,
		      "%s: unknown EAR mode %u", r->name, r->ear);
		check(r->ear_umask <= max, "%s: EAR umask 0x%x exceeds 0x%x",
		      r->name, r->ear_umask, max);
		/* it counts its EAR's event, and is qualified alike */
		check(e && r->es == e->es && e->umask == 0 &&
		      r->ctr == e->ctr && r->max_inc == e->max_inc &&
		      r->qual == e->qual,
		      "%s: differs from its EAR event", r->name);
		for (j = i + 1; j < NR_EAR; j++) {
			check(strcmp(r->name, ears[j].name),
			      "duplicate EAR preset %s", r->name);
			check(r->ear != ears[j].ear ||
			      r->ear_umask != ears[j].ear_umask,
			      "%s and %s: same mode and umask", r->name,
			      ears[j].name);
		}
	}
}

static void expect(const char *name, unsigned int es, unsigned int umask,
		   unsigned int ctr, unsigned int max_inc, unsigned int qual,
		   unsigned int grp, unsigned int set)
{
	const struct event *e = find(name);
	const struct group *g;

	check(e != NULL, "%s: missing", name);
	if (!e)
		return;
	g = find_group(e);
	check(e->es == es, "%s: es 0x%x, libpfm 0x%x", name, e->es, es);
	check(e->umask == umask, "%s: umask 0x%x, libpfm 0x%x", name,
	      e->umask, umask);
	check(e->ctr == ctr, "%s: counters 0x%x, expected 0x%x",
	      name, e->ctr, ctr);
	check(e->max_inc == max_inc, "%s: max increment %u, libpfm %u",
	      name, e->max_inc, max_inc);
	check(e->qual == qual, "%s: qualification 0x%x, libpfm 0x%x",
	      name, e->qual, qual);
	check((g ? g->grp : IA64_GRP_NONE) == grp &&
	      (g ? g->set : IA64_SET_NONE) == set,
	      "%s: group %u set %u, libpfm %u %u", name,
	      g ? g->grp : IA64_GRP_NONE, g ? g->set : IA64_SET_NONE,
	      grp, set);
}

static void expect_ear(const char *name, unsigned int es, unsigned int ear,
		       unsigned int ear_umask)
{
	const struct ear *r = find_ear(name);

	check(r && r->es == es && r->ear == ear && r->ear_umask == ear_umask,
	      "EAR preset %s: es/mode/umask differ from libpfm", name);
}

/* Spot checks, each against the libpfm 3.x entry of the same name */
static void check_facts(void)
{
	const unsigned int iod = IA64_Q_IAR | IA64_Q_OPC | IA64_Q_DAR;
	const unsigned int io = IA64_Q_IAR | IA64_Q_OPC;
	const unsigned int all = IA64_CTR_4567, c4 = IA64_CTR(4);
	const unsigned int l1d = IA64_GRP_L1D, l2 = IA64_GRP_L2;
	const unsigned int none = IA64_GRP_NONE, nset = IA64_SET_NONE;
	unsigned int i, n4 = 0, n7 = 0, nq[8] = { 0 };

	/* code words 0x12, 0x8, 0x30008, 0x111 */
	expect("CPU_CYCLES", 0x12, 0x0, all, 1, 0, none, nset);
	expect("IA64_INST_RETIRED", 0x08, 0x0, all, 6, io, none, nset);
	expect("IA64_TAGGED_INST_RETIRED_IBRP3_PMC9", 0x08, 0x3, all, 6, io,
	       none, nset);
	expect("BRANCH_EVENT", 0x11, 0x0, all, 1, io, none, nset);
	/* the three mutually exclusive L2 OZQ cancel events, L2 set 0 */
	expect("L2_OZQ_CANCELS0_ANY", 0xa0, 0x0, all, 4, iod, l2, 0);
	expect("L2_OZQ_CANCELS1_REL", 0xac, 0x0, all, 4, iod, l2, 0);
	expect("L2_OZQ_CANCELS2_ACQ", 0xa8, 0x4, all, 4, iod, l2, 0);
	/* L2 group, other sets; PMC4-only events */
	expect("L2_FORCE_RECIRC_ANY", 0xb4, 0x0, c4, 4, iod, l2, 2);
	expect("L2_L3ACCESS_CANCEL_ANY", 0xb0, 0x9, c4, 1, iod, l2, 1);
	/* the generator's fix-up: PMC4 like its siblings (libpfm 2.x) */
	expect("L2_L3ACCESS_CANCEL_IFETCH", 0xb0, 0xb, c4, 1, iod, l2, 1);
	expect("L2_BYPASS_L3_INST1", 0xb8, 0x6, all, 1, iod, l2, 3);
	expect("L2_OPS_ISSUED_RMW", 0xb8, 0xa, all, 4, iod, l2, 4);
	expect("L2_FILLB_FULL_THIS", 0xbf, 0x0, all, 1, 0, l2, 5);
	expect("L2_OZQ_ACQUIRE", 0xa2, 0x0, all, 1, 0, l2, 0);
	/* L1D group */
	expect("DATA_REFERENCES_SET0", 0xc3, 0x0, all, 4, iod, l1d, 0);
	expect("DATA_REFERENCES_SET1", 0xc5, 0x0, all, 4, iod, l1d, 1);
	expect("L1D_READ_MISSES_RSE_FILL", 0xc7, 0x1, all, 2, iod, l1d, 1);
	expect("BE_L1D_FPU_BUBBLE_L1D", 0xca, 0x2, all, 1, 0, l1d, 2);
	expect("LOADS_RETIRED", 0xcd, 0x0, all, 4, iod, l1d, 3);
	expect("STORES_RETIRED", 0xd1, 0x0, all, 2, iod, l1d, 4);
	/* no group, various qualifiers and increments */
	expect("L2_MISSES", 0xcb, 0x0, all, 1, iod, none, nset);
	expect("L3_READS_DATA_READ_MISS", 0xdd, 0xa, all, 1, iod, none, nset);
	expect("INST_DISPERSED", 0x4d, 0x0, all, 6, IA64_Q_IAR, none, nset);
	expect("NOPS_RETIRED", 0x50, 0x0, all, 6, io, none, nset);
	expect("SYLL_NOT_DISPERSED_ALL", 0x4e, 0xf, all, 5, IA64_Q_IAR,
	       none, nset);
	expect("FP_OPS_RETIRED", 0x09, 0x0, all, 4, IA64_Q_IAR, none, nset);
	expect("BUS_BRQ_LIVE_REQ_LO", 0x9b, 0x0, all, 7, 0, none, nset);
	expect("BUS_MEMORY_ALL_SELF", 0x8a, 0xe, all, 1, 0, none, nset);
	expect("EXTERN_DP_PINS_4_TO_5_ALL", 0x9f, 0x3, all, 1, 0, none,
	       nset);
	expect("RSE_CURRENT_REGS_2_TO_0", 0x2b, 0x0, all, 7, 0, none, nset);
	expect("BACK_END_BUBBLE_ALL", 0x00, 0x0, all, 1, 0, none, nset);
	expect("DATA_EAR_EVENTS", 0xc8, 0x0, all, 1, iod, none, nset);
	expect("L1I_EAR_EVENTS", 0x43, 0x0, all, 1, IA64_Q_IAR, none, nset);

	expect_ear("DATA_EAR_CACHE_LAT4", 0xc8, IA64_EARP_DCACHE, 0x0);
	expect_ear("DATA_EAR_CACHE_LAT4096", 0xc8, IA64_EARP_DCACHE, 0xa);
	expect_ear("DATA_EAR_TLB_ALL", 0xc8, IA64_EARP_DTLB, 0xe);
	expect_ear("DATA_EAR_ALAT", 0xc8, IA64_EARP_DALAT, 0x0);
	expect_ear("L1I_EAR_CACHE_LAT4", 0x43, IA64_EARP_ICACHE, 0xff);
	expect_ear("L1I_EAR_CACHE_LAT0", 0x43, IA64_EARP_ICACHE, 0x40);
	expect_ear("L1I_EAR_CACHE_RAB", 0x43, IA64_EARP_ICACHE, 0x00);
	expect_ear("L1I_EAR_TLB_ALL", 0x43, IA64_EARP_ITLB, 0x7);

	/*
	 * Aggregates of the table: 21 events on PMC4 only (13
	 * L2_FORCE_RECIRC_*, 8 L2_L3ACCESS_CANCEL_*), 8 with a maximum
	 * increment of 7, and the qualifier combinations libpfm uses.
	 */
	for (i = 0; i < NR_EVENTS; i++) {
		n4 += events[i].ctr == IA64_CTR(4);
		n7 += events[i].max_inc == 7;
		nq[events[i].qual & 7]++;
	}
	check(n4 == 21, "%u events on PMC4 only, expected 21", n4);
	check(n7 == 8, "%u events with max increment 7, expected 8", n7);
	check(nq[0] == 204 && nq[IA64_Q_IAR] == 39 && nq[io] == 77 &&
	      nq[iod] == 141,
	      "qualifier counts none %u, I %u, IO %u, IOD %u; expected "
	      "204, 39, 77, 141", nq[0], nq[IA64_Q_IAR], nq[io], nq[iod]);
}

/*
 * The events that count what the task did not cause (IA64_EV4_PRIV()):
 * a BUS_* event of an event code that has a SELF line (umask bits 1:0
 * 10, [ITA-RM] Table 7-22's initiators as libpfm encodes them) is marked
 * for the ANY (11) and IO (01) umasks, not for SELF; the inbound snoop
 * and bus queue events ([ITA-RM] §7.6.5) are marked; no line says a
 * second thread, which the Itanium 2 has not.
 */
static void check_priv(void)
{
	static const char *const others[] = {
		"BUS_SNOOPQ_REQ", "BUS_IOQ_LIVE_REQ_HI", "BUS_IOQ_LIVE_REQ_LO",
		"BUS_DATA_CYCLE", "L1I_SNOOP", "MEM_READ_CURRENT_ANY",
	};
	static const char *const own[] = {
		"BUS_ALL_SELF", "BUS_RD_HIT", "BUS_HITM", "BUS_BRQ_LIVE_REQ_HI",
		"CPU_CYCLES", "IA64_INST_RETIRED",
	};
	unsigned int i, j, nr_others = 0;
	const struct event *e;

	priv_load();
	check(!priv_bad, "%u privilege lines out of order", priv_bad);
	for (i = 0; i < NR_EVENTS; i++) {
		bool has_self = false;

		e = &events[i];
		nr_others += priv_of[i] == IA64_PRIV_OTHERS;
		check(!priv_of[i] || priv_of[i] == IA64_PRIV_OTHERS,
		      "%s: privilege class %#x", e->name, priv_of[i]);
		if (strncmp(e->name, "BUS_", 4))
			continue;
		for (j = 0; j < NR_EVENTS; j++)
			has_self |= events[j].es == e->es &&
				    (events[j].umask & 3) == 2 &&
				    strstr(events[j].name, "_SELF");
		if (has_self)
			check(!!priv_of[i] == ((e->umask & 3) != 2),
			      "%s (umask %#x): IA64_PRIV_OTHERS %s", e->name,
			      e->umask, priv_of[i] ? "set" : "clear");
	}
	for (i = 0; i < ARRAY_SIZE(others); i++) {
		e = find(others[i]);
		check(e && priv_of[e - events] == IA64_PRIV_OTHERS,
		      "%s: not IA64_PRIV_OTHERS", others[i]);
	}
	for (i = 0; i < ARRAY_SIZE(own); i++) {
		e = find(own[i]);
		check(e && !priv_of[e - events], "%s: marked", own[i]);
	}
	check(nr_others == 41, "%u IA64_PRIV_OTHERS events", nr_others);
}

int main(void)
{
	unsigned int i;

	check(NR_EVENTS == NR_EVENTS_EXPECTED, "%zu events, expected %d",
	      NR_EVENTS, NR_EVENTS_EXPECTED);
	check(EV_NR == NR_EVENTS, "identifier count %d != event count %zu",
	      EV_NR, NR_EVENTS);
	check(NR_GROUPED == NR_GROUPED_EXPECTED,
	      "%zu grouped events, expected %d", NR_GROUPED,
	      NR_GROUPED_EXPECTED);
	check(NR_EAR == NR_EAR_EXPECTED, "%zu EAR presets, expected %d",
	      NR_EAR, NR_EAR_EXPECTED);
	check(EARCHK_NR == NR_LIBPFM_ENTRIES,
	      "%d events and EAR presets, libpfm has %d", EARCHK_NR,
	      NR_LIBPFM_ENTRIES);

	for (i = 0; i < NR_EVENTS; i++)
		check_entry(&events[i]);
	check_pairs();
	check_selections();
	check_groups();
	check_ears();
	check_facts();
	check_priv();

	printf("itanium2-events: %u passed, %u failed\n", passed, failed);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
